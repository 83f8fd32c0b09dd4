import { sql } from 'drizzle-orm';
import {
  countProblem,
  TELLER_TEXT,
  type CashCount,
  type Currency,
  type SessionOpen,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { violatedConstraint } from '../../lib/db-errors.ts';
import { HttpError } from '../../lib/http-error.ts';
import { writeAudit } from '../audit/index.ts';
import { postEntry, toCents } from '../ledger/index.ts';
import type { Teller } from './caller.ts';
import { asRefusal, refuse } from './refusals.ts';
import { assertTillUsable } from './tills.ts';
import { lockedVaultBalance, tellerCashGl, vaultGl } from './vault.ts';

/**
 * A count that names a denomination its currency does not have is bad input (400 on the field); one
 * whose pieces do not add up to its total is the 409 `denomination_mismatch`.
 */
export function assertCount(currency: Currency, count: CashCount, field: string): void {
  const p = countProblem(currency, count);
  if (!p) return;
  if (p.kind === 'unknown') {
    const message = TELLER_TEXT.unknownDenomination(p.code);
    throw new HttpError(400, message, [{ path: `/${field}/denominations/${p.code}`, message }]);
  }
  throw refuse('denomination_mismatch', { counted: p.counted, total: count.total });
}

type OpenRequest = Omit<SessionOpen, 'tillCode'> & { tillCode: string };

async function sessionByReference(db: Database, reference: string) {
  const [r] = await queryRows<{
    id: string;
    teller_id: string;
    till_code: string;
    currency: string;
    allocation: string;
  }>(
    db,
    sql`select id, teller_id, till_code, currency, opening_allocation::text as allocation
        from till_sessions where reference = ${reference}`,
  );
  return r ?? null;
}

/** The same reference again: the first session if it asked for the same thing, else a conflict. */
async function replay(db: Database, teller: Teller, r: OpenRequest): Promise<string | null> {
  const s = await sessionByReference(db, r.reference);
  if (!s) return null;
  const same =
    s.teller_id === teller.id &&
    s.till_code === r.tillCode &&
    s.currency === r.currency &&
    toCents(s.allocation) === toCents(r.allocation.total);
  if (!same) throw refuse('reference_conflict');
  return s.id;
}

/**
 * Opens the teller's till session in `branch` with its allocation from the vault, counted by
 * denomination: one entry Dr teller cash (naming the session) / Cr the branch vault. One session per
 * teller and per till (unique partial indexes); the vault must hold the allocation.
 */
export async function openSession(
  db: Database,
  teller: Teller,
  r: OpenRequest,
  branch: string,
): Promise<{ id: string; replayed: boolean }> {
  assertCount(r.currency, r.allocation, 'allocation');
  const earlier = await replay(db, teller, r);
  if (earlier) return { id: earlier, replayed: true };
  const total = r.allocation.total;
  try {
    const id = await db.transaction(async (tx) => {
      await assertTillUsable(tx, branch, r.tillCode, teller.id);
      const [s] = await queryRows<{ id: string }>(
        tx,
        sql`insert into till_sessions (reference, branch_code, till_code, currency, teller_id, teller_email, business_date,
              opening_allocation, opening_denominations)
            values (${r.reference}, ${branch}, ${r.tillCode}, ${r.currency}, ${teller.id}, ${teller.email},
              current_business_date(), ${total}::numeric(18,2), ${JSON.stringify(r.allocation.denominations)}::jsonb)
            returning id`,
      );
      const id = s!.id;
      const details = { branch, till: r.tillCode, currency: r.currency, allocation: r.allocation };
      if (toCents(total) === 0n) {
        await writeAudit(tx, {
          action: 'teller.session_open',
          outcome: 'success',
          actorId: teller.id,
          actorEmail: teller.email,
          ip: teller.ip,
          targetType: 'till_session',
          targetId: id,
          details,
        });
        return id;
      }
      if (toCents(await lockedVaultBalance(tx, branch, r.currency)) < toCents(total))
        throw refuse('vault_short');
      const e = await postEntry(tx, {
        source: 'teller',
        narration: `Till ${r.tillCode} opened: allocation from the vault`,
        reference: `TLO-${r.reference}`,
        actor: teller,
        lines: [
          {
            glCode: tellerCashGl(branch),
            currency: r.currency,
            side: 'debit',
            amount: total,
            tillSessionId: id,
          },
          { glCode: vaultGl(branch), currency: r.currency, side: 'credit', amount: total },
        ],
        audit: { action: 'teller.session_open', targetType: 'till_session', targetId: id, details },
      });
      await tx.execute(sql`update till_sessions set opening_entry_id = ${e.id} where id = ${id}`);
      return id;
    });
    return { id, replayed: false };
  } catch (err) {
    const c = violatedConstraint(err);
    if (c === 'till_sessions_reference_unique' || c === 'journal_entries_reference_unique') {
      const winner = await replay(db, teller, r);
      if (winner) return { id: winner, replayed: true };
    }
    if (c === 'till_sessions_branch_code_branches_code_fk')
      throw new HttpError(404, `No branch with code ${branch}.`, [
        { path: '/branch', message: 'No such branch' },
      ]);
    throw asRefusal(err);
  }
}
