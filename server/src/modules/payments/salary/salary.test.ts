import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { makeAccountNumber } from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../../test/support/harness.ts';
import {
  approve,
  balanceOf,
  call,
  fundedAccount,
  ledgerViolations,
  paymentsScene,
} from '../../../../test/support/payments.ts';
import { openTestAccount } from '../../../../test/support/banking-fixtures.ts';
import { queryRows } from '../../../db/rows.ts';

let made = 0;
/** `count` Active Leone savings accounts at T01, 1,000 per statement; answers their numbers. */
async function employees(t: TestApp, count: number): Promise<string[]> {
  const out: string[] = [];
  for (let left = count; left > 0; left -= 1_000) {
    const k = Math.min(left, 1_000);
    const rows = await queryRows<{ n: string }>(
      t.app.db,
      sql`with c as (
            insert into customers (name, type, mobile_no, status, branch_code)
            select 'Employee ' || g, 'private', '+23278' || lpad(g::text, 6, '0'), 'Active', 'T01'
            from generate_series(${made + 1}::int, ${made + k}::int) g returning cust_id)
          insert into accounts (account_number, cust_id, product_code, account_type, currency, status, opened_on, branch_code, ledger_code)
          select make_account_number('900', nextval('account_serial_seq')), cust_id, 'T-SAV', 'Savings', 'SLE', 'Active',
                 date '2026-01-01', 'T01', '2020' from c
          returning account_number as n`,
    );
    made += k;
    out.push(...rows.map((r) => r.n));
  }
  return out;
}

const numberOf = async (t: TestApp, id: number) =>
  (
    await queryRows<{ n: string }>(t.app.db, sql`select account_number as n from accounts where id = ${id}`)
  )[0]!.n;

/** Bulk salary posting: upload, line-by-line report, fixes on the screen, four-eyes, one balanced journal. */
describe('bulk salary posting', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof paymentsScene>>;
  let employer = '';
  let n = 0;
  const ref = () => `SAL-T-${++n}`;

  beforeAll(async () => {
    t = await createTestApp();
    s = await paymentsScene(t.app);
    employer = await fundedAccount(t.app, s.boss, { type: 'Current', balance: '2000000' });
  });
  afterAll(() => t.close());

  const upload = (csv: string, who = s.manager, reference = ref()) =>
    call(t.app, who, 'POST', '/api/salary-batches', {
      employer_account: employer,
      reference,
      narration: 'Salary March',
      csv,
    });
  const problemLines = async (id: string) =>
    (await call(t.app, s.manager, 'GET', `/api/salary-batches/${id}/lines?problems=only&pageSize=100`)).json<
      { line_no: number; problem: string; first_line: number | null }[]
    >();

  it('validates 10,000 lines, reports the 3 bad ones, takes their fixes, and posts them all as one journal once approved', async () => {
    const staff = await employees(t, 10_000);
    const typo = `${staff[9_997]!.slice(0, 12)}${(Number(staff[9_997]![12]) + 1) % 10}`;
    const lines = staff.slice(0, 9_997).map((a, i) => `${a},${100 + (i % 7)}.50,March pay ${i + 1}`);
    lines.splice(100, 0, `${typo},150.00,Typo in the number`); // line 102 (after the header)
    lines.splice(5_000, 0, `${makeAccountNumber('900', 99_999_999)},150.00,Nobody`); // line 5002
    lines.push(`${staff[0]},100.50,Paid twice`); // line 10001: a duplicate of line 2
    const csv = ['account,amount,narration', ...lines].join('\n');
    const r = await upload(csv);
    expect(r.statusCode, r.body).toBe(201);
    const batch = r.json();
    expect(batch).toMatchObject({ status: 'draft', line_count: 10_000, problem_count: 3 });
    expect(batch.problems).toEqual({ check_digit: 1, account_not_found: 1, duplicate: 1 });
    const bad = await problemLines(batch.id);
    expect(bad.map((l) => [l.line_no, l.problem, l.first_line])).toEqual([
      [102, 'check_digit', null],
      [5_002, 'account_not_found', null],
      [10_001, 'duplicate', 2],
    ]);
    const early = await call(t.app, s.manager, 'POST', `/api/salary-batches/${batch.id}/submit`, {});
    expect([early.statusCode, early.json().details.code]).toEqual([409, 'batch_has_problems']);

    // Fixed on the screen: the typo's real number, the duplicate paid to the right person, the unknown removed.
    const fix = (lineNo: number, account: string) =>
      call(t.app, s.manager, 'PUT', `/api/salary-batches/${batch.id}/lines/${lineNo}`, {
        account_number: account,
        amount: '150.00',
        narration: 'March pay (fixed)',
      });
    expect((await fix(102, staff[9_997]!)).json().problem_count).toBe(2);
    expect((await fix(10_001, staff[9_998]!)).json().problem_count).toBe(1);
    const removed = await call(t.app, s.manager, 'DELETE', `/api/salary-batches/${batch.id}/lines/5002`);
    expect(removed.json()).toMatchObject({ problem_count: 0, line_count: 9_999 });
    const total = removed.json().total as string;

    const submitted = await call(t.app, s.manager, 'POST', `/api/salary-batches/${batch.id}/submit`, {});
    expect(submitted.statusCode, submitted.body).toBe(202);
    const { approvalId } = submitted.json();
    expect(
      (await call(t.app, s.manager, 'POST', `/api/salary-batches/${batch.id}/submit`, {})).json(),
    ).toEqual({ approvalId });
    expect((await fix(102, staff[9_997]!)).json().details.code).toBe('batch_not_draft');
    expect((await approve(t.app, s.manager, approvalId)).json().details.code).toBe('own_request');
    const before = await balanceOf(t.app, employer);
    const ok = await approve(t.app, s.boss2, approvalId);
    expect(ok.statusCode, ok.body).toBe(200);

    const posted = (await call(t.app, s.manager, 'GET', `/api/salary-batches/${batch.id}`)).json();
    expect(posted).toMatchObject({ status: 'posted', approval_status: 'approved' });
    const [e] = await queryRows<{ lines: string; credits: string; debit: string }>(
      t.app.db,
      sql`select count(*)::text as lines, sum(amount) filter (where direction = 'credit')::text as credits,
                 sum(amount) filter (where direction = 'debit')::text as debit
          from transactions where entry_id = ${Number(posted.entry_id)}`,
    );
    expect(e).toEqual({ lines: '10000', credits: total, debit: total });
    expect(await balanceOf(t.app, employer)).toBe((Number(before) - Number(total)).toFixed(2));
    expect([await balanceOf(t.app, staff[9_997]!), await balanceOf(t.app, staff[9_998]!)]).toEqual([
      '150.00',
      '150.00',
    ]);
    expect(await ledgerViolations(t.app)).toEqual([]);
  }, 600_000);

  it('names every other problem, reads headerless files and quoted narrations, and replays an upload by reference', async () => {
    const [ok] = await employees(t, 1);
    const usd = await numberOf(t, (await openTestAccount(t.app.db, { currency: 'USD' })).accountId);
    const closed = await numberOf(t, (await openTestAccount(t.app.db, { status: 'Closed' })).accountId);
    const csv = [
      `${ok},1000,"Pay, March"`,
      `${usd},10,Dollar account`,
      `${closed},10,Closed account`,
      `${employer},10,The employer itself`,
      `${ok!.slice(0, 12)},10,Too short`,
      `${ok},abc,Not an amount`,
      `${ok},0,Zero`,
      `${ok},1.234,Three decimals`,
      `${ok},10,${'x'.repeat(141)}`,
    ].join('\r\n');
    const reference = ref();
    const r = await upload(csv, s.manager, reference);
    expect(r.statusCode, r.body).toBe(201);
    const lines = (await call(t.app, s.manager, 'GET', `/api/salary-batches/${r.json().id}/lines`)).json<
      { line_no: number; problem: string | null; narration: string; holder: string | null }[]
    >();
    expect(lines.map((l) => l.problem)).toEqual([
      null,
      'currency',
      'account_not_active',
      'employer_account',
      'check_digit',
      'amount',
      'amount',
      'amount',
      'narration',
    ]);
    expect(lines[0]).toMatchObject({ narration: 'Pay, March', holder: expect.stringMatching(/^Employee/) });
    const again = await upload('anything', s.manager, reference);
    expect([again.statusCode, again.json().id]).toEqual([200, r.json().id]);
    const report = await call(t.app, s.manager, 'GET', `/api/salary-batches/${r.json().id}/report.csv`);
    expect(report.headers['content-type']).toMatch(/text\/csv/);
    expect(report.body).toContain('The account is in another currency than the employer’s.');
  });

  it('refuses a total over the available balance, rolls back a batch whose account closed after approval was asked', async () => {
    const [p, q] = await employees(t, 2);
    const over = await upload(`${p},3000000,Too much`);
    const refused = await call(t.app, s.manager, 'POST', `/api/salary-batches/${over.json().id}/submit`, {});
    expect([refused.statusCode, refused.json().details.code]).toEqual([409, 'batch_over_available']);

    const batch = (await upload(`${p},10,Pay\n${q},20,Pay`)).json();
    const { approvalId } = (
      await call(t.app, s.manager, 'POST', `/api/salary-batches/${batch.id}/submit`, {})
    ).json();
    await t.app.db.execute(sql`update accounts set status = 'Closed' where account_number = ${q}`);
    const before = await balanceOf(t.app, employer);
    const r = await approve(t.app, s.boss2, approvalId);
    expect([r.statusCode, r.json().details.code]).toEqual([409, 'account_closed']);
    expect([await balanceOf(t.app, employer), await balanceOf(t.app, p!)]).toEqual([before, '0.00']);
    // The maker withdraws it: a draft again, to fix (remove the closed account's line) and submit anew.
    await call(t.app, s.manager, 'POST', `/api/approvals/${approvalId}/withdraw`, {});
    expect((await call(t.app, s.manager, 'GET', `/api/salary-batches/${batch.id}`)).json().status).toBe(
      'draft',
    );
    await call(t.app, s.manager, 'DELETE', `/api/salary-batches/${batch.id}/lines/2`);
    const again = await call(t.app, s.manager, 'POST', `/api/salary-batches/${batch.id}/submit`, {});
    expect((await approve(t.app, s.boss2, again.json().approvalId)).statusCode).toBe(200);
    expect(await balanceOf(t.app, p!)).toBe('10.00');
  });

  it('needs payments.bulk and the employer’s branch; 400 for an empty file; lists batches', async () => {
    expect((await upload('x', s.officer)).statusCode).toBe(403);
    expect((await upload('x', s.away)).statusCode).toBe(403);
    const empty = await upload('account,amount,narration\n\n');
    expect([empty.statusCode, empty.json().details[0].path]).toEqual([400, '/csv']);
    const list = await call(t.app, s.manager, 'GET', '/api/salary-batches?status=posted');
    expect(list.json().length).toBeGreaterThanOrEqual(2);
    expect((await call(t.app, s.away, 'GET', '/api/salary-batches')).json()).toEqual([]);
    expect(await ledgerViolations(t.app)).toEqual([]);
  });
});
