import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { lastQuery, renderAtUrl } from '@/lib/testing/render-at-url';
import { PermissionsContext } from '@/lib/permissions/permissions-context';
import { stubApiClient } from '@/lib/testing/stubs';
import { StrReportsRoute } from './str-reports-route';

type Opts = { onResponse?: (r: Response) => void };
const get = vi.fn();
const post = vi.fn();
const apiDownload = vi.fn();
stubApiClient({
  api: { get, post },
  apiDownload,
});

const str = (id: string, reference: string, status: string, over: object = {}) => ({
  id,
  reference,
  caseId: '5b0f4a2e-1c1d-4c61-9a57-3e0b6c1d2e3f',
  custId: 42,
  customerName: 'Sesay Aminata',
  status,
  accounts: ['1010000001'],
  transactions: ['TLR-1'],
  grounds: ['STRUCT'],
  narrative: 'Three cash deposits just under the threshold on one day.',
  action: '',
  preparedBy: 'comp@bank.sl',
  preparedAt: '2026-03-03T09:00:00.000Z',
  approvalId: null,
  approvedBy: null,
  approvedAt: null,
  contentHash: null,
  fiuSubmittedOn: null,
  fiuReference: null,
  ...over,
});

const page = (held: string[] = ['aml.str.prepare']) => (
  <PermissionsContext.Provider
    value={{ me: null, can: (p) => p !== undefined && held.includes(p), reload: () => {} }}
  >
    <StrReportsRoute />
  </PermissionsContext.Provider>
);

describe('STR Reports', () => {
  beforeEach(() => {
    get.mockReset();
    post.mockReset();
    get.mockImplementation((_path: string, opts: Opts) => {
      opts.onResponse?.(new Response(null, { headers: { 'X-Total-Count': '2' } }));
      return Promise.resolve([
        str('0b7f3a52-7c55-4a40-9d3e-0e4b5f8f2a11', 'STR-2026-000001', 'draft'),
        str('1b7f3a52-7c55-4a40-9d3e-0e4b5f8f2a11', 'STR-2026-000002', 'submitted', {
          approvedBy: 'mlro@bank.sl',
          contentHash: 'ab',
          fiuReference: 'FIU-17',
          fiuSubmittedOn: '2026-03-04',
        }),
      ]);
    });
  });

  it('lists drafts and filed STRs; a draft goes to the MLRO, a filed one downloads', async () => {
    renderAtUrl(page(), '/compliance/str');
    await screen.findByRole('cell', { name: 'STR-2026-000001' });
    expect(screen.getByText('FIU-17')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'goAML XML of STR-2026-000002' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'PDF of STR-2026-000002' })).toBeInTheDocument();
    post.mockResolvedValue({ approvalId: 'a1' });
    fireEvent.click(screen.getByRole('button', { name: 'Send to the MLRO STR-2026-000001' }));
    await waitFor(() => expect(post).toHaveBeenCalled());
    expect(post.mock.calls[0]![0]).toBe('/str-reports/0b7f3a52-7c55-4a40-9d3e-0e4b5f8f2a11/submit');
  }, 20_000);

  it('keeps the status filter in the URL and asks the server for it', async () => {
    const { url } = renderAtUrl(page(), '/compliance/str?status=approved');
    await screen.findByRole('cell', { name: 'STR-2026-000001' });
    expect(lastQuery(get.mock.calls, '/str-reports')).toMatchObject({ status: 'approved' });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'draft' } });
    expect(url()).toBe('/compliance/str?status=draft');
  });

  it('searches by reference or subject in the URL, and downloads the list it shows as CSV', async () => {
    const { url } = renderAtUrl(page(), '/compliance/str?status=draft&q=Sesay');
    await screen.findByRole('cell', { name: 'STR-2026-000001' });
    expect(screen.getByLabelText('Reference or subject')).toHaveValue('Sesay');
    expect(lastQuery(get.mock.calls, '/str-reports')).toMatchObject({ status: 'draft', q: 'Sesay' });
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(apiDownload).toHaveBeenCalledWith(
      '/str-reports?format=csv&status=draft&q=Sesay',
      'str-reports.csv',
    );
    fireEvent.change(screen.getByLabelText('Reference or subject'), { target: { value: 'STR-2026' } });
    await waitFor(() => expect(url()).toBe('/compliance/str?status=draft&q=STR-2026'));
  });

  it('the MLRO records the FIU’s date and reference of an approved STR; the form checks them first', async () => {
    const approved = str('2b7f3a52-7c55-4a40-9d3e-0e4b5f8f2a11', 'STR-2026-000003', 'approved', {
      approvedBy: 'mlro@bank.sl',
      contentHash: 'cd',
    });
    get.mockImplementation((_path: string, opts: Opts) => {
      opts.onResponse?.(new Response(null, { headers: { 'X-Total-Count': '1' } }));
      return Promise.resolve([approved]);
    });
    const { unmount } = renderAtUrl(page(['aml.str.prepare']), '/compliance/str');
    await screen.findByRole('cell', { name: 'STR-2026-000003' });
    // The preparer downloads it but records nothing: the submission is the MLRO's.
    expect(screen.queryByRole('form', { name: 'FIU submission of STR-2026-000003' })).not.toBeInTheDocument();
    unmount();

    renderAtUrl(page(['aml.str.file']), '/compliance/str');
    const form = await screen.findByRole('form', { name: 'FIU submission of STR-2026-000003' });
    fireEvent.submit(form);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Submitted on'), { target: { value: '4 Mar 2026' } });
    fireEvent.blur(screen.getByLabelText('Submitted on'));
    fireEvent.change(screen.getByLabelText('FIU reference'), { target: { value: 'FIU-2026-0042' } });
    post.mockResolvedValue({ ...approved, status: 'submitted', fiuReference: 'FIU-2026-0042' });
    fireEvent.submit(form);
    await waitFor(() => expect(post).toHaveBeenCalled());
    expect(post.mock.calls[0]![0]).toBe('/str-reports/2b7f3a52-7c55-4a40-9d3e-0e4b5f8f2a11/submission');
    expect(post.mock.calls[0]![1]).toMatchObject({
      body: { submittedOn: '2026-03-04', reference: 'FIU-2026-0042' },
    });
  }, 20_000);
});
