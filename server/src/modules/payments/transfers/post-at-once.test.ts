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

/** The common path of POST /api/transfers (ADR 0043), called directly. */
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

  it("reads the checks with the day's totals in one statement, then posts in one call", async () => {
    const posted = await postTransferAtOnce(t.app.db, query('AT-ONCE-1'), async (checks, db) => {
      expect([checks.from.number, checks.to.number]).toEqual([from, to]);
      expect(checks.dailyTotals).toEqual({ maker: '0', account: '0' });
      return entry(checks, db, 'AT-ONCE-1', '25');
    });
    expect(posted?.entry.reference).toBe('AT-ONCE-1');
    expect([await balanceOf(t.app, from), await balanceOf(t.app, to)]).toEqual(['975.00', '25.00']);
    expect(await kept('AT-ONCE-1')).toEqual([1, 1]);
    const totals = await postTransferAtOnce(t.app.db, query('AT-ONCE-1b'), async (checks) => {
      expect(checks.dailyTotals?.account).toBe('25.00');
      return null;
    });
    expect(totals).toBeNull();
  });

  it('posts nothing over the day cap, read again under the account lock, even when two race', async () => {
    const capped = (reference: string, limit: string) =>
      postTransferAtOnce(t.app.db, query(reference), async (checks, db) => ({
        ...(await entry(checks, db, reference, '10')),
        accountDayCap: { accountId: checks.from.id, sources: ['transfer'], limit },
      }));
    // 25.00 moved today already: 10 more is 35.00, over a cap of 30.00.
    expect(await capped('AT-ONCE-CAP-1', '30.00')).toBeNull();
    expect(await kept('AT-ONCE-CAP-1')).toEqual([0, 0]);
    // Two at once, room for one (25 + 10 <= 40 < 25 + 20): exactly one posts.
    const both = await Promise.all([capped('AT-ONCE-CAP-2', '40.00'), capped('AT-ONCE-CAP-3', '40.00')]);
    expect(both.filter((p) => p !== null)).toHaveLength(1);
    expect(await balanceOf(t.app, from)).toBe('965.00');
    expect(await ledgerViolations(t.app)).toEqual([]);
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
    expect(await balanceOf(t.app, from)).toBe('965.00');
    expect(await ledgerViolations(t.app)).toEqual([]);
  });
});
