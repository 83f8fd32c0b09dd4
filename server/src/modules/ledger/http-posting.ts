import type { JournalEntry } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { conflict, HttpError, notFound } from '../../lib/http-error.ts';
import { writeAudit } from '../audit/index.ts';
import { getEntry } from './entry-repository.ts';
import { LedgerError } from './ledger-error.ts';
import { postEntryOnce } from './post-entry-once.ts';
import type { Actor, EntryInput } from './post-entry.ts';

/**
 * A ledger refusal as the HTTP answer, the same for every route that posts: 404 for a missing account
 * or entry, 400 for an amount, else 409 with `details.code` (plus `details`, e.g. the approval that
 * ran the posting).
 */
export function ledgerHttpError(err: LedgerError, details: Record<string, unknown> = {}): HttpError {
  if (err.code === 'account_not_found' || err.code === 'entry_not_found') return notFound(err.message);
  if (err.code === 'invalid_amount')
    return new HttpError(400, err.message, [{ path: '/amount', message: err.message }]);
  return conflict(err.message, { code: err.code, ...details });
}

/**
 * Posts for a route, at most once per reference: 201 with the entry, or 200 when the reference named
 * an earlier one. A refusal leaves an audit row of its own (the refused transaction rolled back
 * whole) and becomes its HTTP answer.
 */
export async function postForRoute(
  db: Database,
  who: {
    actor: Required<Pick<Actor, 'id' | 'email'>> & Actor;
    action: string;
    target: string;
    request: unknown;
  },
  build: () => Promise<EntryInput & { reference: string }>,
): Promise<{ status: 200 | 201; entry: JournalEntry }> {
  try {
    const r = await postEntryOnce(db, await build());
    // A fresh posting answers with the entry as posted; a replay reads the earlier one back.
    return { status: r.replayed ? 200 : 201, entry: r.posted?.entry ?? (await getEntry(db, r.entryId))! };
  } catch (err) {
    if (!(err instanceof LedgerError)) throw err;
    await auditRefusal(db, who, err.code);
    throw ledgerHttpError(err);
  }
}

/** The audit row of a refused request (written outside the rolled-back transaction). */
export async function auditRefusal(
  db: Database,
  who: { actor: Actor; action: string; target: string; request: unknown },
  reason: string,
): Promise<void> {
  await writeAudit(db, {
    action: who.action,
    outcome: 'failure',
    actorId: who.actor.id ?? null,
    actorEmail: who.actor.email ?? null,
    ip: who.actor.ip ?? null,
    targetType: 'journal_entry',
    targetId: who.target,
    details: { reason, request: who.request as Record<string, unknown> },
  });
}
