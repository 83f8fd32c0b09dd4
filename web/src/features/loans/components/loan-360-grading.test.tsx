import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LOAN_GRADING_TEXT, type LoanGrading, type Permission } from '@bankmanager/contracts';
import { ApiError } from '@/lib/api-client';
import { PermissionsContext } from '@/lib/permissions/permissions-context';
import { stubApiClient } from '@/lib/testing/stubs';
import { LOAN } from './loan-360.fixture';
import { Loan360 } from './loan-360';

const get = vi.fn();
const post = vi.fn();
stubApiClient({ api: { get, post } });

vi.setConfig({ testTimeout: 30_000 });

const GRADING: LoanGrading = {
  loanId: 3,
  loanClass: 'olem',
  manualClass: null,
  restructured: true,
  curedPayments: 1,
  curePayments: 3,
  restructurings: [
    {
      id: 5,
      businessDate: '2026-12-10',
      effectiveDate: '2026-12-10',
      oldRate: '24.0000',
      newRate: '20.0000',
      oldTerm: 12,
      newTerm: 18,
      principal: '20000.00',
      capitalisedArrears: '0.00',
      reason: 'Salary cut by half',
      requestedBy: 'officer@bank.sl',
      approvedBy: 'manager@bank.sl',
      replaced: [
        {
          instalmentNumber: 1,
          dueDate: '2026-12-23',
          principalDue: '1491.19',
          interestDue: '400.00',
          feeDue: '0.00',
          penaltyDue: '0.00',
          principalPaid: '0.00',
          interestPaid: '0.00',
          feePaid: '0.00',
          penaltyPaid: '0.00',
        },
      ],
    },
  ],
};

const REPAYMENTS = {
  rows: [
    {
      id: 2,
      reference: 'LNR-new',
      channel: 'transfer',
      valueDate: '2026-12-20',
      amount: '500.00',
      principal: '100.00',
      interest: '400.00',
      fee: '0.00',
      penalty: '0.00',
      entryId: '91',
      reversed: false,
      recovery: false,
    },
    {
      id: 1,
      reference: 'LNR-old',
      channel: 'cash',
      valueDate: '2026-12-01',
      amount: '300.00',
      principal: '300.00',
      interest: '0.00',
      fee: '0.00',
      penalty: '0.00',
      entryId: '90',
      reversed: true,
      recovery: false,
    },
    // Money after a write-off: its own table on the server, so its id may repeat a repayment's.
    {
      id: 1,
      reference: 'LNR-recovered',
      channel: 'transfer',
      valueDate: '2026-11-20',
      amount: '150.00',
      principal: '0.00',
      interest: '0.00',
      fee: '0.00',
      penalty: '0.00',
      entryId: '80',
      reversed: false,
      recovery: true,
    },
  ],
};

function renderWith(can: (p: Permission | undefined) => boolean) {
  get.mockImplementation(async (path: string) =>
    path.endsWith('/grading') ? GRADING : path.endsWith('/repayments') ? REPAYMENTS : LOAN,
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <PermissionsContext.Provider value={{ me: null, can, reload: () => {} }}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <Loan360 id={3} />
        </MemoryRouter>
      </QueryClientProvider>
    </PermissionsContext.Provider>,
  );
}

const all = () => true;

describe('the loan 360’s grading, restructuring and reversal', () => {
  beforeEach(() => {
    get.mockReset();
    post.mockReset();
  });

  it('asks for a downgrade to a worse class only, with a reason, and says it waits for approval', async () => {
    post.mockResolvedValue({ approvalId: '00000000-0000-4000-8000-000000000001' });
    renderWith(all);
    await userEvent.click(await screen.findByRole('button', { name: 'Downgrade' }));
    const grade = await screen.findByLabelText('New grade');
    const options = within(grade)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Substandard', 'Doubtful', 'Loss']);
    await userEvent.click(screen.getByRole('button', { name: 'Ask for the downgrade' }));
    expect(await screen.findByText(LOAN_GRADING_TEXT.reason)).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
    await userEvent.selectOptions(grade, 'doubtful');
    await userEvent.type(screen.getByLabelText('Reason'), 'Employer closed down');
    await userEvent.click(screen.getByRole('button', { name: 'Ask for the downgrade' }));
    expect(await screen.findByText(/Sent for approval/)).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('/loans/3/downgrade', {
      body: { loanClass: 'doubtful', reason: 'Employer closed down' },
      schema: expect.anything(),
    });
  });

  it('asks for a restructuring; capitalising arrears is offered only with loans.capitalise; a refusal lands on its field', async () => {
    post.mockRejectedValue(
      new ApiError('Invalid request', 400, 'Bad Request', {
        error: 'Invalid request',
        details: [{ path: '/rate', message: LOAN_GRADING_TEXT.rateOutside('18', '30') }],
      }),
    );
    renderWith((p) => p !== 'loans.capitalise');
    await userEvent.click(await screen.findByRole('button', { name: 'Restructure' }));
    expect(screen.queryByLabelText(/Capitalise the overdue principal/)).toBeNull();
    await userEvent.type(screen.getByLabelText('From'), '10/12/2026');
    await userEvent.type(screen.getByLabelText(/New rate/), '35');
    await userEvent.type(screen.getByLabelText('New number of instalments'), '18');
    await userEvent.type(screen.getByLabelText('Reason'), 'Salary cut by half');
    await userEvent.click(screen.getByRole('button', { name: 'Ask for the restructuring' }));
    expect(await screen.findByText(LOAN_GRADING_TEXT.rateOutside('18', '30'))).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('/loans/3/restructure', {
      body: {
        effectiveDate: '2026-12-10',
        rate: '35',
        term: 18,
        capitaliseArrears: false,
        reason: 'Salary cut by half',
      },
      schema: expect.anything(),
    });
  });

  it('offers capitalisation to holders of loans.capitalise', async () => {
    renderWith(all);
    await userEvent.click(await screen.findByRole('button', { name: 'Restructure' }));
    expect(screen.getByLabelText(/Capitalise the overdue principal/)).not.toBeChecked();
  });

  it('shows the hold, the cure and each restructuring with the instalments it replaced', async () => {
    renderWith(all);
    await userEvent.click(await screen.findByRole('tab', { name: 'Grading' }));
    expect(
      await screen.findByText(/restructured: held at Substandard at least until cured: 1 of 3 instalments/),
    ).toBeInTheDocument();
    expect(screen.getByText(/rate 24% → 20%, 18 instalments repaying 20,000.00/)).toBeInTheDocument();
    expect(screen.getByText('1,491.19')).toBeInTheDocument();
  });

  it('offers Reverse on repayments not yet reversed to holders of postings.reverse, and shows the refusal', async () => {
    post.mockRejectedValue(
      new ApiError(LOAN_GRADING_TEXT.restructuredRepayment, 409, 'Conflict', {
        error: LOAN_GRADING_TEXT.restructuredRepayment,
        details: { code: 'restructured_since' },
      }),
    );
    renderWith(all);
    await userEvent.click(await screen.findByRole('tab', { name: 'Repayments' }));
    expect(await screen.findByRole('button', { name: 'Reverse repayment LNR-new' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reverse repayment LNR-old' })).toBeNull();
    expect(screen.getByText('Reversed')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /LNR-recovered/ })).toHaveTextContent('Recovery (transfer)');
    expect(screen.getByRole('row', { name: /LNR-new/ })).not.toHaveTextContent('Recovery');
    await userEvent.click(screen.getByRole('button', { name: 'Reverse repayment LNR-new' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(
      within(dialog).getByLabelText('Reason for the reversal'),
      'Posted to the wrong loan',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ask to reverse entry 91' }));
    expect(await within(dialog).findByText(LOAN_GRADING_TEXT.restructuredRepayment)).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('/journal-entries/91/reversal', expect.anything());
  });

  it('offers neither Reverse nor the grading actions without their permissions', async () => {
    renderWith((p) => p === 'loans.read');
    await screen.findByRole('heading', { name: 'Loan 3: Fatmata Kamara' });
    expect(screen.queryByRole('button', { name: 'Downgrade' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Restructure' })).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: 'Repayments' }));
    await screen.findByText('LNR-new');
    expect(screen.queryByRole('button', { name: /Reverse repayment/ })).toBeNull();
  });
});
