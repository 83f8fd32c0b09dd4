/**
 * The end-of-day module's only door (docs/end-of-day.md): the calendar, the four-eyes run,
 * its background runner and live progress, the reports, and the points where other modules plug in.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calendarRoutes } from './calendar-routes.ts';
import { eodReportRoutes } from './reports/routes.ts';
import { registerEodRunCommand } from './run-command.ts';
import { eodRunRoutes } from './run-routes.ts';
import { EodRunner } from './runner.ts';
import { runners } from './runners.ts';

export {
  type EodHooks,
  type EodActor,
  type OpenTillSession,
  type StandingOrdersOutcome,
  type AutoDebitFailure,
  type LoanBookChunkArgs,
} from './registry.ts';
export { inLane, ONE_LANE, type Lane } from './lanes.ts';
export { EodRunner } from './runner.ts';
export { eodRunnerFor } from './runners.ts';
export { accruedInterestOf, settleInterestForClosing } from './closing-interest.ts';
export { noteReactivation } from './activity.ts';
export { eodViolations } from './invariants.ts';
export { dayFacts } from './calendar.ts';
export { holidaysOf } from './holidays.ts';

/** `/api/eod/…`, `/api/calendar/…`; starts the runner when the app is ready, stops it on close. */
export const eodRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEodRunCommand(app.approvals, app.eodHooks);
  await app.register(calendarRoutes);
  await app.register(eodRunRoutes);
  await app.register(eodReportRoutes);
  app.addHook('onReady', async () => {
    // A connection per lane, and one for the lease's renewal.
    const batch = await app.dbHandle.openBatch(app.config.eod.lanes + 1);
    const runner = new EodRunner(batch, {
      chunkRows: app.config.eod.chunkRows,
      lanes: app.config.eod.lanes,
      leaseSeconds: app.config.eod.leaseSeconds,
      pollMs: 1000,
      log: app.log,
      hooks: app.eodHooks,
    });
    runners.set(app.dbHandle, runner);
    runner.start();
    app.addHook('onClose', async () => {
      runners.delete(app.dbHandle);
      await runner.stop();
      await batch.close();
    });
  });
};
/** The end-of-day reports, for the built-reports catalogue (which runs them in the background). */
export { buildEodReport } from './reports/build.ts';
