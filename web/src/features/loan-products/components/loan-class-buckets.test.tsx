import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_LOAN_CLASS_BUCKETS,
  LOAN_CLASS_LABELS,
  LOAN_GRADING_TEXT,
  type LoanClassSettingsView,
} from '@bankmanager/contracts';
import { stubApiClient } from '@/lib/testing/stubs';
import { LoanClassBuckets } from './loan-class-buckets';

const get = vi.fn();
const post = vi.fn();
stubApiClient({ api: { get, post } });

vi.setConfig({ testTimeout: 30_000 });

const VIEW: LoanClassSettingsView = {
  buckets: DEFAULT_LOAN_CLASS_BUCKETS.map((b) => ({ ...b, label: LOAN_CLASS_LABELS[b.code] })),
  curePayments: 3,
  pendingApprovalId: null,
};

function renderIt(view = VIEW) {
  get.mockResolvedValue(view);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <LoanClassBuckets />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Loan Administration: the loan classes', () => {
  beforeEach(() => {
    get.mockReset();
    post.mockReset();
  });

  it('shows the buckets, refuses a gap on its field without asking, and sends a whole change for approval', async () => {
    post.mockResolvedValue({ approvalId: '00000000-0000-4000-8000-000000000002' });
    renderIt();
    const olemFrom = await screen.findByLabelText('From day', { selector: '#class-olem-min' });
    expect(olemFrom).toHaveValue('31');
    expect(screen.getByLabelText('To day (blank: no end)', { selector: '#class-loss-max' })).toHaveValue('');
    await userEvent.clear(olemFrom);
    await userEvent.type(olemFrom, '35');
    await userEvent.click(screen.getByRole('button', { name: 'Ask for the change' }));
    expect(await screen.findByText(LOAN_GRADING_TEXT.contiguous)).toBeInTheDocument();
    expect(olemFrom).toHaveAttribute('aria-invalid', 'true');
    expect(post).not.toHaveBeenCalled();

    const currentTo = screen.getByLabelText('To day (blank: no end)', { selector: '#class-current-max' });
    await userEvent.clear(currentTo);
    await userEvent.type(currentTo, '34');
    const cure = screen.getByLabelText(/On-time instalments in a row/);
    await userEvent.clear(cure);
    await userEvent.type(cure, '6');
    await userEvent.click(screen.getByRole('button', { name: 'Ask for the change' }));
    expect(await screen.findByText(/Sent for approval/)).toBeInTheDocument();
    const body = post.mock.calls[0]![1].body as { buckets: unknown[]; curePayments: number };
    expect(post.mock.calls[0]![0]).toBe('/loan-classes/changes');
    expect(body.curePayments).toBe(6);
    expect(body.buckets.slice(0, 2)).toEqual([
      { code: 'current', minDpd: 0, maxDpd: 34, performing: true },
      { code: 'olem', minDpd: 35, maxDpd: 90, performing: true },
    ]);
  });

  it('says a change is waiting and does not ask for another', async () => {
    renderIt({ ...VIEW, pendingApprovalId: '00000000-0000-4000-8000-000000000003' });
    expect(await screen.findByText(/Sent for approval/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ask for the change' })).toBeDisabled();
  });
});
