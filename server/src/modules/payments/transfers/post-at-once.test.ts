import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/support/harness.ts';
import {
  balanceOf,
  fundedAccount,
  ledgerViolations,
  paymentsScene,
} from '../../../../test/support/payments.ts';
import type { Database } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { transferEntry } from '../../ledger/index.ts';
import { postTransferAtOnce } from './post-at-once.ts';
import type { TransferPreflight } from './preflight.ts';

/** The one-transaction path of POST /api/transfers (ADR 0032), called directly. */
describe('postTransferAtOnce', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof paymentsScene>>;
  let from = '';
  let to = '';
  beforeAll(async () => {
    t = await createTestApp();
    s = await paymentsScene(t.app);
    from = await fundedAccount(t.app, s.boss, { balance: '1000' });
    to = await fundedAccount(t.app, s.boss);
  });
  afterAll(() => t.close());

  const query = (reference: string) => ({
    from,
    to,
    reference,
    userId: s.officer.userId,
    isSuperuser: false,
  });
  const entry = (checks: TransferPreflight, tx: Database, reference: string, amount: string) =>
    transferEntry(
      tx,
      { from_account: from, to_account: to, amount, narration: 'At once', reference },
      { id: s.officer.userId, email: s.officer.email },
      {},
      checks,
    );
  const kept = async (reference: string) => {
    const [r] = await queryRows<{ entries: string; audits: string }>(
      t.app.db,
      sql`select (select count(*) from journal_entries where reference = ${reference}) as entries,
                 (select count(*) from audit_log where details->>'reference' = ${reference}) as audits`,
    );
    return [Number(r!.entries), Number(r!.audits)];
  };

  it('locks both accounts with the statement that reads the checks, then posts on them in that transaction', async () => {
    let lockedByThisTransaction: boolean[] = [];
    const posted = await postTransferAtOnce(t.app.db, query('AT-ONCE-1'), async (checks, tx) => {
      // A row this transaction locked carries its transaction id in xmax.
      lockedByThisTransaction = (
        await queryRows<{ mine: boolean }>(
          tx,
          sql`select xmax::text = (pg_current_xact_id()::text::bigint % 4294967296)::text as mine
              from accounts where account_number in (${from}, ${to})`,
        )
      ).map((r) => r.mine);
      expect(checks.locked.map((a) => a.account_number).sort()).toEqual([from, to].sort());
      return entry(checks, tx, 'AT-ONCE-1', '25');
    });
    expect(lockedByThisTransaction).toEqual([true, true]);
    expect(posted?.entry.reference).toBe('AT-ONCE-1');
    expect([await balanceOf(t.app, from), await balanceOf(t.app, to)]).toEqual(['975.00', '25.00']);
    expect(await kept('AT-ONCE-1')).toEqual([1, 1]);
  });

  it('keeps nothing and answers null when the plan declines or the ledger refuses', async () => {
    expect(await postTransferAtOnce(t.app.db, query('AT-ONCE-2'), async () => null)).toBeNull();
    // More than the account holds: the posting trigger refuses; the full path answers and audits it.
    const refused = await postTransferAtOnce(t.app.db, query('AT-ONCE-3'), (checks, tx) =>
      entry(checks, tx, 'AT-ONCE-3', '5000'),
    );
    expect(refused).toBeNull();
    expect([await kept('AT-ONCE-2'), await kept('AT-ONCE-3')]).toEqual([
      [0, 0],
      [0, 0],
    ]);
    expect(await balanceOf(t.app, from)).toBe('975.00');
    expect(await ledgerViolations(t.app)).toEqual([]);
  });
});
