import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

const { downloadStatement, toast } = vi.hoisted(() => ({
  downloadStatement: vi.fn(async () => {}),
  toast: vi.fn(),
}));
vi.mock('../api/download-statement', () => ({ downloadStatement }));
vi.mock('@/lib/toast', () => ({ toast }));
const { StatementDialog } = await import('./statement-dialog');

describe('StatementDialog', () => {
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
});
