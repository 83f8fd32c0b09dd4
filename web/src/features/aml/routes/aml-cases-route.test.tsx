import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { holds, type AmlCaseFile, type Permission } from '@bankmanager/contracts';
import { PermissionsContext } from '@/lib/permissions/permissions-context';
import { stubApiClient } from '@/lib/testing/stubs';
import { AmlCasesRoute } from './aml-cases-route';

const get = vi.fn();
const post = vi.fn();
const apiUpload = vi.fn();
stubApiClient({
  api: { get, post, put: vi.fn() },
  apiUpload,
});

const ID = '0b6f1c2e-8a55-4a57-9b9d-2f0a8e7c1d11';
const FILE: AmlCaseFile = {
  id: ID,
  status: 'under_investigation',
  customerId: 42,
  customerName: 'Aminata Sesay',
  branch: '001',
  assigneeEmail: null,
  alertCount: 1,
  maxScore: 90,
  openedAt: '2026-11-27T10:00:00.000Z',
  openedBy: 'compliance@bankmanager.sl',
  updatedAt: '2026-11-27T10:00:00.000Z',
  closedReason: null,
  version: 2,
  customer: {
    id: 42,
    name: 'Aminata Sesay',
    branch: '001',
    type: 'private',
    risk: 'low',
    pep: false,
    status: 'Active',
  },
  alerts: [
    {
      id: '5',
      scenario: 'structuring',
      ruleVersion: 1,
      customerId: 42,
      customerName: 'Aminata Sesay',
      branch: '001',
      businessDate: '2026-11-27',
      score: 90,
      amount: '89999.97',
      currency: 'SLE',
      entryIds: ['11', '12', '13'],
      facts: { transactions: 3 },
      caseId: ID,
      createdAt: '2026-11-27T10:00:00.000Z',
    },
  ],
  events: [
    {
      id: '1',
      kind: 'opened',
      actorEmail: 'compliance@bankmanager.sl',
      at: '2026-11-27T10:00:00.000Z',
      fromStatus: null,
      toStatus: 'open',
      text: 'From alert 5',
    },
  ],
  attachments: [
    {
      id: '7d1e6b8a-3c2f-4e51-9a0b-5c6d7e8f9a01',
      caseId: ID,
      fileName: 'bank-statement.pdf',
      contentType: 'application/pdf',
      size: 2048,
      uploadedBy: 'compliance@bankmanager.sl',
      uploadedAt: '2026-11-27T11:00:00.000Z',
    },
  ],
};

function renderAs(permissions: Permission[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PermissionsContext.Provider
        value={{ me: null, can: (p) => holds({ permissions, isSuperuser: false }, p), reload: () => {} }}
      >
        <MemoryRouter initialEntries={[`/compliance/cases?case=${ID}`]}>
          <AmlCasesRoute />
        </MemoryRouter>
      </PermissionsContext.Provider>
    </QueryClientProvider>,
  );
}

describe('the case file', () => {
  beforeEach(() => {
    get.mockReset();
    post.mockReset();
    apiUpload.mockReset();
    apiUpload.mockResolvedValue(FILE.attachments[0]);
    get.mockResolvedValue(FILE);
    post.mockResolvedValue({ ...FILE, status: 'escalated', version: 3 });
  });

  it('shows the customer with their 360, the alerts and the history', async () => {
    renderAs(['aml.alerts', 'aml.cases']);
    const customer = await screen.findByRole('link', { name: 'Aminata Sesay (42)' }, { timeout: 5000 });
    expect(customer).toHaveAttribute('href', '/customers/view/000042');
    expect(screen.getByText('SLE 89,999.97')).toBeInTheDocument();
    expect(screen.getByText('11, 12, 13')).toBeInTheDocument();
    expect(screen.getByText(/Open: From alert 5/)).toBeInTheDocument();
  });

  it('offers only the steps the transitions table allows, and escalating needs a reason', async () => {
    renderAs(['aml.alerts', 'aml.cases']);
    const escalate = await screen.findByRole('button', { name: 'Escalate to the MLRO' }, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: 'Start investigation' })).not.toBeInTheDocument();
    // Deciding an escalated case is the MLRO's; filing an STR happens elsewhere.
    expect(screen.queryByRole('button', { name: /STR/ })).not.toBeInTheDocument();
    await userEvent.click(escalate);
    expect(await screen.findByText('Give the reason')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText(/Reason/), 'Structuring under the threshold');
    await userEvent.click(escalate);
    expect(post).toHaveBeenCalledWith(`/aml/cases/${ID}/transitions`, {
      body: { action: 'escalate', version: 2, reason: 'Structuring under the threshold' },
      schema: expect.anything(),
    });
  });

  it('shows a reader without aml.cases no step at all', async () => {
    renderAs(['aml.alerts']);
    await screen.findByRole('link', { name: 'Aminata Sesay (42)' }, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: 'Escalate to the MLRO' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Note')).not.toBeInTheDocument();
    // The evidence is there to read; filing more is the case worker's.
    expect(screen.getByRole('button', { name: 'Download bank-statement.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'File the evidence' })).not.toBeInTheDocument();
  });

  it('files evidence: a wrong type is refused on the field, a PDF is sent as multipart', async () => {
    renderAs(['aml.alerts', 'aml.cases']);
    expect(
      await screen.findByText(/bank-statement\.pdf \(2\.0 KB\)/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    const input = screen.getByLabelText('File');
    await userEvent.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }), {
      applyAccept: false,
    });
    await userEvent.click(screen.getByRole('button', { name: 'File the evidence' }));
    expect(await screen.findByText('Choose a PDF, PNG or JPEG file of at most 5 MB')).toBeInTheDocument();
    expect(apiUpload).not.toHaveBeenCalled();
    const pdf = new File(['%PDF-1.4'], 'ledger.pdf', { type: 'application/pdf' });
    await userEvent.upload(input, pdf);
    await userEvent.click(screen.getByRole('button', { name: 'File the evidence' }));
    await waitFor(() => expect(apiUpload).toHaveBeenCalledTimes(1));
    const [url, form] = apiUpload.mock.calls[0] as [string, FormData];
    expect(url).toBe(`/aml/cases/${ID}/attachments`);
    expect((form.get('file') as File).name).toBe('ledger.pdf');
    expect(await screen.findByText('Attachment filed.')).toBeInTheDocument();
  });

  it('offers the STR from an escalated case to a preparer only', async () => {
    get.mockResolvedValue({ ...FILE, status: 'escalated' });
    const { unmount } = renderAs(['aml.alerts', 'aml.cases', 'aml.str.prepare']);
    const link = await screen.findByRole('link', { name: 'Prepare the STR' }, { timeout: 5000 });
    expect(link).toHaveAttribute('href', `/compliance/str?case=${ID}`);
    unmount();
    renderAs(['aml.alerts', 'aml.cases']);
    await screen.findByRole('link', { name: 'Aminata Sesay (42)' }, { timeout: 5000 });
    expect(screen.queryByRole('link', { name: 'Prepare the STR' })).not.toBeInTheDocument();
  });

  it('offers no STR while the case is still under investigation', async () => {
    renderAs(['aml.alerts', 'aml.cases', 'aml.str.prepare']);
    await screen.findByRole('link', { name: 'Aminata Sesay (42)' }, { timeout: 5000 });
    expect(screen.queryByRole('link', { name: 'Prepare the STR' })).not.toBeInTheDocument();
  });
});
