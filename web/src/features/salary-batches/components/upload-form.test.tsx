import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeAccountNumber } from '@bankmanager/contracts';

const { mutate } = vi.hoisted(() => ({ mutate: vi.fn() }));
vi.mock('../api/upload-batch', () => ({ useUploadBatch: () => ({ mutate, isPending: false, error: null }) }));
const { ApiError } = await import('@/lib/api-client');
const { UploadForm } = await import('./upload-form');

const employer = makeAccountNumber('001', 421);
const FILE_LABEL = 'Salary file (CSV: account number, amount, narration)';

describe('<UploadForm>', () => {
  beforeEach(() => {
    mutate.mockReset();
  });

  it("asks for the file and a narration with the contract's messages, and uploads nothing", async () => {
    render(<UploadForm onUploaded={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Employer account'), employer);
    await userEvent.click(screen.getByRole('button', { name: 'Upload and validate' }));
    await waitFor(() => {
      expect(screen.getByLabelText(FILE_LABEL)).toHaveAccessibleDescription(
        /Choose a CSV file with account number, amount and narration/,
      );
      expect(screen.getByLabelText('Narration')).toHaveAccessibleDescription(/Please enter a narration/);
      expect(mutate).not.toHaveBeenCalled();
    });
  });

  it("uploads the file's text and puts a 400's detail on its field", async () => {
    mutate.mockImplementation((_body: unknown, opts: { onError: (e: Error) => void }) =>
      opts.onError(
        new ApiError('Bad request', 400, 'Bad Request', {
          error: 'Bad request',
          details: [{ path: '/csv', message: 'The file is too large' }],
        }),
      ),
    );
    const csv = `${makeAccountNumber('001', 422)},1500.00,March salary\n`;
    render(<UploadForm onUploaded={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Employer account'), employer);
    await userEvent.type(screen.getByLabelText('Narration'), 'March salaries');
    await userEvent.upload(
      screen.getByLabelText(FILE_LABEL),
      new File([csv], 'march.csv', { type: 'text/csv' }),
    );
    expect(await screen.findByText('march.csv: 1 lines')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Upload and validate' }));
    await waitFor(() => {
      expect(mutate).toHaveBeenCalledWith(
        expect.objectContaining({ employer_account: employer, narration: 'March salaries', csv }),
        expect.anything(),
      );
      expect(screen.getByLabelText(FILE_LABEL)).toHaveAccessibleDescription(/The file is too large/);
    });
  });
});
