import type { Database } from '../../db/client.ts';
import { refuse } from './refusals.ts';
import { activeSessionOf } from './session-repository.ts';
import { tellerCashGl } from './vault.ts';

/** A till open for cash, as another module posts to it (a loan repayment or disbursement at the counter). */
export interface OpenTill {
  sessionId: string;
  branch: string;
  tillCode: string;
  currency: string;
  /** The till's cash now (the session is locked, so it holds until the caller's transaction ends). */
  balance: string;
  /** Teller cash of the branch: the line names the session, so the till's balance moves with it. */
  glCode: string;
}

/**
 * The caller's open till session, locked like a cash deposit locks it (the teller's postings take
 * turns, other tills never wait); 409 till_closed when the teller has none open.
 */
export async function openTillOf(tx: Database, tellerId: string): Promise<OpenTill> {
  const s = await activeSessionOf(tx, tellerId, true);
  if (!s || s.status !== 'open') throw refuse('till_closed');
  return {
    sessionId: s.id,
    branch: s.branch,
    tillCode: s.tillCode,
    currency: s.currency,
    balance: s.balance,
    glCode: tellerCashGl(s.branch),
  };
}
