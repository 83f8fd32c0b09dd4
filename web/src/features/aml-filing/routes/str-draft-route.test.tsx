import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { renderAtUrl } from '@/lib/testing/render-at-url';
import { PermissionsContext } from '@/lib/permissions/permissions-context';
import { stubApiClient } from '@/lib/testing/stubs';
import { StrReportsRoute } from './str-reports-route';

const get = vi.fn();
const post = vi.fn();
const put = vi.fn();
stubApiClient({ api: { get, post, put } });

const CASE = '5b0f4a2e-1c1d-4c61-9a57-3e0b6c1d2e3f';
const STR = '0b7f3a52-7c55-4a40-9d3e-0e4b5f8f2a11';
const NARRATIVE = 'Three cash deposits just under the threshold on one day; no business reason.';
const prefill = (over: object = {}) => ({
  caseId: CASE,
  caseStatus: 'escalated',
  custId: 42,
  customerName: 'Sesay Aminata',
  strId: null,
  grounds: ['STRUCT'],
  accounts: [
    { number: '1010000001', currency: 'SLE', status: 'Active' },
    { number: '1010000002', currency: 'USD', status: 'Active' },
  ],
  transactions: [
    {
      reference: 'TLR-1',
      postedAt: '2026-03-03T09:00:00.000Z',
      accountNumber: '1010000001',
      currency: 'SLE',
      amount: '29999.99',
      direction: 'credit',
      description: 'Cash deposit',
    },
  ],
  suggestedAccounts: ['1010000001'],
  ...over,
});
const draft = (over: object = {}) => ({
  id: STR,
  reference: 'STR-2026-000007',
  caseId: CASE,
  custId: 42,
  customerName: 'Sesay Aminata',
  status: 'draft',
  accounts: ['1010000001'],
  transactions: ['TLR-1'],
  grounds: ['STRUCT'],
  narrative: NARRATIVE,
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
const routeGets = (one: object, pre: object = prefill()) =>
  get.mockImplementation((path: string) =>
    Promise.resolve(path.startsWith('/str-reports/from-case/') ? pre : one),
  );
const checkbox = (name: RegExp) => screen.getByRole('checkbox', { name });

describe('STR draft screen', () => {
  beforeEach(() => {
    get.mockReset();
    post.mockReset();
    put.mockReset();
  });

  it('starts a draft from a case, prefilled with its evidence; the schema checks it before the server', async () => {
    routeGets(draft(), prefill());
    const { url } = renderAtUrl(page(), `/compliance/str?case=${CASE}`);
    const form = await screen.findByRole('form', { name: 'New STR draft' });
    expect(get.mock.calls[0]![0]).toBe(`/str-reports/from-case/${CASE}`);
    expect(within(form).getByText('Sesay Aminata (42)')).toBeInTheDocument();
    expect(checkbox(/^1010000001/)).toBeChecked();
    expect(checkbox(/^1010000002/)).not.toBeChecked();
    expect(checkbox(/^TLR-1/)).toBeChecked();
    expect(checkbox(/^STRUCT/)).toBeChecked();
    expect(checkbox(/^RAPID/)).not.toBeChecked();

    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Write at least 20 characters')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Narrative/)).toHaveAttribute('aria-invalid', 'true');
    expect(post).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText(/^Narrative/), { target: { value: NARRATIVE } });
    fireEvent.click(checkbox(/^RAPID/));
    post.mockResolvedValue(draft());
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(post).toHaveBeenCalled());
    expect(post.mock.calls[0]![0]).toBe('/str-reports');
    expect(post.mock.calls[0]![1]).toMatchObject({
      body: {
        caseId: CASE,
        custId: 42,
        accounts: ['1010000001'],
        transactions: ['TLR-1'],
        grounds: ['STRUCT', 'RAPID'],
        narrative: NARRATIVE,
      },
    });
    await waitFor(() => expect(url()).toBe(`/compliance/str?str=${STR}`));
  }, 20_000);

  it('opens the case’s STR in progress instead of drafting a second one', async () => {
    routeGets(draft(), prefill({ strId: STR }));
    const { url } = renderAtUrl(page(), `/compliance/str?case=${CASE}`);
    await waitFor(() => expect(url()).toBe(`/compliance/str?str=${STR}`));
    expect(await screen.findByRole('form', { name: 'Draft STR-2026-000007' })).toBeInTheDocument();
  });

  it('puts the server’s field refusals on the field, and saves then sends an edited draft to the MLRO', async () => {
    routeGets(draft());
    renderAtUrl(page(), `/compliance/str?str=${STR}`);
    await screen.findByRole('form', { name: 'Draft STR-2026-000007' });
    expect(screen.getByLabelText(/^Narrative/)).toHaveValue(NARRATIVE);
    fireEvent.click(checkbox(/^1010000002/));
    put.mockRejectedValueOnce(
      new ApiError('Account 1010000002 is not the subject’s', 400, 'Bad Request', {
        error: 'Account 1010000002 is not the subject’s',
        details: [{ path: '/accounts/1', message: 'not the subject’s' }],
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    const group = await screen.findByRole('group', { name: 'Accounts' });
    expect(await within(group).findByRole('alert')).toHaveTextContent('not the subject’s');
    expect(group).toHaveAttribute('aria-invalid', 'true');

    fireEvent.click(checkbox(/^1010000002/));
    put.mockResolvedValue(draft());
    post.mockResolvedValue({ approvalId: 'ap-1' });
    fireEvent.click(screen.getByRole('button', { name: 'Save and send to the MLRO' }));
    await waitFor(() => expect(post).toHaveBeenCalled());
    expect(put.mock.calls.at(-1)![0]).toBe(`/str-reports/${STR}`);
    expect(put.mock.calls.at(-1)![1]).toMatchObject({ body: { accounts: ['1010000001'] } });
    expect(post.mock.calls[0]![0]).toBe(`/str-reports/${STR}/submit`);
  }, 20_000);

  it('shows a sent STR as sent: no form; the MLRO is pointed to the approvals inbox', async () => {
    routeGets(draft({ status: 'pending_approval', approvalId: 'ap-1' }));
    const { unmount } = renderAtUrl(page(['aml.str.prepare']), `/compliance/str?str=${STR}`);
    await screen.findByText('Awaiting the MLRO');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.getByText(NARRATIVE)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /approvals inbox/ })).not.toBeInTheDocument();
    unmount();
    renderAtUrl(page(['aml.str.prepare', 'aml.str.file']), `/compliance/str?str=${STR}`);
    const link = await screen.findByRole('link', { name: /Decide in the approvals inbox/ });
    expect(link.getAttribute('href')).toContain('request=ap-1');
  });
});
