import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoanApplication, Permission } from '@bankmanager/contracts';
import { PermissionsContext } from '@/lib/permissions/permissions-context';
import { ApiError } from '@/lib/api-client';
import { stubApiClient } from '@/lib/testing/stubs';
import { LoanApplicationsRoute } from './loan-applications-route';

const get = vi.fn();
const post = vi.fn();
const put = vi.fn();
stubApiClient({ api: { get, post, put } });

const APP: LoanApplication = {
  id: 7,
  status: 'Submitted',
  custId: 42,
  customerName: 'Fatmata Kamara',
  branch: '101',
  productCode: 'SAL-SLE',
  productName: 'Salary Loan',
  productVersion: 1,
  currency: 'SLE',
  amount: '20000.00',
  term: 12,
  rate: '24.0000',
  sector: 'PUB',
  purpose: 'School fees',
  repaymentAccount: '1010000000123',
  salary: { employer: 'Ministry of Finance', netMonthlySalary: '10000.00', monthlyObligations: '1000.00' },
  guarantors: [],
  collateral: [],
  coverageRatio: null,
  officerId: '00000000-0000-4000-8000-000000000001',
  officerEmail: 'officer@bank.sl',
  recommendation: null,
  appraisalNotes: null,
  overrideReason: null,
  appraisal: null,
  appraisedByEmail: null,
  authority: 'branch_manager',
  pendingApprovalId: null,
  decisionReason: null,
  version: 3,
  createdAt: '2026-11-23T09:00:00.000Z',
  updatedAt: '2026-11-23T09:05:00.000Z',
  history: [
    {
      action: 'create',
      fromStatus: null,
      toStatus: 'Draft',
      actorEmail: 'officer@bank.sl',
      reason: null,
      approvalId: null,
      at: '2026-11-23T09:00:00.000Z',
    },
  ],
};

const FACTS = {
  schedule: {
    instalments: [
      {
        number: 1,
        dueDate: '2026-12-23',
        principal: '1491.19',
        interest: '400.00',
        fees: '0.00',
        total: '1891.19',
        balanceAfter: '18508.81',
        capitalisedInterest: '0.00',
        grace: null,
      },
    ],
    totals: {
      principal: '20000.00',
      interest: '2694.28',
      fees: '0.00',
      total: '22694.28',
      capitalisedInterest: '0.00',
    },
    amountFinanced: '20000.00',
    netDisbursed: '19600.00',
    processingFee: '400.00',
    emi: '1891.19',
    periodsPerYear: 12,
  },
  dsr: { ratio: '28.91', max: '40.00', instalment: '1891.19', over: false },
  exposure: {
    loans: [],
    approvedApplications: [],
    total: '20000.00',
    unsecured: '20000.00',
    capital: '10000000.00',
    sharePercent: '10',
    limit: '1000000.00',
  },
  flags: [{ code: 'pep', label: 'Politically exposed person' }],
  authority: { key: 'branch_manager', label: 'Branch Manager', approvers: 1 },
  coverageRatio: null,
};

function renderAt(url: string, permissions: Permission[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PermissionsContext.Provider
        value={{ me: null, can: (p) => !!p && permissions.includes(p), reload: () => {} }}
      >
        <MemoryRouter initialEntries={[url]}>
          <LoanApplicationsRoute />
        </MemoryRouter>
      </PermissionsContext.Provider>
    </QueryClientProvider>,
  );
}

describe('Loan Applications', () => {
  beforeEach(() => {
    get.mockReset();
    post.mockReset();
    put.mockReset();
  });

  it('lists a page with the URL’s filters and sort, and asks the server for another sort', async () => {
    get.mockImplementation(async (_path: string, opts: { onResponse?: (r: Response) => void }) => {
      opts.onResponse?.(new Response(null, { headers: { 'X-Total-Count': '1' } }));
      return [{ ...APP, history: [] }];
    });
    renderAt('/accounts/loan/applications?status=Submitted&product=SAL-SLE', ['loans.read']);
    const link = await screen.findByRole('link', { name: 'Application 7: Fatmata Kamara' });
    expect(within(link.closest('tr')!).getByText('20,000.00')).toBeInTheDocument();
    expect(get).toHaveBeenLastCalledWith(
      expect.stringMatching(/sort=created&order=desc&status=Submitted&product=SAL-SLE/),
      expect.anything(),
    );
    expect(screen.queryByRole('button', { name: 'New application' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Amount' }));
    expect(get).toHaveBeenLastCalledWith(expect.stringContaining('sort=amount'), expect.anything());
  });

  it('shows the appraisal (schedule, DSR, flags) and the officer’s actions by the lifecycle table', async () => {
    get.mockImplementation(async (path: string) =>
      path.endsWith('/appraisal') ? FACTS : path.endsWith('/documents') ? [] : APP,
    );
    renderAt('/accounts/loan/applications?id=7', ['loans.read', 'loans.apply', 'loans.appraise']);
    expect(await screen.findByRole('heading', { name: 'Application 7: Fatmata Kamara' })).toBeInTheDocument();
    const actions = screen.getByRole('group', { name: 'Actions' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Record appraisal', 'Reject', 'Withdraw']);
    expect(await screen.findByText(/28.91% of net salary/)).toBeInTheDocument();
    expect(screen.getByText('Politically exposed person')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: /Repayment schedule/ })).toBeInTheDocument();

    // A flag needs an override reason: the server's 400 lands on the field.
    post.mockRejectedValueOnce(
      new ApiError('Invalid request', 400, 'Bad Request', {
        error: 'Invalid request',
        details: [{ path: '/overrideReason', message: 'Flags need a written override reason.' }],
      }),
    );
    await userEvent.click(within(actions).getByRole('button', { name: 'Record appraisal' }));
    await userEvent.type(screen.getByLabelText('Appraisal notes'), 'Good payer');
    await userEvent.click(screen.getByRole('button', { name: 'Record appraisal and ask for approval' }));
    expect(await screen.findByText('Flags need a written override reason.')).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('/loan-applications/7/appraise', {
      body: { recommendation: 'approve', notes: 'Good payer' },
      schema: expect.anything(),
    });
  });

  it('a read-only user sees no actions; a pending request points to the inbox', async () => {
    get.mockImplementation(async (path: string) =>
      path.endsWith('/appraisal')
        ? FACTS
        : path.endsWith('/documents')
          ? []
          : { ...APP, status: 'Appraised', pendingApprovalId: 'A-1' },
    );
    renderAt('/accounts/loan/applications?id=7', ['loans.read']);
    await screen.findByRole('heading', { name: 'Application 7: Fatmata Kamara' });
    expect(within(screen.getByRole('group', { name: 'Actions' })).queryAllByRole('button')).toEqual([]);
    expect(screen.getByRole('link', { name: 'approvals inbox' })).toBeInTheDocument();
  });

  it('an Approved application offers Disburse; the request goes to the inbox with the first due date', async () => {
    get.mockImplementation(async (path: string) =>
      path.endsWith('/appraisal')
        ? FACTS
        : path.endsWith('/documents')
          ? []
          : { ...APP, status: 'Approved', recommendation: 'approve' },
    );
    post.mockResolvedValueOnce({ applicationId: 7, approvalId: 'A-2', status: 'Approved' });
    renderAt('/accounts/loan/applications?id=7', ['loans.read', 'loans.apply']);
    await screen.findByRole('heading', { name: 'Application 7: Fatmata Kamara' });
    const actions = screen.getByRole('group', { name: 'Actions' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Disburse']);
    await userEvent.click(within(actions).getByRole('button', { name: 'Disburse' }));
    await userEvent.type(screen.getByLabelText('First due date'), '2026-12-15');
    // Paid out in cash at a teller's till instead of to the repayment account.
    await userEvent.click(screen.getByLabelText('In cash at a teller’s till'));
    await userEvent.click(screen.getByRole('button', { name: 'Ask for disbursement' }));
    expect(post).toHaveBeenCalledWith('/loan-applications/7/disburse', {
      body: { channel: 'cash', firstDueDate: '2026-12-15' },
      schema: expect.anything(),
    });
  });

  it('the form judges each step by the contract and puts the server’s refusals on their step', async () => {
    get.mockResolvedValue([]);
    renderAt('/accounts/loan/applications?new', ['loans.read', 'loans.apply']);
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findAllByText('Required')).not.toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Customer number'), '42');
    await userEvent.type(screen.getByLabelText(/Repayment account/), '1010000000999');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.type(await screen.findByLabelText('Amount (Le)'), '20000');
    await userEvent.type(screen.getByLabelText('Term (instalments)'), '12');
    await userEvent.type(screen.getByLabelText('Employer'), 'EDSA');
    await userEvent.type(screen.getByLabelText('Net monthly salary (Le)'), '9000');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    post.mockRejectedValueOnce(
      new ApiError('Invalid request', 400, 'Bad Request', {
        error: 'Invalid request',
        details: [
          {
            path: '/repaymentAccount',
            message: 'The repayment account must be an Active current or savings account of the borrower.',
          },
        ],
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Save draft' }));
    expect(
      await screen.findByText(
        'The repayment account must be an Active current or savings account of the borrower.',
      ),
    ).toBeVisible();
    expect(post.mock.calls[0]![1].body).toMatchObject({
      custId: 42,
      amount: '20000',
      term: 12,
      sector: 'PUB',
    });
  });
});
