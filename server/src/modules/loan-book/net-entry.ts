import { sql } from 'drizzle-orm';
import { fromCents, type Currency } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { postEntry, type EntryInput, type EntryLine } from '../ledger/index.ts';

/** Net movements of one currency's GL accounts, in cents, debit positive. */
export type GlNets = Map<string, bigint>;

/** Adds `cents` (debit positive) to a GL's net. */
export function addNet(nets: GlNets, gl: string, cents: bigint): void {
  nets.set(gl, (nets.get(gl) ?? 0n) + cents);
}

/**
 * Posts one entry for a chunk's net movements in one currency: a line per GL that moved, on the side
 * its sign says. Netting keeps a chunk's entry to a handful of lines whatever the number of loans,
 * and a GL moved both ways by different loans shows once. Nothing when every net is zero (a rerun).
 */
export async function postNets(
  tx: Database,
  currency: Currency,
  nets: GlNets,
  entry: Omit<EntryInput, 'lines'>,
): Promise<void> {
  const lines: EntryLine[] = [];
  for (const [glCode, c] of nets) {
    if (c === 0n) continue;
    lines.push({ glCode, currency, side: c > 0n ? 'debit' : 'credit', amount: fromCents(c < 0n ? -c : c) });
  }
  if (lines.length === 0) return;
  await postEntry(tx, { ...entry, lines });
  // postEntry leaves the balance check immediate: the next entry of this transaction starts deferred.
  await tx.execute(sql`set constraints journal_entries_balanced deferred`);
}
