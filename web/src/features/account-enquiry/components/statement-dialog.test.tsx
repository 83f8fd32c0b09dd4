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
});
