/**
 * The built-reports module's only door (README.md, docs/decisions/0059-built-reports-runs-schedules-inbox.md):
 * the catalogue's runs in the background, schedules for a role enqueued by end of day, the report inbox.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { builtReportRoutes as routes } from './routes.ts';
import { ReportWorker, workers } from './worker.ts';

export { enqueueDue as enqueueScheduledReports } from './schedules.ts';
export { reportWorkerFor, type ReportWorker } from './worker.ts';

/** `/api/built-reports/…`; starts this server's report worker when the app is ready, stops it on close. */
export const builtReportRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(routes);
  app.addHook('onReady', async () => {
    const worker = new ReportWorker(app.db, app.reportReads, {
      pollMs: 1000,
      leaseSeconds: 600,
      log: app.log,
    });
    workers.set(app.dbHandle, worker);
    worker.start();
    app.addHook('onClose', async () => {
      workers.delete(app.dbHandle);
      await worker.stop();
    });
  });
};
