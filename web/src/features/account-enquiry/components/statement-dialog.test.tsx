import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STATEMENT_END_AFTER_TODAY } from '@bankmanager/contracts';
import { ApiError } from '@/lib/api-client';

const { downloadStatement, toast } = vi.hoisted(() => ({
  downloadStatement: vi.fn<(...args: unknown[]) => Promise<void>>(async () => {}),
  toast: vi.fn(),
}));
vi.mock('../api/download-statement', () => ({ downloadStatement }));
vi.mock('@/lib/toast', () => ({ toast }));
// The bank's business date, a month behind the wall clock here: the statement runs to it.
vi.mock('@/lib/business-date', () => ({
  useBusinessDate: () => ({ data: { business_date: '2026-11-27' } }),
}));
const { StatementDialog } = await import('./statement-dialog');

describe('StatementDialog', () => {
  beforeEach(() => {
    downloadStatement.mockClear();
    toast.mockClear();
  });

  it('says so when the download has finished', async () => {
    render(<StatementDialog accountNumber="0010000042157" />);
    await userEvent.click(screen.getByRole('button', { name: 'Download Statement' }));
    await userEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Statement downloaded', variant: 'success' }),
      ),
    );
    expect(downloadStatement).toHaveBeenCalledWith(
      '0010000042157',
      expect.any(String),
      expect.any(String),
      'pdf',
    );
  });

  it("shows the statement schema's message on the start date and downloads nothing", async () => {
    render(<StatementDialog accountNumber="0010000042157" />);
    await userEvent.click(screen.getByRole('button', { name: 'Download Statement' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-02-10' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-02-01' } });
    await userEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(screen.getByLabelText('From')).toHaveAccessibleDescription(
      'The start date must not be after the end date',
    );
    expect(downloadStatement).not.toHaveBeenCalled();
  });

  it('puts the server’s refusal of the end date on the To field, not in a toast', async () => {
    downloadStatement.mockRejectedValueOnce(
      new ApiError('Invalid request', 400, 'Bad Request', {
        error: 'Invalid request',
        details: [{ path: '/to', message: STATEMENT_END_AFTER_TODAY }],
      }),
    );
    render(<StatementDialog accountNumber="0010000042157" />);
    await userEvent.click(screen.getByRole('button', { name: 'Download Statement' }));
    await userEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() =>
      expect(screen.getByLabelText('To')).toHaveAccessibleDescription(STATEMENT_END_AFTER_TODAY),
    );
    expect(screen.getByRole('dialog', { name: 'Download Statement' })).toBeInTheDocument();
    expect(toast).not.toHaveBeenCalled();
  });

  it('opens on the 30 days up to the business date, day first, and refuses an end after it', async () => {
    render(<StatementDialog accountNumber="0010000042157" />);
    await userEvent.click(screen.getByRole('button', { name: 'Download Statement' }));
    expect(screen.getByLabelText('From')).toHaveValue('28 Oct 2026');
    expect(screen.getByLabelText('To')).toHaveValue('27 Nov 2026');
    await userEvent.clear(screen.getByLabelText('To'));
    await userEvent.type(screen.getByLabelText('To'), '28/11/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(screen.getByLabelText('To')).toHaveAccessibleDescription(STATEMENT_END_AFTER_TODAY);
    await userEvent.clear(screen.getByLabelText('To'));
    await userEvent.type(screen.getByLabelText('To'), '20 Nov 2026');
    await userEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() =>
      expect(downloadStatement).toHaveBeenCalledWith('0010000042157', '2026-10-28', '2026-11-20', 'pdf'),
    );
  });
});
