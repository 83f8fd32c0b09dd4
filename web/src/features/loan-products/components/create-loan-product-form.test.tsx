import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LOAN_PRODUCT_TEXT } from '@bankmanager/contracts';
import { ApiError } from '@/lib/api-client';
import { stubApiClient } from '@/lib/testing/stubs';
import { CreateLoanProductForm } from './create-loan-product-form';

const post = vi.fn();
stubApiClient({ api: { get: vi.fn(), post, put: vi.fn() } });

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CreateLoanProductForm onClose={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Sets a field's text at once, as a paste would (the form is long; typing key by key is slow). */
const type = async (label: string, text: string) => {
  fireEvent.change(screen.getByLabelText(label), { target: { value: text } });
  await Promise.resolve();
};

/** A salary loan as the form takes it; the GL mappings start from the chart's loan accounts. */
async function fillSalaryLoan() {
  await type('Product code', 'sal-new');
  await type('Product name', 'Teachers Loan');
  await type('Smallest amount', '1000');
  await type('Largest amount', '200000');
  await type('Shortest term (instalments)', '3');
  await type('Longest term (instalments)', '36');
  await type('Lowest rate (% a year)', '18');
  await type('Highest rate (% a year)', '30');
  await type('Typical rate (% a year)', '24');
  await type('Processing fee (% of principal)', '2');
  await type('Largest debt-service ratio (% of net salary)', '40');
}

const ask = () => userEvent.click(screen.getByRole('button', { name: 'Ask to create this product' }));

describe('new loan product form', () => {
  beforeEach(() => post.mockReset());

  it('sends the contract’s body for four-eyes and says it waits for a checker', async () => {
    post.mockResolvedValue({ approvalId: 'A-17' });
    renderForm();
    await fillSalaryLoan();
    await ask();
    expect(await screen.findByRole('heading', { name: 'Sent for approval' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      /SAL-NEW.* takes effect once another person approves it/,
    );
    // A link to the request, not its id.
    expect(screen.getByRole('link', { name: 'View the request' }).getAttribute('href')).toContain('A-17');
    expect(post).toHaveBeenCalledWith('/loan-products', expect.anything());
    expect(post.mock.calls[0]![1].body).toEqual({
      code: 'SAL-NEW',
      name: 'Teachers Loan',
      currency: 'SLE',
      gl: {
        portfolio: '1410',
        interestReceivable: '1421',
        interestIncome: '4011',
        feeIncome: '4021',
        penaltyIncome: '4040',
      },
      terms: {
        interestMethod: 'emi',
        repaymentFrequency: 'monthly',
        amount: { min: '1000', max: '200000' },
        term: { min: 3, max: 36 },
        rate: { min: '18', max: '30', default: '24' },
        grace: { maxPrincipalOnly: 0, maxFull: 0 },
        processingFee: { kind: 'percent', value: '2', treatment: 'deducted' },
        insuranceRate: null,
        penalty: { kind: 'percent', value: '0', toleranceDays: 0 },
        allocationOrder: ['penalties', 'fees', 'interest', 'principal'],
        prepayment: 'reduce_term',
        maxDebtServiceRatio: '40',
      },
    });
  });

  it('refuses ranges the wrong way round and a repeated allocation part, with the contract’s words', async () => {
    renderForm();
    await fillSalaryLoan();
    await type('Largest amount', '500');
    await type('Longest term (instalments)', '2');
    await type('Typical rate (% a year)', '35');
    await userEvent.selectOptions(screen.getByLabelText('Fourth'), 'fees');
    await ask();
    // The resolver's verdict can render a task after the click returns on a loaded machine.
    await waitFor(() =>
      expect(screen.getByLabelText('Largest amount')).toHaveAccessibleDescription(
        LOAN_PRODUCT_TEXT.amountRange,
      ),
    );
    expect(screen.getByLabelText('Longest term (instalments)')).toHaveAccessibleDescription(
      LOAN_PRODUCT_TEXT.termRange,
    );
    expect(screen.getByLabelText('Typical rate (% a year)')).toHaveAccessibleDescription(
      LOAN_PRODUCT_TEXT.defaultRate,
    );
    expect(screen.getByText(LOAN_PRODUCT_TEXT.allocation)).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('puts the server’s 400 details on their fields, cursor on the first', async () => {
    post.mockRejectedValueOnce(
      new ApiError('Invalid request', 400, 'Bad Request', {
        error: 'Invalid request',
        details: [{ path: '/gl/interestIncome', message: 'No active GL account with this code' }],
      }),
    );
    renderForm();
    await fillSalaryLoan();
    await type('Interest income', '9999');
    await ask();
    const income = screen.getByLabelText('Interest income');
    expect(await screen.findByText('No active GL account with this code')).toBeInTheDocument();
    expect(income).toHaveAttribute('aria-invalid', 'true');
    expect(income).toHaveFocus();
  });

  it('shows a duplicate code on the code field', async () => {
    post.mockRejectedValueOnce(
      new ApiError(LOAN_PRODUCT_TEXT.duplicate, 409, 'Conflict', {
        error: LOAN_PRODUCT_TEXT.duplicate,
        details: { code: 'product_exists' },
      }),
    );
    renderForm();
    await fillSalaryLoan();
    await ask();
    expect(await screen.findByText(LOAN_PRODUCT_TEXT.duplicate)).toBeInTheDocument();
    expect(screen.getByLabelText('Product code')).toHaveAccessibleDescription(
      expect.stringContaining(LOAN_PRODUCT_TEXT.duplicate),
    );
  });
});
