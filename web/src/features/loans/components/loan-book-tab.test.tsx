import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { LoanBook } from '@bankmanager/contracts';
import { stubApiClient } from '@/lib/testing/stubs';
import { LoanBookTab } from './loan-book-tab';

const get = vi.fn();
stubApiClient({ api: { get } });

const BOOK: LoanBook = {
  loanId: 3,
  loanClass: 'substandard',
  loanClassLabel: 'Substandard',
  daysPastDue: 92,
  performing: false,
  interestReceivable: '1612.40',
  accruedThrough: '2027-03-25',
  history: [
    {
      businessDate: '2027-03-25',
      daysPastDue: 92,
      loanClass: 'substandard',
      principalOutstanding: '20000.00',
      interestReceivable: '1612.40',
      overdueAmount: '7851.32',
    },
  ],
  interestInSuspense: '1612.40',
  penaltyReceivable: '283.68',
  penaltyInSuspense: '283.68',
  penalties: [
    { instalmentNumber: 4, businessDate: '2027-03-29', amount: '94.56', suspended: true },
    { instalmentNumber: 1, businessDate: '2026-12-29', amount: '94.56', suspended: false },
  ],
};

const show = () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <LoanBookTab id={3} currency="SLE" />
    </QueryClientProvider>,
  );
};

describe('the loan 360’s Book tab', () => {
  it('shows the class, the receivables with the parts in suspense, and each penalty charged', async () => {
    get.mockResolvedValueOnce(BOOK);
    show();
    expect(await screen.findByText('Substandard (non-performing)')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/loans/3/book', expect.anything());
    const fact = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
    expect(fact('Of it, interest in suspense')).toBe('Le 1,612.40');
    expect(fact('Penalties receivable')).toBe('Le 283.68');
    expect(fact('Of them, penalties in suspense')).toBe('Le 283.68');
    const penalties = screen.getByRole('table', { name: /penalties charged/i });
    const rows = within(penalties).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'InstalmentCharged onAmountInto',
      expect.stringMatching(/^4.*94\.56Suspense$/),
      expect.stringMatching(/^1.*94\.56Income$/),
    ]);
  });

  it('says so when the book cannot be read', async () => {
    get.mockRejectedValueOnce(new Error('You may not see loans of this branch.'));
    show();
    expect(await screen.findByRole('alert')).toHaveTextContent('You may not see loans of this branch.');
  });

  it('a loan with no penalty says none', async () => {
    get.mockResolvedValueOnce({ ...BOOK, penalties: [], performing: true, loanClassLabel: 'Current' });
    show();
    expect(await screen.findByText(/penalties charged.*none/i)).toBeInTheDocument();
    expect(screen.getByText('Current')).toBeInTheDocument();
  });
});
