import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { RETURNS_TEXT, type PreparedReturns } from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { postTestEntry } from '../../../test/support/journal-entries.ts';
import { addDays, lineOf, returnsScene } from '../../../test/support/regulatory-returns.ts';

/** Preparing a month end's BSL returns over HTTP: the figures, the reconciliation, the refusals. */
describe('GET /api/regulatory-returns/prepare', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof returnsScene>>;
  let r: PreparedReturns;

  beforeAll(async () => {
    t = await createTestApp();
    s = await returnsScene(t);
    r = await s.prepare();
  });
  afterAll(() => t.close());

  it('prepares every template for the month end beside the previous one, reconciled to 0.00', () => {
    expect(r.monthEnd).toBe(s.monthEnd);
    expect(r.previousMonthEnd).toBe(s.previous);
    expect(r.returns.map((x) => x.code)).toEqual([
      'sofp',
      'income',
      'deposits_type',
      'deposits_sector',
      'loans_sector',
      'loans_classification',
      'liquidity',
      'fx_position',
      'large_exposures',
    ]);
    expect(r.reconciled).toBe(true);
    for (const ret of r.returns) {
      expect(ret.checks.length).toBeGreaterThan(0);
      for (const c of ret.checks) expect(c.difference).toBe('0.00');
    }
    expect(r.fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });

  it('reads the statement of financial position from the trial balance, with the previous month and variance', () => {
    expect(lineOf(r, 'sofp', 'bsl')).toMatchObject({
      current: { SLE: '1000000.00', USD: '0.00' },
      previous: { SLE: '1000000.00', USD: '0.00' },
      variance: { SLE: '0.00', USD: '0.00' },
    });
    // Vault cash: 5,000 + 20,000.25 in, 150,000 lent out.
    expect(lineOf(r, 'sofp', 'cash_vault').current.SLE).toBe('-124999.75');
    expect(lineOf(r, 'sofp', 'loans')).toMatchObject({
      current: { SLE: '150000.00' },
      previous: { SLE: '0.00' },
      variance: { SLE: '150000.00' },
    });
    expect(lineOf(r, 'sofp', 'total_assets').current).toEqual({ SLE: '1025000.25', USD: '250.50' });
    expect(lineOf(r, 'sofp', 'total_liabilities').current.SLE).toBe('25000.25');
    expect(lineOf(r, 'sofp', 'current_result').current.USD).toBe('250.50');
    expect(lineOf(r, 'sofp', 'total_liabilities_equity').current).toEqual({
      SLE: '1025000.25',
      USD: '250.50',
    });
    expect(lineOf(r, 'sofp', 'assets')).toMatchObject({ kind: 'heading', current: { SLE: null, USD: null } });
    const check = r.returns[0]!.checks.find((c) => c.line === 'total_assets' && c.currency === 'SLE');
    expect(check).toEqual({
      line: 'total_assets',
      label: 'Total assets',
      currency: 'SLE',
      returnTotal: '1025000.25',
      trialBalance: '1025000.25',
      difference: '0.00',
    });
  });

  it('breaks deposits down by account type and by sector, and loans by sector', () => {
    expect(lineOf(r, 'deposits_type', 'savings').current.SLE).toBe('5000.00');
    expect(lineOf(r, 'deposits_type', 'current').current.SLE).toBe('20000.25');
    expect(lineOf(r, 'deposits_type', 'total_deposits').current.SLE).toBe('25000.25');
    expect(lineOf(r, 'deposits_sector', 'households').current.SLE).toBe('5000.00');
    expect(lineOf(r, 'deposits_sector', 'enterprises').current.SLE).toBe('20000.25');
    expect(lineOf(r, 'loans_sector', 'households').current.SLE).toBe('150000.00');
    expect(lineOf(r, 'income', 'fees').current.USD).toBe('250.50');
    expect(lineOf(r, 'income', 'net_result').current.USD).toBe('250.50');
  });

  it('counts a Loan account with no loan-book record as not classified, and computes liquidity and large exposures', () => {
    expect(lineOf(r, 'loans_classification', 'substandard')).toMatchObject({
      kind: 'loan',
      current: { SLE: '0.00', USD: '0.00' },
    });
    expect(lineOf(r, 'loans_classification', 'unclassified').current.SLE).toBe('150000.00');
    expect(lineOf(r, 'loans_sector', 'sector_unrecorded').current.SLE).toBe('150000.00');
    expect(r.returns.find((x) => x.code === 'loans_classification')!.reconciled).toBe(true);
    // Liquid: 1,000,000 at BSL less 124,999.75 vault = 875,000.25 over 25,000.25 of deposits: 3499.965 %, half up.
    expect(lineOf(r, 'liquidity', 'liquid_assets').current.SLE).toBe('875000.25');
    expect(lineOf(r, 'liquidity', 'liquidity_ratio')).toMatchObject({
      unit: 'percent',
      current: { SLE: '3499.97', USD: null },
    });
    expect(lineOf(r, 'large_exposures', 'large_count')).toMatchObject({
      unit: 'count',
      current: { SLE: '1', USD: '0' },
      previous: { SLE: '0' },
      variance: { SLE: '1' },
    });
    expect(lineOf(r, 'large_exposures', 'large_sum').current.SLE).toBe('150000.00');
    expect(lineOf(r, 'fx_position', 'net_position').current.USD).toBe('250.50');
  });

  it('reads the month as it stood: postings after the month end do not count, back-dated ones do', async () => {
    await postTestEntry(t.app.db, [
      { gl: '1030', side: 'debit', amount: '99.00', currency: 'SLE' },
      { gl: '3010', side: 'credit', amount: '99.00', currency: 'SLE' },
    ]);
    expect(lineOf(await s.prepare(), 'sofp', 'bsl').current.SLE).toBe('1000000.00');
    await postTestEntry(
      t.app.db,
      [
        { gl: '1030', side: 'debit', amount: '1.01', currency: 'SLE' },
        { gl: '3010', side: 'credit', amount: '1.01', currency: 'SLE' },
      ],
      { on: s.inMonth },
    );
    const again = await s.prepare();
    expect(lineOf(again, 'sofp', 'bsl').current.SLE).toBe('1000001.01');
    expect(again.reconciled).toBe(true);
    expect(again.fingerprint).not.toBe(r.fingerprint);
  });

  it('shows a difference when a GL account is mapped to no line', async () => {
    await t.app.db.execute(
      sql`delete from return_gl_mappings where template_code = 'sofp' and line_code = 'bsl'`,
    );
    try {
      const broken = await s.prepare();
      const check = broken.returns[0]!.checks.find((c) => c.line === 'total_assets' && c.currency === 'SLE');
      expect(check?.difference).toBe('-1000001.01');
      expect(broken.reconciled).toBe(false);
    } finally {
      await t.app.db.execute(
        sql`insert into return_gl_mappings (template_code, line_code, gl_pattern) values ('sofp', 'bsl', '1030%')`,
      );
    }
  });

  it('refuses a date that is not a month end, an impossible date, and a month not yet ended (400, details)', async () => {
    for (const monthEnd of ['2026-10-30', '2026-02-30', 'x', '2026-02-29']) {
      const res = await s.call(
        'GET',
        `/api/regulatory-returns/prepare?monthEnd=${monthEnd}`,
        s.staff.accountant,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().details[0].message).toBe(RETURNS_TEXT.monthEnd);
    }
    // The end of next month: always after the business date, even when that date is itself a month end.
    const firstOfMonthAfter = (d: string) => addDays(d.slice(0, 8) + '01', 40).slice(0, 8) + '01';
    const endOfNextMonth = addDays(firstOfMonthAfter(firstOfMonthAfter(s.today)), -1);
    const res = await s.call(
      'GET',
      `/api/regulatory-returns/prepare?monthEnd=${endOfNextMonth}`,
      s.staff.accountant,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ path: '/monthEnd', message: RETURNS_TEXT.future }]);
  });

  it('needs a signed-in caller with reports.read', async () => {
    const url = `/api/regulatory-returns/prepare?monthEnd=${s.monthEnd}`;
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    expect((await s.call('GET', url, s.staff.teller)).statusCode).toBe(403);
    expect((await s.call('GET', url, s.staff.compliance)).statusCode).toBe(200);
  });

  it('lists the templates with the GL accounts each line reads', async () => {
    const res = await s.call('GET', '/api/regulatory-returns/templates', s.staff.accountant);
    expect(res.statusCode).toBe(200);
    const sofp = res.json()[0];
    expect(sofp.lines.find((l: { code: string }) => l.code === 'other_assets')).toMatchObject({
      kind: 'gl',
      side: 'debit',
      glPatterns: ['18%', '19%'],
    });
  });
});
