import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  approvalChanges,
  approvalListItemSchema,
  type ApprovalListItem,
  type ProvisionRun,
  type LoanClassSettingsView,
} from '@bankmanager/contracts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { loanScene } from '../../../test/support/loan-applications.ts';
import { disbursedLoan, runLoanBook } from '../../../test/support/loan-book.ts';
import { setRoles } from '../../../test/support/roles.ts';
import { queryRows } from '../../db/rows.ts';

/**
 * The inbox names the loan book's requests (a provisioning run by its date, a write-off, a downgrade
 * and a restructuring by the loan's number and borrower, the class buckets by what they are) and
 * shows their changes as labelled rows, through the real server.
 */
describe('approvals inbox: the loan book’s requests by name', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof loanScene>>;
  const ids: Record<string, string> = {};
  const loans: Record<string, { id: number; name: string }> = {};

  const asked = async (res: { statusCode: number; body: string; json: <T>() => T }) => {
    expect(res.statusCode, res.body).toBe(202);
    return res.json<{ approvalId: string }>().approvalId;
  };
  const inbox = async () => {
    const res = await s.call('GET', '/api/approvals?scope=decide&status=pending&pageSize=100', s.boss);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<unknown[]>().map((r): ApprovalListItem => approvalListItemSchema.parse(r));
  };
  const loanNamed = async (key: string) => {
    const id = await disbursedLoan(t.app, s);
    const [r] = await queryRows<{ name: string }>(
      t.app.db,
      sql`select a.account_number || ' (' || c.name || ')' as name
            from loans l join accounts a on a.id = l.account_id join customers c on c.cust_id = a.cust_id
           where l.id = ${id}`,
    );
    loans[key] = { id, name: r!.name };
    return id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    s = await loanScene(t.app);
    const pm = await s.makeStaff('activated', 'pm');
    await setRoles(t.app, pm.userId, ['product_manager'], null);
    const down = await loanNamed('downgrade');
    const re = await loanNamed('restructure');
    const off = await loanNamed('writeOff');

    await runLoanBook(t.app, '2026-11-30');
    await t.app.db.execute(sql`update bank_business_date set business_date = '2026-12-01'`);
    const run = await s.call('POST', '/api/loan-provisioning/runs', s.head, { asOf: '2026-11-30' });
    expect(run.statusCode, run.body).toBe(201);
    ids.run = await asked(
      await s.call('POST', `/api/loan-provisioning/runs/${run.json<ProvisionRun>().id}/post`, s.head),
    );
    ids.downgrade = await asked(
      await s.call('POST', `/api/loans/${down}/downgrade`, s.officer, {
        loanClass: 'substandard',
        reason: 'The employer stopped paying salaries',
      }),
    );
    ids.restructure = await asked(
      await s.call('POST', `/api/loans/${re}/restructure`, s.officer, {
        effectiveDate: '2026-12-10',
        rate: '20',
        term: 18,
        reason: 'Salary cut by half',
      }),
    );
    // Grading to Loss takes a year of end-of-day runs; the class is what the write-off checks.
    await t.app.db.execute(sql`update loans set loan_class = 'loss' where id = ${off}`);
    ids.writeOff = await asked(
      await s.call('POST', `/api/loans/${off}/write-off`, s.head, { reason: 'No payment for a year' }),
    );
    const view = (await s.call('GET', '/api/loan-classes', pm)).json<LoanClassSettingsView>();
    const buckets = view.buckets.map(({ code, minDpd, maxDpd, performing }) =>
      code === 'current'
        ? { code, minDpd, maxDpd: 14, performing }
        : code === 'olem'
          ? { code, minDpd: 15, maxDpd, performing }
          : { code, minDpd, maxDpd, performing },
    );
    ids.buckets = await asked(
      await s.call('POST', '/api/loan-classes/changes', pm, { buckets, curePayments: 3 }),
    );
  });
  afterAll(() => t?.close());

  it('names each request’s subject by date, loan number and borrower, or what it is', async () => {
    const rows = await inbox();
    const nameOf = (key: string) => rows.find((r) => r.id === ids[key])?.subjectName;
    expect(nameOf('run')).toBe('Provisioning run for 30 Nov 2026');
    expect(nameOf('writeOff')).toBe(`Write-off of loan ${loans.writeOff!.name}`);
    expect(nameOf('downgrade')).toBe(`Loan ${loans.downgrade!.name}`);
    expect(nameOf('restructure')).toBe(`Loan ${loans.restructure!.name}`);
    expect(nameOf('buckets')).toBe('Loan classification buckets');
    expect(loans.downgrade!.name).toMatch(/^\d{13} \(.+\)$/);
  });

  it('shows each change as labelled before/after rows', async () => {
    const rows = await inbox();
    const changes = (key: string) => {
      const r = rows.find((x) => x.id === ids[key])!;
      return Object.fromEntries(
        approvalChanges(r.before, r.after).map((c) => [c.label, [c.before, c.after]]),
      );
    };
    expect(changes('downgrade')).toMatchObject({
      Class: ['Current', '—'],
      'Manual grade': ['—', 'Substandard'],
      Reason: ['—', 'The employer stopped paying salaries'],
    });
    expect(changes('restructure')).toMatchObject({
      'Interest rate (% a year)': [expect.any(String), '20'],
      From: ['—', '2026-12-10'],
      Instalments: ['—', '18'],
    });
    expect(changes('writeOff')).toMatchObject({ 'Written off': ['—', '20000.00'] });
    expect(changes('run')).toMatchObject({ 'As of': ['—', '2026-11-30'], 'Month end': ['—', 'Yes'] });
    expect(changes('buckets')).toMatchObject({
      Current: ['0–30 days past due, performing', '0–14 days past due, performing'],
      OLEM: ['31–90 days past due, performing', '15–90 days past due, performing'],
      Loss: ['366 days past due or more, non-performing', '366 days past due or more, non-performing'],
      'On-time payments to cure': ['3', '3'],
    });
  });
});
