import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Approval } from '@bankmanager/contracts';
import { stubApiClient } from '@/lib/testing/stubs';
import { ApprovalSubject } from './approval-subject';

// The holder's documents and balance a pending withdrawal shows (withdrawal-check.test.tsx has them).
const get = vi.fn(async () => new Promise(() => {}));
stubApiClient({ api: { get } });
const withQueries = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>
    <MemoryRouter>{children}</MemoryRouter>
  </QueryClientProvider>
);

const approval = (over: Partial<Approval>): Approval => ({
  id: 'a1',
  type: 'teller.withdrawal',
  subjectType: 'teller_transaction',
  subjectId: '7',
  command: {},
  before: null,
  after: null,
  makerId: 'u1',
  makerEmail: 'teller@bank.sl',
  branch: '001',
  amount: '25000.00',
  currency: 'SLE',
  status: 'pending',
  subjectVersion: null,
  businessDate: '2026-11-23',
  createdAt: '2026-11-23T10:00:00Z',
  expiresAt: '2026-11-24T00:00:00Z',
  decidedBy: null,
  decidedByEmail: null,
  decidedAt: null,
  reason: null,
  ...over,
});

describe('ApprovalSubject', () => {
  it('says what a teller’s withdrawal is about: the account, its holder and who is paid', () => {
    render(
      <ApprovalSubject
        approval={approval({
          after: {
            account: '0010000001234',
            holder: 'Aminata Sesay',
            bearer: 'Aminata Sesay',
            till: 'TILL-1',
          },
        })}
      />,
      { wrapper: withQueries },
    );
    expect(screen.getByText('0010000001234')).toBeInTheDocument();
    expect(screen.getByText('Paid to')).toBeInTheDocument();
    expect(screen.getByText('TILL-1')).toBeInTheDocument();
  });

  it('says what a till count is about: what it should hold, what was counted, the difference', () => {
    render(
      <ApprovalSubject
        approval={approval({
          type: 'teller.close',
          subjectType: 'till_session',
          after: { till: 'TILL-1', expected: '15000.00', counted: '14990.00', difference: '-10.00' },
        })}
      />,
      { wrapper: MemoryRouter },
    );
    expect(screen.getByText('Till should hold')).toBeInTheDocument();
    expect(screen.getByText('-10.00')).toBeInTheDocument();
  });

  it('links a loan product change to the product, and names a new one, with the maker’s reason', () => {
    const change = approval({
      type: 'loan_product.change',
      subjectType: 'loan_product',
      subjectId: 'SAL-SLE',
      command: { kind: 'change', code: 'SAL-SLE', reason: 'Policy rate rose' },
    });
    const { unmount } = render(<ApprovalSubject approval={change} />, { wrapper: MemoryRouter });
    expect(screen.getByRole('link', { name: 'Loan product SAL-SLE' })).toHaveAttribute(
      'href',
      '/accounts/loan/admin?code=SAL-SLE',
    );
    expect(screen.getByText('Reason: Policy rate rose')).toBeInTheDocument();
    unmount();
    render(
      <ApprovalSubject
        approval={{ ...change, command: { kind: 'create', code: 'MIC-2' }, subjectId: 'MIC-2' }}
      />,
      {
        wrapper: MemoryRouter,
      },
    );
    expect(screen.getByText('New loan product MIC-2')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('names a loan’s request by its number and borrower, links it to the loan 360, and says why', () => {
    const downgrade = approval({
      type: 'loan.downgrade',
      subjectType: 'loan',
      subjectId: '12',
      command: { loanId: 12, loanClass: 'substandard', reason: 'The employer stopped paying' },
    });
    const { unmount } = render(
      <ApprovalSubject approval={{ ...downgrade, subjectName: 'Loan 0010000004567 (Aminata Conteh)' }} />,
      { wrapper: MemoryRouter },
    );
    expect(screen.getByRole('link', { name: 'Loan 0010000004567 (Aminata Conteh)' })).toHaveAttribute(
      'href',
      '/accounts/loan/manager?id=12',
    );
    expect(screen.getByText('Reason: The employer stopped paying')).toBeInTheDocument();
    unmount();
    // A loan the server could not name (gone since) still reads as a loan, by its id.
    render(
      <ApprovalSubject
        approval={approval({ type: 'loan.write_off', subjectType: 'loan_write_off', subjectId: '9' })}
      />,
      { wrapper: MemoryRouter },
    );
    expect(screen.getByRole('link', { name: 'Write-off of loan 9' })).toBeInTheDocument();
  });
});
