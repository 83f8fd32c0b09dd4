import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderAtUrl } from '@/lib/testing/render-at-url';

const { downloadCustomerReport } = vi.hoisted(() => ({
  downloadCustomerReport: vi.fn<(...args: unknown[]) => Promise<void>>(async () => {}),
}));
vi.mock('../api/download-report', () => ({ downloadCustomerReport }));
// The bank's business date, behind the wall clock: the period opens on it, not on the machine's day.
vi.mock('@/lib/business-date', () => ({
  useBusinessDate: () => ({ data: { business_date: '2026-11-27' } }),
}));
const { CustomerReportsRoute } = await import('./reports-route');

describe('Customer reports', () => {
  it('open on the business date’s month, day first, and download that period', async () => {
    renderAtUrl(<CustomerReportsRoute />, '/customers/reports');
    expect(screen.getByLabelText('From')).toHaveValue('1 Nov 2026');
    expect(screen.getByLabelText('To')).toHaveValue('27 Nov 2026');
    await userEvent.click(
      screen.getByRole('button', { name: 'New customers by period and branch: download CSV' }),
    );
    await waitFor(() =>
      expect(downloadCustomerReport).toHaveBeenCalledWith(
        expect.objectContaining({ from: '2026-11-01', to: '2026-11-27', format: 'csv' }),
      ),
    );
  });
});
