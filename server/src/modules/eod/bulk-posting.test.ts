import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { appendAudit } from '../../db/audit-log.ts';
import { postEntry } from '../ledger/index.ts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { eodProducts, openAccount, setBusinessDate } from '../../../test/support/eod.ts';

type Line = { accountId: number; side: 'credit' | 'debit'; amount: string; balanceAfter?: string };

let n = 0;
/**
 * Posts `lines` as the transaction's declared bulk entry (as end of day does): one INSERT … SELECT of
 * customer lines, the other side on 1900 Suspense, an audit row. Throws the database's refusal.
 */
async function bulkPost(db: Database, lines: Line[]): Promise<void> {
  await db.transaction(async (tx) => {
    const [e] = await queryRows<{ id: string }>(
      tx,
      sql`insert into journal_entries (business_date, value_date, narration, source, reference)
          values (current_business_date(), current_business_date(), 'bulk test', 'end_of_day', ${`BULK-TEST-${++n}-${Date.now()}`})
          returning id::text`,
    );
    const id = e!.id;
    await tx.execute(sql`select set_config('ledger.bulk_entry', ${id}, true)`);
    await tx.execute(sql`
      insert into transactions (account_id, posted_at, value_date, description, amount, direction, balance_after, reference, entry_id)
      select l.account_id, clock_timestamp(), current_business_date(), 'bulk', l.amount, l.side,
             coalesce(l.balance_after, a.balance + case l.side when 'credit' then l.amount else -l.amount end), 'BULK', ${id}::bigint
        from jsonb_to_recordset(${JSON.stringify(lines.map((l) => ({ account_id: l.accountId, side: l.side, amount: l.amount, balance_after: l.balanceAfter ?? null })))}::jsonb)
             as l(account_id bigint, side text, amount numeric, balance_after numeric)
        join accounts a on a.id = l.account_id order by a.id`);
    await tx.execute(sql`select set_config('ledger.bulk_entry', '', true)`);
    await tx.execute(sql`
      insert into gl_lines (entry_id, gl_code, currency, side, amount)
      select ${id}::bigint, '1900', 'SLE', case when net > 0 then 'debit' else 'credit' end, abs(net)
        from (select sum(case direction when 'credit' then amount else -amount end) as net from transactions where entry_id = ${id}::bigint) s
       where net <> 0`);
    await appendAudit(tx, {
      action: 'test.bulk',
      outcome: 'success',
      actorEmail: 'test',
      details: { entryId: Number(id) },
    });
  });
}

const constraintOf = (err: unknown): string | undefined => {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const c = (e as { constraint?: string }).constraint;
    if (c) return c;
    if ((e as { cause?: unknown }).cause === e) break;
  }
  return undefined;
};

const balances = async (db: Database, ids: number[]) =>
  (
    await queryRows<{ id: string; balance: string }>(
      db,
      sql`select id::text, balance::text from accounts where id = any(${`{${ids.join(',')}}`}::bigint[]) order by id`,
    )
  ).map((r) => r.balance);

describe('the bulk posting path: the posting trigger’s rules, checked per statement', () => {
  let t: TestApp;
  const ids: number[] = [];
  let closed: number;
  let blocked: number;
  beforeAll(async () => {
    t = await createTestApp();
    await eodProducts(t.app);
    await setBusinessDate(t.app, '2026-11-24');
    for (let i = 0; i < 6; i++)
      ids.push(
        (await openAccount(t.app, { product: 'E-CUR', deposit: '1000.00', overdraftLimit: '500.00' })).id,
      );
    closed = (await openAccount(t.app, { product: 'E-SAV' })).id;
    await t.app.db.execute(
      sql`update accounts set status = 'Closed', closed_on = current_business_date() where id = ${closed}`,
    );
    blocked = (await openAccount(t.app, { product: 'E-SAV', deposit: '50.00' })).id;
    await t.app.db.execute(
      sql`update accounts set status = 'Blocked', block_kind = 'debit' where id = ${blocked}`,
    );
  });
  afterAll(() => t.close());

  it('applies a good batch and refuses each bad line by the row trigger’s own rule, changing nothing', async () => {
    await bulkPost(t.app.db, [
      { accountId: ids[0]!, side: 'credit', amount: '10.00' },
      { accountId: ids[1]!, side: 'debit', amount: '20.00' },
      { accountId: blocked, side: 'credit', amount: '1.00' },
    ]);
    expect(await balances(t.app.db, [ids[0]!, ids[1]!, blocked])).toEqual(['1010.00', '980.00', '51.00']);
    const before = await balances(t.app.db, ids);
    const cases: [Line[], string][] = [
      [
        [{ accountId: ids[2]!, side: 'credit', amount: '5.00', balanceAfter: '9999.00' }],
        'transactions_running_balance',
      ],
      [[{ accountId: closed, side: 'credit', amount: '5.00' }], 'transactions_account_open'],
      [[{ accountId: blocked, side: 'debit', amount: '5.00' }], 'transactions_debit_blocked'],
      [[{ accountId: ids[3]!, side: 'debit', amount: '1600.00' }], 'accounts_balance_check'],
      [
        [
          { accountId: ids[4]!, side: 'credit', amount: '1.00' },
          { accountId: ids[4]!, side: 'credit', amount: '2.00' },
        ],
        'transactions_running_balance',
      ],
    ];
    for (const [lines, rule] of cases) {
      const err = await bulkPost(t.app.db, [
        { accountId: ids[5]!, side: 'credit', amount: '1.00' },
        ...lines,
      ]).catch((e: unknown) => e);
      expect(constraintOf(err), rule).toBe(rule);
    }
    await t.app.db.execute(
      sql`insert into account_holds (account_id, amount, reason, placed_by) values (${ids[3]}, 1200, 'lien', 'test')`,
    );
    const held = await bulkPost(t.app.db, [{ accountId: ids[3]!, side: 'debit', amount: '400.00' }]).catch(
      (e: unknown) => e,
    );
    expect(constraintOf(held)).toBe('transactions_available');
    expect(await balances(t.app.db, ids)).toEqual(before);
    const bad = await queryRows(t.app.db, sql`select * from ledger_violations()`);
    expect(bad).toEqual([]);
  });

  it('random bulk batches among ordinary postings keep every ledger invariant (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            who: fc.integer({ min: 0, max: 5 }),
            side: fc.constantFrom('credit' as const, 'debit' as const),
            cents: fc.integer({ min: 1, max: 200_000 }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        fc.integer({ min: 1, max: 50_000 }),
        async (batch, transferCents) => {
          const lines = [...new Map(batch.map((b) => [b.who, b])).values()].map((b) => ({
            accountId: ids[b.who]!,
            side: b.side,
            amount: (b.cents / 100).toFixed(2),
          }));
          const before = await balances(t.app.db, ids);
          const transfer = postEntry(t.app.db, {
            source: 'transfer',
            narration: 'between customers',
            lines: [
              { accountId: ids[0]!, side: 'debit', amount: (transferCents / 100).toFixed(2) },
              { accountId: ids[5]!, side: 'credit', amount: (transferCents / 100).toFixed(2) },
            ],
            audit: { action: 'test.transfer', targetType: 'account', targetId: String(ids[0]) },
          }).then(
            () => true,
            () => false,
          );
          const bulk = bulkPost(t.app.db, lines).then(
            () => true,
            () => false,
          );
          const [movedT, movedB] = await Promise.all([transfer, bulk]);
          const after = await balances(t.app.db, ids);
          // Each side either applied whole or not at all.
          const expected = before.map((b, i) => {
            let c = Math.round(Number(b) * 100);
            if (movedT && i === 0) c -= transferCents;
            if (movedT && i === 5) c += transferCents;
            const l = movedB ? lines.find((x) => x.accountId === ids[i]) : undefined;
            if (l) c += (l.side === 'credit' ? 1 : -1) * Math.round(Number(l.amount) * 100);
            return (c / 100).toFixed(2);
          });
          expect(after).toEqual(expected);
          const bad = await queryRows(t.app.db, sql`select * from ledger_violations()`);
          expect(bad).toEqual([]);
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});
