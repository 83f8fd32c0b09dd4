/**
 * The ledger module's only door, and the only writer of money. Three ways in: post (postEntry;
 * postTransaction for one customer line against a counter-account), post once by reference
 * (postEntryOnce, postTransactionOnce; postForRoute for a route) and post in bulk (postBulkEntry: one
 * entry of many lines; postManyEntries: many entries, each its own, by a fixed number of statements).
 * Also its refusals and their one HTTP answer (ledgerHttpError), and the /api routes for manual
 * journals, the journal, the chart and the business date. Transfers and reversals are posted through
 * it by the payments module.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ledgerPostingRoutes } from './posting-routes.ts';
import { ledgerReadRoutes } from './read-routes.ts';

export { LedgerError, OverDayCap } from './ledger-error.ts';
export {
  postEntry,
  type Actor,
  type LockedAccount,
  type EntryInput,
  type EntryLine,
  type PostedAccountLine,
  type PostedEntry,
} from './post-entry.ts';
export { postEntryOnce, type PostOnceResult as EntryOnceResult } from './post-entry-once.ts';
export { postTransaction, type Posting, type PostingInput } from './account-posting.ts';
export { postTransactionOnce, type TransactionOnceResult } from './account-posting-once.ts';
export {
  postBulkEntry,
  type BulkEntryInput,
  type PerAccountBulkInput,
  type PostedBulkEntry,
  type PostedPerAccount,
  type RefusedLine,
} from './post-bulk-entry.ts';
export { transferEntry, FX_POSITION_GL, type TransferAccount } from './transfer.ts';
export { postTransferOnce } from './transfer-once.ts';
export { reversalEntry } from './reversal.ts';
export { getEntry, entryBranches, entryIdByReference, entryByReferenceSql } from './entry-repository.ts';
export { postForRoute, auditRefusal, ledgerHttpError } from './http-posting.ts';
export { fromCents, toCents } from './money.ts';
export { backValueRefused, outsideValueDateWindow } from './value-date-window.ts';

export const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(ledgerPostingRoutes);
  await app.register(ledgerReadRoutes);
};
export { declareBulkEntry, endBulkEntry } from './bulk-declaration.ts';
export { postManyEntries, type ManyEntry, type ManyEntriesInput } from './bulk-many-entries.ts';
