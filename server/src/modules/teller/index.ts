/**
 * The teller module's only door (docs/teller.md): till sessions and the vault, cash deposits and
 * withdrawals, receipts, the CTR list and proof. End of day asks `openTillSessions` before it runs.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tellerCashRoutes } from './cash-routes.ts';
import { registerTellerCommands } from './commands.ts';
import { ctrRoutes } from './ctr-routes.ts';
import { proofRoutes } from './proof-routes.ts';
import { receiptRoutes } from './receipt-routes.ts';
import { tellerSessionRoutes } from './session-routes.ts';
import { tillRoutes } from './till-routes.ts';
import { withdrawalCheckRoutes } from './withdrawal-check-routes.ts';

export const tellerRoutes: FastifyPluginAsyncZod = async (app) => {
  registerTellerCommands(app.approvals);
  await app.register(tellerSessionRoutes);
  await app.register(tellerCashRoutes);
  await app.register(receiptRoutes);
  await app.register(ctrRoutes);
  await app.register(proofRoutes);
  await app.register(tillRoutes);
  await app.register(withdrawalCheckRoutes);
};

export { openTillSessions } from './open-sessions.ts';
export { ctrGroupsSql, ctrTransactionsSql, type CtrRange } from './ctr-aggregate.ts';
export { DEMO_TELLER_STAFF, DEMO_TILLS, tellerDemoStep } from './demo-seed.ts';
export { openTillOf, type OpenTill } from './till-of.ts';
export { recordTillCash, type TillCashRecord } from './till-cash-record.ts';
