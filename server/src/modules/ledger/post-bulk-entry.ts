import type { Database } from '../../db/client.ts';
import { postAllOrNothing, type BulkEntryInput, type PostedBulkEntry } from './bulk-all-or-nothing.ts';
import { postPerAccount, type PerAccountBulkInput, type PostedPerAccount } from './bulk-per-account.ts';

export type { BulkEntryInput, PostedBulkEntry } from './bulk-all-or-nothing.ts';
export type { PerAccountBulkInput, PostedPerAccount, RefusedLine } from './bulk-per-account.ts';

/**
 * Posts one journal entry with many customer lines, set-based: the ledger's one bulk path. Both
 * ways declare the entry as the transaction's bulk entry, so the posting trigger checks the lines per
 * statement with the same rules as a single posting.
 *
 * With `recordRefused` (end of day), an account the trigger refuses is handed to the recorder and the
 * others post; without it (a salary batch), any refusal refuses the whole entry.
 *
 * The two stay separate implementations because they differ in more than what a refusal does. A
 * salary batch posts in the middle of the day beside single postings, so it locks every account up
 * front in postEntry's order (no deadlock), names a fixed customer line (the employer's debit),
 * knows its balance before writing, and splits 10,000 lines into statements the driver's timeout
 * allows. End of day posts while the day is closing, in chunks it already sizes, and its GL lines
 * are summed from whichever lines posted, so the entry's other side is known only after the refused
 * accounts were found by halving the batch in savepoints. One implementation would have to carry
 * both sets of rules, and a salary batch would pay for savepoints it never keeps.
 */
export function postBulkEntry(db: Database, input: BulkEntryInput): Promise<PostedBulkEntry>;
export function postBulkEntry(db: Database, input: PerAccountBulkInput): Promise<PostedPerAccount>;
export function postBulkEntry(
  db: Database,
  input: BulkEntryInput | PerAccountBulkInput,
): Promise<PostedBulkEntry | PostedPerAccount> {
  return 'recordRefused' in input ? postPerAccount(db, input) : postAllOrNothing(db, input);
}
