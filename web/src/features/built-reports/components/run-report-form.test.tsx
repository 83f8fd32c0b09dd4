import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BUILT_REPORTS_TEXT as T, type ReportRun } from '@bankmanager/contracts/built-reports';
import * as toasts from '@/lib/toast';
import { stubApiClient, stubFunctions } from '@/lib/testing/stubs';
import { RunReportForm } from './run-report-form';

const queued: ReportRun = {
  id: '7',
  reportId: 'account_openings',
  title: 'Accounts opened and closed',
  params: { from: '2026-11-01', to: '2026-11-24' },
  format: 'xlsx',
  status: 'queued',
  progress: 0,
  error: null,
  attempts: 0,
  requestedBy: 'a@bank.sl',
  scheduleId: null,
  businessDate: null,
  rows: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  finishedAt: null,
};
const post = vi.fn(async (_path: string, _opts: unknown): Promise<unknown> => queued);
stubApiClient({ api: { post, get: vi.fn() }, apiDownload: vi.fn() });
const toast = vi.fn();
stubFunctions(toasts, { toast });

function renderForm(onQueued = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <RunReportForm onQueued={onQueued} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return onQueued;
}

describe('RunReportForm', () => {
  beforeEach(() => {
    post.mockClear();
    toast.mockClear();
  });

  it('draws the chosen report’s own fields and refuses a missing or impossible date before asking the server', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm();
    await user.selectOptions(screen.getByLabelText('Report'), 'account_openings');
    expect(screen.getByLabelText('Branch (optional)')).toBeInTheDocument();
    expect(screen.queryByLabelText('As of date (optional)')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('From'), '30/02/2026');
    await user.click(screen.getByRole('button', { name: 'Run report' }));
    await waitFor(() => expect(screen.getByLabelText('From')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
    expect(post).not.toHaveBeenCalled();
  }, 30_000);

  it('queues the run with the typed parameters and the output chosen', async () => {
    const user = userEvent.setup({ delay: null });
    const onQueued = renderForm();
    await user.selectOptions(screen.getByLabelText('Report'), 'account_openings');
    await user.type(screen.getByLabelText('From'), '01/11/2026');
    await user.type(screen.getByLabelText('To'), '24/11/2026');
    await user.type(screen.getByLabelText('Branch (optional)'), '301');
    await user.selectOptions(screen.getByLabelText('Output'), 'xlsx');
    await user.click(screen.getByRole('button', { name: 'Run report' }));
    await waitFor(() => expect(post).toHaveBeenCalled());
    expect(post).toHaveBeenCalledWith(
      '/built-reports/runs',
      expect.objectContaining({
        body: {
          reportId: 'account_openings',
          params: { from: '2026-11-01', to: '2026-11-24', branch: '301' },
          format: 'xlsx',
        },
      }),
    );
    expect(onQueued).toHaveBeenCalled();
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: T.queued }));
  }, 30_000);

  it('links a report that keeps its own screen instead of running it', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm();
    await user.selectOptions(screen.getByLabelText('Report'), 'ctr_list');
    expect(screen.getByRole('link', { name: /Cash transaction reports/ })).toHaveAttribute(
      'href',
      '/reports/ctr',
    );
    expect(screen.queryByRole('button', { name: 'Run report' })).not.toBeInTheDocument();
  });
});
