import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PRODUCT_TEXT } from '@bankmanager/contracts';
import { ApiError } from '@/lib/api-client';
import { stubApiClient } from '@/lib/testing/stubs';
import { ProductDefinitionRoute } from './definition-route';

const get = vi.fn();
const post = vi.fn();
stubApiClient({ api: { get, post, put: vi.fn() } });

const BUSINESS_DATE = '2026-11-23';

function renderNewForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/products/definition?new']}>
        <ProductDefinitionRoute />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function fillSavings() {
  await userEvent.type(await screen.findByLabelText('Product code'), 'SAV-KIDS');
  await userEvent.type(screen.getByLabelText('Product name'), 'Children’s Savings');
  await userEvent.selectOptions(screen.getByLabelText('Product type'), 'Savings');
  await userEvent.type(screen.getByLabelText('Control account (liability)'), '2020');
  await userEvent.type(screen.getByLabelText('Credit rate (% a year)'), '6.5');
}

const send = () => userEvent.click(screen.getByRole('button', { name: 'Send for approval' }));

describe('new product', () => {
  beforeEach(() => {
    post.mockReset();
    get.mockReset();
    get.mockImplementation(async (path: string) =>
      path === '/business-date' ? { business_date: BUSINESS_DATE, follows_calendar: false } : [],
    );
  });

  it('refuses an empty form field by field with the contract’s messages, cursor on the first', async () => {
    renderNewForm();
    await screen.findByLabelText('Product code');
    await send();
    const code = screen.getByLabelText('Product code');
    // The resolver's verdict renders a task later than the click returns on a loaded machine.
    await waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'));
    expect(code).toHaveAccessibleDescription(expect.stringContaining(PRODUCT_TEXT.code));
    expect(code).toHaveFocus();
    expect(screen.getByLabelText('Product name')).toHaveAccessibleDescription(PRODUCT_TEXT.name);
    expect(screen.getByLabelText('Product type')).toHaveAccessibleDescription(
      'Please choose the product type',
    );
    expect(screen.getByLabelText('Control account (liability)')).toHaveAccessibleDescription(
      'Enter a GL account code: up to 4 digits, e.g. 2020',
    );
    expect(screen.getByLabelText('Credit rate (% a year)')).toHaveAccessibleDescription(
      expect.stringContaining(PRODUCT_TEXT.rate),
    );
    expect(post).not.toHaveBeenCalled();
  });

  it('checks rates, amounts, tiers and never-backwards dates', async () => {
    renderNewForm();
    await fillSavings();
    const rate = screen.getByLabelText('Credit rate (% a year)');
    await userEvent.clear(rate);
    await userEvent.type(rate, '101');
    const fee = screen.getByLabelText('Monthly maintenance fee');
    await userEvent.clear(fee);
    await userEvent.type(fee, '1.505');
    const from = screen.getByLabelText('Effective from');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-11-01');
    await userEvent.click(screen.getByRole('button', { name: 'Add a balance tier' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add a balance tier' }));
    await userEvent.type(screen.getByLabelText('Tier 1: rate (% a year)'), '5');
    await userEvent.type(screen.getByLabelText('Tier 2: from balance'), '0');
    await userEvent.type(screen.getByLabelText('Tier 2: rate (% a year)'), '6');
    await send();
    await waitFor(() => expect(rate).toHaveAccessibleDescription(expect.stringContaining(PRODUCT_TEXT.rate)));
    expect(fee).toHaveAccessibleDescription(PRODUCT_TEXT.amount);
    expect(from).toHaveAccessibleDescription(expect.stringContaining(PRODUCT_TEXT.effectiveFrom));
    expect(screen.getByText(PRODUCT_TEXT.tiers)).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('asks a fixed deposit for distinct tenors and shows overdraft interest for current accounts only', async () => {
    renderNewForm();
    await fillSavings();
    expect(screen.queryByLabelText('Overdraft (debit) rate (% a year)')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Product type'), 'Current');
    expect(screen.getByLabelText('Overdraft (debit) rate (% a year)')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Product type'), 'Fixed Deposit');
    await userEvent.type(screen.getByLabelText('Tenor 1: rate (% a year)'), '9');
    await userEvent.click(screen.getByRole('button', { name: 'Add a tenor' }));
    await userEvent.type(screen.getByLabelText('Tenor 2 (months)'), '12');
    await userEvent.type(screen.getByLabelText('Tenor 2: rate (% a year)'), '10');
    await userEvent.type(screen.getByLabelText('Early-withdrawal penalty (% a year)'), '2');
    await send();
    expect(await screen.findByText(PRODUCT_TEXT.tenors)).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Tenor 2 (months)'));
    await userEvent.type(screen.getByLabelText('Tenor 2 (months)'), '0');
    await send();
    await waitFor(() =>
      expect(screen.getByLabelText('Tenor 2 (months)')).toHaveAccessibleDescription(
        'Enter a tenor of 1 to 120 months',
      ),
    );
  });

  it('sends the contract’s body (decimal strings) and shows the request id once sent for approval', async () => {
    post.mockResolvedValueOnce({ approvalId: 'apr-123' });
    renderNewForm();
    await fillSavings();
    await send();
    expect(await screen.findByRole('heading', { name: 'Sent for approval' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      /SAV-KIDS.* takes effect once another person approves it/,
    );
    // A link to the request, not its id.
    expect(screen.getByRole('link', { name: 'View the request' }).getAttribute('href')).toContain('apr-123');
    const [path, { body }] = post.mock.calls[0]!;
    expect(path).toBe('/products');
    expect(body).toEqual({
      code: 'SAV-KIDS',
      name: 'Children’s Savings',
      accountType: 'Savings',
      currency: 'SLE',
      gl: {
        control: '2020',
        interestExpense: '5010',
        interestPayable: '2510',
        feeIncome: '4020',
        withholdingTaxPayable: '2520',
      },
      terms: expect.objectContaining({
        effectiveFrom: BUSINESS_DATE,
        creditRate: '6.5',
        creditTiers: [],
        debitRate: null,
        fixedDeposit: null,
        dormancyDays: 365,
        minOpeningBalance: '0.00',
      }),
    });
    expect(screen.getByRole('link', { name: 'Open the approvals inbox' })).toHaveAttribute(
      'href',
      '/transactions/control/approve',
    );
  });

  it('puts a 400’s details on their fields and a 409 duplicate on the code', async () => {
    post.mockRejectedValueOnce(
      new ApiError('Invalid', 400, 'Bad Request', {
        error: 'Invalid',
        details: [{ path: '/gl/feeIncome', message: 'No GL account 4020 of type income' }],
      }),
    );
    renderNewForm();
    await fillSavings();
    await send();
    const fee = screen.getByLabelText('Fee income');
    expect(await within(document.body).findByText('No GL account 4020 of type income')).toBeInTheDocument();
    expect(fee).toHaveAttribute('aria-invalid', 'true');
    expect(fee).toHaveFocus();

    post.mockRejectedValueOnce(
      new ApiError(PRODUCT_TEXT.duplicate, 409, 'Conflict', {
        error: PRODUCT_TEXT.duplicate,
        details: { code: 'product_exists' },
      }),
    );
    await send();
    const code = screen.getByLabelText('Product code');
    expect(await screen.findByText(PRODUCT_TEXT.duplicate)).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
  });
});
