import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { EOD_STEPS, type EodReport, type TrialBalance } from '@bankmanager/contracts';
import { queryRows } from '../../db/rows.ts';
import type { TestApp } from '../../../test/support/harness.ts';
import { openAccount, runEndOfDay, teller, useEodScene, type EodStaff } from '../../../test/support/eod.ts';

describe('end-of-day reports and past-date trial balances', () => {
  let t: TestApp;
  let staff: EodStaff;
  let dormant: string;
  const scene = useEodScene('2026-10-29');
  beforeAll(async () => {
    ({ t, staff } = scene);
    await openAccount(t.app, { product: 'E-SAV', deposit: '1000000.00' });
    await openAccount(t.app, { product: 'E-USD', deposit: '5000.00' });
    dormant = (await openAccount(t.app, { product: 'E-SAV', openedOn: '2025-01-02' })).number;
    const a = await openAccount(t.app, { product: 'E-CUR', deposit: '1000.00' });
    await runEndOfDay(t, staff); // Thu 29 Oct
    await teller(t.app, a.id, 'debit', '100.00');
    await runEndOfDay(t, staff); // Fri 30 Oct: the month end (31 Oct is a Saturday)
  });

  const get = (path: string) => staff.call('GET', path, staff.maker);

  it('the daily report lists every step of the day with what it did', async () => {
    const res = await get('/api/eod/reports/daily?date=2026-10-30');
    expect(res.statusCode).toBe(200);
    const r = res.json<EodReport>();
    expect(r.rows).toHaveLength(EOD_STEPS.length);
    expect(r.rows.find((x) => x[0] === 'Interest posting with 15% withholding tax')?.[7]).toMatch(
      /WHT: Le \d/,
    );
    expect(r.subtitle[0]).toBe('Business date 2026-10-30 → 2026-11-02');
  });

  it('WHT due to NRA for the month equals the WHT payable accounts, per currency', async () => {
    const res = await get('/api/eod/reports/wht?month=2026-10');
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json<EodReport>();
    const gl = await queryRows<{ currency: string; due: string }>(
      t.app.db,
      sql`select currency, (-sum(case side when 'debit' then amount else -amount end))::text as due
            from gl_lines where gl_code in ('2520', '2521') group by currency order by currency`,
    );
    expect(r.totals.map((row) => [row[2], row[6]])).toEqual(gl.map((g) => [g.currency, g.due]));
  });

  it('interest accrued and paid by product and branch adds up to the postings', async () => {
    const r = (await get('/api/eod/reports/interest?from=2026-10-01&to=2026-10-31')).json<EodReport>();
    const sav = r.rows.find((row) => row[0] === 'E-SAV')!;
    // Paid: 29 to 31 Oct, three days of 136.9863013699 → 410.96 gross, 61.64 WHT, 349.32 net. Accrued on
    // those business dates: the same 410.96 and, booked on the 30th too, 1 Nov on the new balance
    // (1,000,349.32 × 5 / 36,500 less the carried 0.0041) → 137.03.
    expect(sav.slice(3, 7)).toEqual(['547.99', '410.96', '61.64', '349.32']);
  });

  it('dormant accounts newly marked, as JSON, CSV and PDF', async () => {
    const r = (await get('/api/eod/reports/dormant?date=2026-10-29')).json<EodReport>();
    expect(r.rows.map((row) => row[0])).toEqual([dormant]);
    const csv = await get('/api/eod/reports/dormant?date=2026-10-29&format=csv');
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toContain(dormant);
    const pdf = await get('/api/eod/reports/dormant?date=2026-10-29&format=pdf');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await get('/api/eod/reports/nonsense')).statusCode).toBe(400);
    expect((await get('/api/eod/reports/wht?month=2026-13')).statusCode).toBe(400);
  });

  it('a past date’s trial balance is its snapshot plus that day’s journals, equal to every line summed', async () => {
    for (const date of ['2026-10-29', '2026-10-30', '2026-10-31']) {
      const tb = (await get(`/api/gl/trial-balance?date=${date}`)).json<TrialBalance>();
      expect(tb.balanced).toBe(true);
      const naive = await queryRows<{ code: string; currency: string; net: string }>(
        t.app.db,
        sql`select code, currency, net::numeric(18,2)::text as net from (
              select l.gl_code as code, l.currency, sum(case l.side when 'debit' then l.amount else -l.amount end) as net
                from gl_lines l join journal_entries e on e.id = l.entry_id where e.business_date <= ${date}::date group by 1, 2
              union all
              select a.ledger_code, a.currency, sum(case t.direction when 'credit' then -t.amount else t.amount end)
                from transactions t join accounts a on a.id = t.account_id join journal_entries e on e.id = t.entry_id
               where e.business_date <= ${date}::date group by 1, 2) x
             where net <> 0 order by code, currency`,
      );
      const shown = tb.rows.map((r) => ({
        code: r.code,
        currency: r.currency,
        net: r.debit !== '0.00' ? r.debit : `-${r.credit}`,
      }));
      expect(shown).toEqual(naive);
    }
  });
});
