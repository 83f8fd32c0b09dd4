import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatDate, type LoanGrading, type LoanSummary } from '@bankmanager/contracts';
import { useBrowser } from '../support/browser.ts';
import { DEMO, apiAsUser, signInAsDemo, signInAs } from '../support/auth.ts';
import { activeAccounts, approveInInbox } from '../support/payments.ts';
import { cleanScreens, screensReport, type Screen } from '../support/screens.ts';

/** The demo's Head of Credit: approves provisioning and write-offs, asks for grading changes. */
const HEAD_OF_CREDIT = { email: 'headofcredit@bankmanager.sl', password: DEMO.password };
const PROVISIONING = '/accounts/loan/provisioning';
const RETURN = '/accounts/loan/reports?report=classification-return';
const loan360 = (id: number) => `/accounts/loan/manager?id=${id}`;

interface Graded extends LoanSummary {
  grading: LoanGrading;
}

/**
 * The demo's Active loans with their grades, oldest first. Other specs on this demo server run end of
 * day (which moves grades and collects arrears), so a journey takes the first loan in the state it
 * needs rather than a fixed one, and never counts them.
 */
async function gradedLoans(page: Page): Promise<Graded[]> {
  const loans = await apiAsUser<LoanSummary[]>(page, '/api/loans?pageSize=50&sort=disbursed&order=asc');
  const out: Graded[] = [];
  for (const l of loans.filter((x) => x.status === 'Active'))
    out.push({ ...l, grading: await apiAsUser<LoanGrading>(page, `/api/loans/${l.id}/grading`) });
  return out;
}

/** Whether a request about the loan already waits (a downgrade, restructuring or write-off). */
async function hasPending(page: Page, loanId: number): Promise<boolean> {
  const rows = await apiAsUser<{ subjectType: string; subjectId: string }[]>(
    page,
    '/api/approvals?scope=all&status=pending&pageSize=100',
  );
  return rows.some(
    (r) => ['loan', 'loan_write_off'].includes(r.subjectType) && r.subjectId === String(loanId),
  );
}

/** The first Active demo loan, oldest first, that `fits` and has no request waiting about it. */
async function firstLoan(page: Page, fits: (l: Graded) => boolean): Promise<Graded | undefined> {
  for (const l of await gradedLoans(page)) if (fits(l) && !(await hasPending(page, l.id))) return l;
  return undefined;
}

/** A loan that can still be graded worse by hand or restructured: not Loss, not graded or restructured yet. */
const gradable = (l: Graded) =>
  l.grading.loanClass !== 'loss' && l.grading.manualClass === null && !l.grading.restructured;

/** The inbox name of a loan: its number and its borrower. */
const loanName = (l: LoanSummary) => `${l.accountNumber} (${l.customerName})`;

/** Every difference between the classification return and the general ledger, as shown. */
async function returnDifferences(page: Page): Promise<string[]> {
  await page.goto(RETURN);
  const gl = page.getByRole('table', { name: 'Against the general ledger' });
  await gl.waitFor({ timeout: 60_000 });
  const rows = gl.locator('tbody tr');
  const out: string[] = [];
  for (let i = 0; i < (await rows.count()); i++)
    out.push(((await rows.nth(i).locator('td').last().textContent()) ?? '').trim());
  return out;
}

/** The demo user (a second superuser, in every branch) sees the request by name with its changes, and approves it. */
async function demoUserApproves(
  browser: { newPage(): Promise<Page> },
  subject: string,
  field: string,
): Promise<Page> {
  const checker = await browser.newPage();
  await signInAsDemo(checker);
  await seeInInbox(checker, subject, field);
  await approveInInbox(checker, subject);
  return checker;
}

/** The request's row in the checker's inbox shows its subject by name and its changes, labelled. */
async function seeInInbox(checker: Page, subject: string, field: string) {
  await checker.goto('/transactions/control/approve');
  const row = checker.getByRole('row').filter({ hasText: subject });
  await row.first().waitFor({ timeout: 30_000 });
  await row.first().getByText('Changes').click();
  await row.first().getByRole('rowheader', { name: field }).first().waitFor();
}

const dayFirst = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

describe('the loan book’s second half: provisioning, write-off and recovery, grading by hand', () => {
  const browser = useBrowser();

  it('a provisioning run: the demo user prepares it, the Head of Credit approves it in the inbox, it posts', async () => {
    const maker = await browser.newPage();
    await signInAsDemo(maker, PROVISIONING);
    await maker.getByRole('heading', { name: 'Provisioning', level: 1 }).waitFor();
    // Empty "as of": the newest business date the book closed (a month end once end of day crosses one).
    await maker.getByRole('button', { name: 'Compute draft' }).click();
    await maker.waitForURL(/run=\d+/);
    const runId = Number(new URL(maker.url()).searchParams.get('run'));
    const run = await apiAsUser<{ asOf: string; monthEnd: boolean; status: string }>(
      maker,
      `/api/loan-provisioning/runs/${runId}`,
    );
    expect(run.status).toBe('draft');
    const heading = maker.getByRole('heading', { name: /^Run as of / });
    expect(await heading.textContent()).toBe(
      `Run as of ${formatDate(run.asOf)}${run.monthEnd ? ' (month end)' : ''}`,
    );
    const shown = maker.getByRole('region', { name: /^Run as of / });
    await shown.getByText('Draft', { exact: true }).waitFor();
    await maker.getByRole('button', { name: 'Ask to post the provision' }).click();
    await shown.getByText('Waiting for approval', { exact: true }).waitFor();

    const checker = await browser.newPage();
    await signInAs(checker, HEAD_OF_CREDIT);
    const subject = `Provisioning run for ${formatDate(run.asOf)}`;
    await seeInInbox(checker, subject, 'As of');
    await approveInInbox(checker, subject);

    await maker.reload();
    await shown.getByText('Posted', { exact: true }).waitFor();
    await maker.getByText(`Posted by ${HEAD_OF_CREDIT.email}`, { exact: false }).waitFor();
    // The return shows its totals against the general ledger. Its differences are not asserted here:
    // the demo keeps a book for its open business day, which the postings just made do not move.
    expect((await returnDifferences(maker)).length).toBeGreaterThan(0);
  }, 300_000);

  it('a Loss loan written off (the Head of Credit asks, the demo user approves), then a recovery the loan 360 lists', async () => {
    const maker = await browser.newPage();
    await signInAs(maker, HEAD_OF_CREDIT);
    const loss = await firstLoan(maker, (l) => l.grading.loanClass === 'loss');
    expect(loss, 'the demo seeds a Loss loan').toBeDefined();
    const l = loss!;
    await maker.goto(loan360(l.id));
    await maker.getByRole('button', { name: 'Ask to write off' }).click();
    await maker
      .getByLabel('Reason for the write-off')
      .fill('No payment for over a year; recovery by the agent');
    await maker.getByRole('button', { name: 'Send for approval' }).click();
    await maker.getByText('Sent for approval').first().waitFor();

    // The loan's branch decides a write-off within the limit; the demo user works in every branch.
    const checker = await demoUserApproves(browser, `Write-off of loan ${loanName(l)}`, 'Written off');

    await checker.goto(loan360(l.id));
    await checker.getByRole('heading', { name: `Loan ${l.id}: ${l.customerName}` }).waitFor();
    await checker.getByText('Written off', { exact: true }).first().waitFor();

    // A relative pays Le 150.00 from their own account: a recovery, income, never principal.
    const payer = (await activeAccounts(checker)).find(
      (a) => a.currency === 'SLE' && Number(a.available.replace(/,/g, '')) > 1000,
    );
    expect(payer).toBeDefined();
    await checker.goto(loan360(l.id));
    await checker.getByRole('button', { name: 'Record recovery' }).click();
    await checker.getByLabel('From account').fill(payer!.accountNumber);
    await checker.getByLabel('Amount').fill('150.00');
    await checker.getByRole('button', { name: 'Post repayment' }).click();
    await checker
      .getByRole('status')
      .filter({ hasText: /posted/ })
      .waitFor();
    await checker.getByRole('tab', { name: 'Repayments' }).click();
    const recovery = checker.getByRole('row').filter({ hasText: 'Recovery' });
    await recovery.first().waitFor();
    expect(await recovery.first().textContent()).toContain('150.00');
    expect((await returnDifferences(checker)).length).toBeGreaterThan(0);
  }, 300_000);

  it('a manual downgrade with a reason: the Head of Credit asks, the demo user approves, the Grading tab shows it', async () => {
    const maker = await browser.newPage();
    await signInAs(maker, HEAD_OF_CREDIT);
    const target = await firstLoan(maker, gradable);
    expect(target, 'a demo loan that can be graded worse').toBeDefined();
    const l = target!;
    await maker.goto(loan360(l.id));
    await maker.getByRole('button', { name: 'Downgrade', exact: true }).click();
    const form = maker.getByRole('form', { name: 'Manual downgrade' });
    await form.waitFor();
    const grade = (await form.getByLabel('New grade').locator('option').first().textContent())!;
    await form.getByLabel('Reason').fill('The employer stopped paying salaries in October');
    await form.getByRole('button', { name: 'Ask for the downgrade' }).click();
    await maker.getByText('Sent for approval').first().waitFor();

    await demoUserApproves(browser, `Loan ${loanName(l)}`, 'Manual grade');

    await maker.goto(loan360(l.id));
    await maker.getByRole('tab', { name: 'Grading' }).click();
    await maker.getByText(`manually graded ${grade}`, { exact: false }).waitFor();
  }, 300_000);

  it('a restructuring from the business date: the Head of Credit asks, the demo user approves; the old schedule is kept', async () => {
    const maker = await browser.newPage();
    await signInAs(maker, HEAD_OF_CREDIT);
    const target = await firstLoan(maker, (l) => gradable(l) && l.term < 30);
    expect(target, 'a demo loan that can be restructured').toBeDefined();
    const l = target!;
    const { business_date } = await apiAsUser<{ business_date: string }>(maker, '/api/business-date');
    await maker.goto(loan360(l.id));
    await maker.getByRole('button', { name: 'Restructure', exact: true }).click();
    const form = maker.getByRole('form', { name: 'Restructuring' });
    await form.waitFor();
    await form.getByLabel('From', { exact: true }).fill(dayFirst(business_date));
    await form.getByLabel('New number of instalments').fill(String(l.term + 6));
    await form.getByLabel('Reason').fill('Salary cut by half; a longer term keeps the instalment affordable');
    await form.getByRole('button', { name: 'Ask for the restructuring' }).click();
    await maker.getByText('Sent for approval').first().waitFor();

    await demoUserApproves(browser, `Loan ${loanName(l)}`, 'Instalments');

    await maker.goto(loan360(l.id));
    await maker.getByRole('tab', { name: 'Grading' }).click();
    await maker.getByText(/restructured: held at Substandard at least/).waitFor();
    const history = maker.getByRole('region', { name: /^Restructuring \d+$/ }).first();
    expect(await history.textContent()).toContain(`${l.term + 6} instalments`);
    await history.getByText(/^The \d+ instalments it replaced$/).click();
    expect(
      await history
        .getByRole('table', { name: 'Instalments as they stood before the restructuring' })
        .getByRole('row')
        .count(),
    ).toBeGreaterThan(1);
  }, 300_000);

  it('the provisioning screen and a loan’s Grading tab are axe clean in both themes', async () => {
    const page = await browser.newPage({ bypassCSP: true });
    await signInAsDemo(page);
    const [first] = await apiAsUser<LoanSummary[]>(page, '/api/loans?pageSize=1&sort=disbursed&order=asc');
    const screens: Screen[] = [
      ['provisioning', PROVISIONING, (p) => p.getByRole('table', { name: /Provisioning runs/ }).waitFor()],
      [
        'grading',
        loan360(first!.id),
        async (p) => {
          await p.getByRole('tab', { name: 'Grading' }).click();
          await p.getByText(/until cured|the class follows days past due/).waitFor();
        },
      ],
    ];
    expect(await screensReport(page, screens, { phone: false })).toEqual(
      cleanScreens(screens, { phone: false }),
    );
  }, 240_000);
});
