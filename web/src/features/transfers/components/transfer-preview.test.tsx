import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TransferQuote } from '@bankmanager/contracts';
import { TransferPreview } from './transfer-preview';

const account = (number: string, currency: 'SLE' | 'USD') => ({
  number,
  holder: `Holder ${number.slice(-2)}`,
  currency,
  status: 'Active' as const,
  branch: '001',
});
const quote = (over: Partial<TransferQuote> = {}): TransferQuote => ({
  from: account('0010000004243', 'USD'),
  to: account('0010000004340', 'SLE'),
  business_date: '2026-11-24',
  rate: '22.500000',
  rate_kind: 'buy',
  rate_missing: false,
  credited: null,
  ...over,
});

describe('TransferPreview', () => {
  it('converts live at the day’s rate, to the cent the server posts', () => {
    render(<TransferPreview quote={quote()} amount="40.01" />);
    expect(screen.getByTestId('transfer-rate').textContent).toContain('buy rate for 2026-11-24: 22.500000');
    expect(screen.getByTestId('transfer-credited').textContent).toContain('Le 900.23');
  });

  it('shows an agreed rate as such, and says when no rate is entered', () => {
    const { rerender } = render(<TransferPreview quote={quote()} amount="10" rate="23" />);
    expect(screen.getByTestId('transfer-rate').textContent).toContain('Agreed rate 23');
    expect(screen.getByTestId('transfer-credited').textContent).toContain('Le 230.00');
    rerender(<TransferPreview quote={quote({ rate: null, rate_missing: true })} amount="10" />);
    expect(screen.getByRole('alert').textContent).toContain('No USD rate has been entered for 2026-11-24');
    expect(screen.queryByTestId('transfer-credited')).toBeNull();
  });
});
