/**
 * The ledger module's only door: the double-entry engine (postEntry, postEntryOnce), its refusals, and
 * the /api routes for journals, transfers, reversals, the chart and the business date.
 */
import type { FastifyPluginAsync } from 'fastify';
import { ledgerPostingRoutes } from './posting-routes.ts';
import { ledgerReadRoutes } from './read-routes.ts';

export { LedgerError } from './ledger-error.ts';
export {
  postEntry,
  type Actor,
  type EntryInput,
  type EntryLine,
  type PostedAccountLine,
  type PostedEntry,
} from './post-entry.ts';
export { postEntryOnce, type PostOnceResult as EntryOnceResult } from './post-entry-once.ts';
export { transferEntry, FX_POSITION_GL } from './transfer.ts';
export { reversalEntry } from './reversal.ts';
export { getEntry } from './entry-repository.ts';
export { fromCents, toCents } from './money.ts';

export const ledgerRoutes: FastifyPluginAsync = async (app) => {
  await app.register(ledgerPostingRoutes);
  await app.register(ledgerReadRoutes);
};
