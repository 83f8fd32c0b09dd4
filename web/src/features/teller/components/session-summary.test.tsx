import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TillSessionDetail } from '@bankmanager/contracts';
import { SessionSummary } from './session-summary';

const open: TillSessionDetail = {
  id: '3',
  reference: 'OPN-3',
  branch: '001',
  tillCode: 'T01',
  currency: 'SLE',
  tellerId: 'u1',
  tellerEmail: 'teller@bankmanager.sl',
  businessDate: '2026-11-27',
  status: 'open',
  openingAllocation: '50000.00',
  expected: null,
  counted: null,
  difference: null,
  closeApprovalId: null,
  signedOffBy: null,
  openedAt: '2026-11-27T08:00:00Z',
  closedAt: null,
  deposits: { count: 2, amount: '12000.00' },
  withdrawals: { count: 1, amount: '3000.00' },
  vaultIn: '0.00',
  vaultOut: '0.00',
  vaultTransfers: [],
};

describe('the till summary', () => {
  it('shows what the till started with and what went through it', () => {
    render(<SessionSummary session={open} />);
    expect(screen.getByText('Opening allocation')).toBeInTheDocument();
    expect(screen.getByText(/50,000\.00/)).toBeInTheDocument();
    expect(screen.getByText(/12,000\.00/)).toBeInTheDocument();
  });

  it('hides every figure during the blind count, so nothing hints at what the till should hold', () => {
    const { container } = render(<SessionSummary session={open} blind />);
    expect(screen.getByText(/hidden while you count/)).toBeInTheDocument();
    expect(screen.queryByText('Opening allocation')).toBeNull();
    expect(container.textContent).not.toMatch(/\d,\d{3}\.\d{2}/);
  });

  it('shows the expected cash only after the count, beside the difference', () => {
    render(
      <SessionSummary
        session={{
          ...open,
          status: 'closing',
          counted: '58900.00',
          expected: '59000.00',
          difference: '-100.00',
        }}
      />,
    );
    expect(
      screen.getByText(/You counted Le 58,900\.00; the till should hold Le 59,000\.00/),
    ).toBeInTheDocument();
  });
});
