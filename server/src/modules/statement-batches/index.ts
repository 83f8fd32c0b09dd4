/**
 * The statement-batches module's only door (ADR 0060): Reports → Statement Printing's routes and the
 * background worker that prints the batches.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DbHandle } from '../../db/client.ts';
import { statementBatchRoutes } from './routes.ts';
import { StatementBatchWorker } from './worker.ts';

export { StatementBatchWorker, STATEMENTS_BUCKET } from './worker.ts';

const workers = new WeakMap<DbHandle, StatementBatchWorker>();
/** This app's worker (tests and the bench wait on it), by its database handle. */
export const statementWorkerFor = (handle: DbHandle) => workers.get(handle);

/** `/api/statement-batches…`; starts the worker when the app is ready, stops it on close. */
export const statementBatchesModule: FastifyPluginAsyncZod = async (app) => {
  let worker: StatementBatchWorker | undefined;
  await app.register(statementBatchRoutes(() => worker?.kick()));
  app.addHook('onReady', async () => {
    const batch = await app.dbHandle.openBatch();
    const w = new StatementBatchWorker(batch, app.storage, {
      pageSize: 200,
      leaseSeconds: app.config.eod.leaseSeconds,
      pollMs: 2000,
      log: app.log,
    });
    worker = w;
    workers.set(app.dbHandle, w);
    w.start();
    app.addHook('onClose', async () => {
      workers.delete(app.dbHandle);
      await w.stop();
      await batch.close();
    });
  });
};
