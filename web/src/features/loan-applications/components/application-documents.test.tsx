import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LOAN_DOCUMENT_TEXT,
  type LoanApplicationStatus,
  type LoanDocument,
  type Permission,
} from '@bankmanager/contracts';
import { ApiError } from '@/lib/api-client';
import { PermissionsContext } from '@/lib/permissions/permissions-context';
import { stubApiClient } from '@/lib/testing/stubs';
import { ApplicationDocuments } from './application-documents';

const get = vi.fn();
const apiUpload = vi.fn();
const apiDownload = vi.fn();
stubApiClient({ api: { get }, apiUpload, apiDownload });

const PAYSLIP: LoanDocument = {
  id: '3f2b8c1e-0000-4000-8000-000000000001',
  applicationId: 7,
  kind: 'payslip',
  fileName: 'payslip-march.pdf',
  contentType: 'application/pdf',
  size: 48_213,
  uploadedBy: 'officer@bank.sl',
  uploadedAt: '2026-11-23T09:00:00.000Z',
};

function renderDocs(status: LoanApplicationStatus, permissions: Permission[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PermissionsContext.Provider
        value={{ me: null, can: (p) => !!p && permissions.includes(p), reload: () => {} }}
      >
        <ApplicationDocuments id={7} status={status} />
      </PermissionsContext.Provider>
    </QueryClientProvider>,
  );
}

const pdf = (bytes = 10) => new File([new Uint8Array(bytes)], 'letter.pdf', { type: 'application/pdf' });

describe('loan application documents', () => {
  beforeEach(() => {
    get.mockReset();
    apiUpload.mockReset();
    apiDownload.mockReset();
    get.mockResolvedValue([PAYSLIP]);
  });

  it('lists the documents and downloads one under its filed name', async () => {
    renderDocs('Submitted', ['loans.read']);
    const table = await screen.findByRole('table', { name: 'Documents' });
    expect(within(table).getByText('Payslip')).toBeInTheDocument();
    expect(within(table).getByText(/payslip-march\.pdf \(47\.1 KB\)/)).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/loan-applications/7/documents', expect.anything());
    apiDownload.mockResolvedValue(undefined);
    await userEvent.click(screen.getByRole('button', { name: 'Download payslip-march.pdf' }));
    expect(apiDownload).toHaveBeenCalledWith(
      `/loan-applications/7/documents/${PAYSLIP.id}/content`,
      'payslip-march.pdf',
    );
    // Reading alone: no filing form.
    expect(screen.queryByRole('button', { name: 'File the document' })).toBeNull();
  });

  it('checks the kind and the file by the contract before sending, then files it and reads the list again', async () => {
    renderDocs('Draft', ['loans.read', 'loans.apply']);
    await screen.findByRole('table', { name: 'Documents' });
    await userEvent.click(screen.getByRole('button', { name: 'File the document' }));
    expect(screen.getByText(LOAN_DOCUMENT_TEXT.kind)).toBeInTheDocument();
    expect(screen.getByText(LOAN_DOCUMENT_TEXT.file)).toBeInTheDocument();
    expect(screen.getByLabelText('Document')).toHaveFocus();
    expect(apiUpload).not.toHaveBeenCalled();

    await userEvent.selectOptions(screen.getByLabelText('Document'), 'employer_letter');
    await userEvent.upload(screen.getByLabelText('File'), pdf());
    apiUpload.mockResolvedValue({ ...PAYSLIP, kind: 'employer_letter', fileName: 'letter.pdf' });
    get.mockClear();
    await userEvent.click(screen.getByRole('button', { name: 'File the document' }));
    expect(await screen.findByText(LOAN_DOCUMENT_TEXT.uploaded)).toBeInTheDocument();
    const [path, form] = apiUpload.mock.calls[0] as [string, FormData];
    expect(path).toBe('/loan-applications/7/documents');
    expect(form.get('kind')).toBe('employer_letter');
    expect((form.get('file') as File).name).toBe('letter.pdf');
    expect(get).toHaveBeenCalledWith('/loan-applications/7/documents', expect.anything());
  });

  it('a file too large is refused here; the server’s refusal is shown', async () => {
    renderDocs('Appraised', ['loans.read', 'loans.apply']);
    await screen.findByRole('table', { name: 'Documents' });
    await userEvent.selectOptions(screen.getByLabelText('Document'), 'payslip');
    await userEvent.upload(screen.getByLabelText('File'), pdf(5 * 1024 * 1024 + 1));
    await userEvent.click(screen.getByRole('button', { name: 'File the document' }));
    expect(screen.getByText(LOAN_DOCUMENT_TEXT.file)).toBeInTheDocument();
    expect(apiUpload).not.toHaveBeenCalled();

    await userEvent.upload(screen.getByLabelText('File'), pdf());
    apiUpload.mockRejectedValue(
      new ApiError(LOAN_DOCUMENT_TEXT.closed('Withdrawn'), 409, 'Conflict', {
        error: LOAN_DOCUMENT_TEXT.closed('Withdrawn'),
        details: { code: 'wrong_state', status: 'Withdrawn' },
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'File the document' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(LOAN_DOCUMENT_TEXT.closed('Withdrawn'));
  });

  it('a withdrawn application shows its documents but takes no new one', async () => {
    renderDocs('Withdrawn', ['loans.read', 'loans.apply']);
    await screen.findByRole('table', { name: 'Documents' });
    expect(screen.queryByRole('button', { name: 'File the document' })).toBeNull();
  });
});
