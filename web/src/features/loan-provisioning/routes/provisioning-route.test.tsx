import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LOAN_CLASSES, PROVISION_TEXT, type ProvisionRun } from '@bankmanager/contracts';
import { renderAtUrl } from '@/lib/testing/render-at-url';
import { stubApiClient } from '@/lib/testing/stubs';
import { ProvisioningRoute } from './provisioning-route';

const get = vi.fn();
const post = vi.fn();
stubApiClient({ api: { get, post } });

vi.setConfig({ testTimeout: 30_000 });

const RUN: ProvisionRun = {
  id: 4,
  asOf: '2026-11-30',
  monthEnd: true,
  status: 'draft',
  version: 1,
  preparedByEmail: 'hoc@bank.sl',
  preparedAt: '2026-12-01T08:00:00Z',
  approvalId: null,
  postedByEmail: null,
  postedAt: null,
  classes: LOAN_CLASSES.map((loanClass) => ({
    currency: 'SLE',
    loanClass,
    loans: loanClass === 'current' ? 2 : loanClass === 'loss' ? 1 : 0,
    principal: loanClass === 'current' ? '40000.00' : loanClass === 'loss' ? '20000.00' : '0.00',
    collateral: loanClass === 'current' ? '4000.00' : '0.00',
    ratePercent: {
      current: '1.0000',
      olem: '5.0000',
      substandard: '20.0000',
      doubtful: '50.0000',
      loss: '100.0000',
    }[loanClass],
    required: loanClass === 'current' ? '360.00' : loanClass === 'loss' ? '20000.00' : '0.00',
    held: loanClass === 'loss' ? '10000.00' : '0.00',
    change: loanClass === 'current' ? '360.00' : loanClass === 'loss' ? '10000.00' : '0.00',
  })),
};

describe('Provisioning', () => {
  beforeEach(() => {
    get.mockReset();
    post.mockReset();
    get.mockImplementation(async (path: string, opts?: { onResponse?: (r: Response) => void }) => {
      if (path.startsWith('/loan-provisioning/runs?')) {
        opts?.onResponse?.(new Response(null, { headers: { 'X-Total-Count': '1' } }));
        const { classes: _classes, ...summary } = RUN;
        return [summary];
      }
      if (path === `/loan-provisioning/runs/${RUN.id}`) return RUN;
      throw new Error(`unexpected GET ${path}`);
    });
  });

  it('shows a run by class with its totals to the cent, and asks a second person to post it', async () => {
    post.mockResolvedValue({ runId: 4, approvalId: 'a-1' });
    renderAtUrl(<ProvisioningRoute />, '/accounts/loan/provisioning?run=4');
    const table = await screen.findByRole('table', { name: 'Provision by class, SLE' }, { timeout: 10_000 });
    const total = within(table).getByRole('row', { name: /^Total/ });
    expect(
      within(total)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Total', '3', '60,000.00', '4,000.00', '', '20,360.00', '10,000.00', '10,360.00']);
    expect(within(table).getByRole('row', { name: /Loss/ })).toHaveTextContent('100');
    await userEvent.click(screen.getByRole('button', { name: 'Ask to post the provision' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/loan-provisioning/runs/4/post', expect.anything()),
    );
  });

  it('refuses an impossible date with the contract’s message before asking the server', async () => {
    renderAtUrl(<ProvisioningRoute />, '/accounts/loan/provisioning');
    const field = await screen.findByRole('textbox', { name: /As of/ });
    await userEvent.type(field, '31/02/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Compute draft' }));
    expect(await screen.findByText(/date|day/i, { selector: 'p' })).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('computes a draft and opens it; a refusal is shown as the server words it', async () => {
    post.mockResolvedValueOnce(RUN);
    const view = renderAtUrl(<ProvisioningRoute />, '/accounts/loan/provisioning');
    await userEvent.click(await screen.findByRole('button', { name: 'Compute draft' }));
    await waitFor(() => expect(view.url()).toContain('run=4'));
    expect(post).toHaveBeenCalledWith('/loan-provisioning/runs', expect.objectContaining({ body: {} }));
    const { ApiError } = await import('@/lib/api-client');
    post.mockRejectedValueOnce(
      new ApiError(PROVISION_TEXT.posted, 409, 'Conflict', {
        error: PROVISION_TEXT.posted,
        details: { code: 'run_posted' },
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Compute draft' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This provisioning run is posted');
  });
});
