import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { fromCents, previousMonthEnd, toCents, type PreparedReturns } from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { setBusinessDate } from '../../../test/support/eod.ts';
import { loanScene } from '../../../test/support/loan-applications.ts';
import { disbursedLoan, runLoanBook } from '../../../test/support/loan-book.ts';
import { postTestEntry } from '../../../test/support/journal-entries.ts';
import { lineOf } from '../../../test/support/regulatory-returns.ts';
import { setRoles } from '../../../test/support/roles.ts';
import type { StaffUser } from '../../../test/support/staff-users.ts';
import { queryRows } from '../../db/rows.ts';
import { postEntry } from '../ledger/index.ts';

const plus = (d: string, n: number) =>
  new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** The last day of the month `d` falls in. */
const monthEndOf = (d: string) => previousMonthEnd(plus(`${d.slice(0, 7)}-01`, 40));

interface Snap extends Record<string, unknown> {
  loan_id: number;
  loan_class: string;
  principal: string;
  suspense: string;
  held: string;
}

/**
 * The returns' loan lines through the real server (PGlite, or PostgreSQL with TEST_DATABASE_URL), on a
 * loan book: A is disbursed first and never pays, so at the month end it is Substandard with interest in
 * suspense and a 150.00 provision; B is disbursed five days before the month end and is Current. The
 * previous month end has its own snapshot with A alone.
 */
describe('BSL returns: loan lines from the month-end loan snapshot', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof loanScene>>;
  let accountant: StaffUser;
  let compliance: StaffUser;
  let a = 0;
  let b = 0;
  let monthEnd = '';
  let previous = '';
  let r: PreparedReturns;
  const snap: Record<string, Snap[]> = {};

  const prepare = async () => {
    const res = await s.call('GET', `/api/regulatory-returns/prepare?monthEnd=${monthEnd}`, accountant);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PreparedReturns>();
  };
  const snapshot = (date: string) =>
    queryRows<Snap>(
      t.app.db,
      sql`select loan_id, loan_class, principal_outstanding::text as principal,
                 (interest_in_suspense + penalty_in_suspense)::text as suspense, provision_held::text as held
            from loan_daily_status where business_date = ${date}::date order by loan_id`,
    );

  beforeAll(async () => {
    t = await createTestApp();
    s = await loanScene(t.app);
    accountant = await s.makeStaff('activated', 'acct');
    compliance = await s.makeStaff('activated', 'compl');
    await setRoles(t.app, accountant.userId, ['accountant'], 'T01');
    await setRoles(t.app, compliance.userId, ['compliance'], 'T01');
    a = await disbursedLoan(t.app, s, '20000.00');
    const [due] = await queryRows<{ d: string }>(
      t.app.db,
      sql`select due_date::text as d from loan_instalments where loan_id = ${a} and instalment_number = 1`,
    );
    // Over 91 days late at the month end: Substandard (ADR 0067's default buckets).
    monthEnd = monthEndOf(plus(due!.d, 100));
    previous = previousMonthEnd(monthEnd);
    await runLoanBook(t.app, previous);
    await setBusinessDate(t.app, plus(monthEnd, -5));
    b = await disbursedLoan(t.app, s, '10000.00');
    await runLoanBook(t.app, monthEnd);
    // A provision on A after the night's classification; the snapshot row follows through the trigger.
    await t.app.db.transaction(async (tx) => {
      await postEntry(tx, {
        source: 'system',
        narration: 'Test provision',
        lines: [
          { glCode: '5040', currency: 'SLE', side: 'debit', amount: '150.00' },
          { glCode: '1490', currency: 'SLE', side: 'credit', amount: '150.00' },
        ],
        audit: { action: 'test.loan_provision', targetType: 'loan', targetId: String(a) },
      });
      await tx.execute(sql`update loans set provision_held = provision_held + 150 where id = ${a}`);
    });
    snap[monthEnd] = await snapshot(monthEnd);
    snap[previous] = await snapshot(previous);
    r = await prepare();
  });
  afterAll(() => t.close());

  const sum = (rows: Snap[], k: 'principal' | 'suspense' | 'held', cls?: string) =>
    fromCents(rows.filter((x) => !cls || x.loan_class === cls).reduce((t, x) => t + toCents(x[k]), 0n));

  it('the classification return: principal, suspense and provision per class from the month-end snapshot', () => {
    const now = snap[monthEnd]!;
    expect(now.map((x) => [x.loan_id, x.loan_class])).toEqual([
      [a, 'substandard'],
      [b, 'current'],
    ]);
    expect(toCents(now[0]!.suspense)).toBeGreaterThan(0n);
    const cls = (line: string) => lineOf(r, 'loans_classification', line);
    expect(cls('substandard')).toMatchObject({
      kind: 'loan',
      current: { SLE: now[0]!.principal, USD: '0.00' },
      previous: { SLE: sum(snap[previous]!, 'principal', 'substandard') },
    });
    expect(cls('current').current.SLE).toBe(now[1]!.principal);
    expect(cls('olem').current.SLE).toBe('0.00');
    expect(cls('unclassified').current.SLE).toBe('0.00');
    expect(cls('total_loans').current.SLE).toBe(sum(now, 'principal'));
    expect(cls('suspense_substandard').current.SLE).toBe(now[0]!.suspense);
    expect(cls('total_suspense').current.SLE).toBe(sum(now, 'suspense'));
    expect(cls('provision_substandard').current.SLE).toBe('150.00');
    expect(cls('net_loans').current.SLE).toBe(fromCents(toCents(sum(now, 'principal')) - 15000n));
    // Previous month: A alone; the variance is the difference, exactly.
    const prevTotal = sum(snap[previous]!, 'principal');
    expect(cls('total_loans').previous.SLE).toBe(prevTotal);
    expect(cls('total_loans').variance.SLE).toBe(
      fromCents(toCents(sum(now, 'principal')) - toCents(prevTotal)),
    );
    expect(r.returns.flatMap((x) => x.lines).some((l) => l.kind === 'unavailable')).toBe(false);
  });

  it('its totals equal the GL of the portfolio, suspense and provision accounts: difference 0.00', () => {
    const checks = r.returns.find((x) => x.code === 'loans_classification')!.checks;
    const sle = (line: string) => checks.find((c) => c.line === line && c.currency === 'SLE')!;
    expect(sle('total_loans')).toMatchObject({
      trialBalance: sum(snap[monthEnd]!, 'principal'),
      difference: '0.00',
    });
    expect(sle('total_suspense')).toMatchObject({
      trialBalance: sum(snap[monthEnd]!, 'suspense'),
      difference: '0.00',
    });
    expect(sle('total_provision')).toMatchObject({ trialBalance: '150.00', difference: '0.00' });
    // Every return reconciles, the statement of financial position with the provision beside the loans.
    expect(r.returns.filter((x) => !x.reconciled).map((x) => x.code)).toEqual([]);
    expect(lineOf(r, 'sofp', 'loan_provision').current.SLE).toBe('-150.00');
  });

  it('loans by sector: by borrower type and by the application’s economic sector, each totalling the GL', () => {
    const total = sum(snap[monthEnd]!, 'principal');
    expect(lineOf(r, 'loans_sector', 'households').current.SLE).toBe(total);
    expect(lineOf(r, 'loans_sector', 'sector_pub').current.SLE).toBe(total);
    expect(lineOf(r, 'loans_sector', 'sector_agr').current.SLE).toBe('0.00');
    expect(lineOf(r, 'loans_sector', 'total_by_activity').current.SLE).toBe(total);
    const checks = r.returns.find((x) => x.code === 'loans_sector')!.checks;
    expect(checks.every((c) => c.difference === '0.00')).toBe(true);
  });

  it('files the return; the workbook’s loan sheets hold the figures cell by cell; a later posting leaves the filing unchanged', async () => {
    const req = await s.call('POST', '/api/regulatory-returns/sign-off', accountant, {
      monthEnd,
      fingerprint: r.fingerprint,
    });
    expect(req.statusCode, req.body).toBe(202);
    const ok = await s.call('POST', `/api/approvals/${req.json().approvalId}/approve`, compliance);
    expect(ok.statusCode, ok.body).toBe(200);
    const [f] = (
      await s.call('GET', `/api/regulatory-returns/filings?monthEnd=${monthEnd}`, accountant)
    ).json();
    const download = () =>
      s.call('GET', `/api/regulatory-returns/filings/${f.id}/download?format=xlsx`, accountant);
    const filed = (await download()).rawPayload;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(filed as unknown as ArrayBuffer);
    const rowOf = (ws: ExcelJS.Worksheet, code: string) => {
      let found: ExcelJS.Row | undefined;
      ws.eachRow((row) => {
        if (row.getCell(1).value === code) found = row;
      });
      if (!found) throw new Error(`no row ${code}`);
      return found;
    };
    const cls = wb.getWorksheet('Loans and advances by classific')!;
    const now = snap[monthEnd]!;
    const sub = rowOf(cls, 'substandard');
    expect(sub.getCell(2).value).toBe('Substandard');
    expect(sub.getCell(3).value).toBe(Number(now[0]!.principal));
    expect(sub.getCell(4).value).toBe(Number(sum(snap[previous]!, 'principal', 'substandard')));
    expect(sub.getCell(3).numFmt).toBe('#,##0.00;-#,##0.00');
    expect(rowOf(cls, 'current').getCell(3).value).toBe(Number(now[1]!.principal));
    expect(rowOf(cls, 'suspense_substandard').getCell(3).value).toBe(Number(now[0]!.suspense));
    expect(rowOf(cls, 'provision_substandard').getCell(3).value).toBe(150);
    expect(rowOf(cls, 'total_loans').getCell(3).value).toBe(Number(sum(now, 'principal')));
    expect(rowOf(cls, 'total_loans').getCell(6).value).toBe(0);
    // The reconciliation rows under the lines: label, currency, return, trial balance, difference.
    const recon: unknown[][] = [];
    cls.eachRow((row) => {
      if (row.getCell(2).value === 'Total provision held' && row.getCell(3).value === 'SLE')
        recon.push([4, 5, 6].map((c) => row.getCell(c).value));
    });
    expect(recon).toEqual([[150, 150, 0]]);
    const sector = wb.getWorksheet('Loans and advances by sector')!;
    expect(rowOf(sector, 'sector_pub').getCell(3).value).toBe(Number(sum(now, 'principal')));
    expect(rowOf(sector, 'total_by_activity').getCell(3).value).toBe(Number(sum(now, 'principal')));

    // A back-dated provision top-up into the filed month: the live return shows it as a difference
    // against the snapshot; the filing and its bytes do not move.
    await postTestEntry(
      t.app.db,
      [
        { gl: '5040', side: 'debit', amount: '5.00', currency: 'SLE' },
        { gl: '1490', side: 'credit', amount: '5.00', currency: 'SLE' },
      ],
      { on: monthEnd },
    );
    await setBusinessDate(t.app, monthEnd);
    const live = await prepare();
    const provision = live.returns
      .find((x) => x.code === 'loans_classification')!
      .checks.find((c) => c.line === 'total_provision' && c.currency === 'SLE')!;
    expect(provision).toMatchObject({ returnTotal: '150.00', trialBalance: '155.00', difference: '-5.00' });
    expect(Buffer.compare((await download()).rawPayload, filed)).toBe(0);
    const detail = (await s.call('GET', `/api/regulatory-returns/filings/${f.id}`, accountant)).json<{
      returns: PreparedReturns;
    }>();
    expect(lineOf(detail.returns, 'loans_classification', 'total_provision').current.SLE).toBe('150.00');
    expect(detail.returns.fingerprint).toBe(r.fingerprint);
  });
});
