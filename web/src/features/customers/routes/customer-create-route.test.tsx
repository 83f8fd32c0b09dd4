import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CUSTOMER_TEXT, PHONE_MESSAGES } from '@bankmanager/contracts';
import { ApiError } from '@/lib/api-client';
import { stubApiClient } from '@/lib/testing/stubs';
import { CustomerCreateRoute } from './customer-create-route';

const post = vi.fn();
stubApiClient({ api: { get: vi.fn(async () => []), post } });

const DRAFT_KEY = 'bankmanager-customer-draft:private';
const complete = {
  type: 'private',
  branch: '001',
  title: 'Mr',
  firstName: 'Mohamed',
  middleName: '',
  lastName: 'Kamara',
  gender: 'male',
  dateOfBirth: '1985-04-12',
  idType: 'national_id',
  idNumber: '4KX7Q2M9',
  idIssuedOn: '2022-01-10',
  idExpiresOn: '2099-01-09',
  mobile: '+23276123456',
  email: '',
  address: { line1: '12 Siaka Stevens Street', line2: '', town: 'Freetown', district: 'Western Area Urban' },
  occupation: 'Teacher',
  employer: '',
  incomeBand: '2k_10k',
  sourceOfFunds: 'salary',
  nextOfKin: { name: 'Aminata Kamara', relationship: 'Sister', mobile: '+23277123456' },
  pep: false,
};

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/customers/private/new']}>
        <CustomerCreateRoute kind="private" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('new private customer', () => {
  beforeEach(() => {
    sessionStorage.clear();
    post.mockReset();
  });

  it('refuses an empty first step field by field and puts the cursor on the first bad field', async () => {
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const first = screen.getByLabelText('First name');
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(first).toHaveAccessibleDescription(CUSTOMER_TEXT.required);
    expect(screen.getByLabelText('Title')).toHaveFocus();
  });

  it('moves on from a filled first step after an earlier Next failed, with no stale error under a chosen value', async () => {
    renderForm();
    const nextButton = screen.getByRole('button', { name: 'Next' });
    await userEvent.click(nextButton);
    expect(screen.getByLabelText('Gender')).toHaveAccessibleDescription(CUSTOMER_TEXT.required);
    await userEvent.selectOptions(screen.getByLabelText('Title'), 'Mr');
    await userEvent.selectOptions(screen.getByLabelText('Gender'), 'male');
    expect(screen.getByLabelText('Gender')).not.toHaveAccessibleDescription(CUSTOMER_TEXT.required);
    await userEvent.type(screen.getByLabelText('First name'), 'Mohamed');
    await userEvent.type(screen.getByLabelText('Last name'), 'Kamara');
    await userEvent.type(screen.getByLabelText('Date of birth'), '1985-04-12');
    const branch = screen.getByLabelText(/^Branch/);
    await userEvent.clear(branch);
    await userEvent.type(branch, '001');
    await userEvent.click(nextButton);
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Identification');
  }, 20_000);

  // The rules that read two fields (ID shape by type, ID dates, date of birth) run on their step too,
  // with the later steps still empty, not only at Create.
  const upToIdentification = {
    ...complete,
    mobile: '',
    address: { line1: '', line2: '', town: '', district: '' },
    occupation: '',
    incomeBand: '',
    sourceOfFunds: '',
    nextOfKin: { name: '', relationship: '', mobile: '' },
  };

  it("checks the NIN's shape and the ID's dates on the Identification step's Next", async () => {
    sessionStorage.setItem(
      DRAFT_KEY,
      JSON.stringify({
        step: 1,
        values: {
          ...upToIdentification,
          idNumber: 'AB12',
          idIssuedOn: '2022-01-10',
          idExpiresOn: '2021-01-09',
        },
      }),
    );
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Identification');
    const id = screen.getByLabelText('ID number');
    expect(id).toHaveAttribute('aria-invalid', 'true');
    expect(id).toHaveFocus();
    expect(screen.getByText(CUSTOMER_TEXT.nin)).toBeInTheDocument();
    expect(screen.getByLabelText('Expires on')).toHaveAccessibleDescription(
      CUSTOMER_TEXT.idExpiryBeforeIssue,
    );
    await userEvent.clear(id);
    await userEvent.type(id, '4KX7Q2M9');
    const expiry = screen.getByLabelText('Expires on');
    await userEvent.clear(expiry);
    await userEvent.type(expiry, '2099-01-09');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Contact');
    expect(post).not.toHaveBeenCalled();
  }, 20_000);

  it("checks the mobile on the Contact step's Next and a future date of birth on the first step's", async () => {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ step: 2, values: upToIdentification }));
    const view = renderForm();
    await userEvent.type(screen.getByLabelText(/^Mobile/), '076123');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Contact');
    expect(screen.getByLabelText(/^Mobile/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(PHONE_MESSAGES.plus)).toBeInTheDocument();
    view.unmount();

    sessionStorage.setItem(
      DRAFT_KEY,
      JSON.stringify({ step: 0, values: { ...upToIdentification, dateOfBirth: '2999-01-01' } }),
    );
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Identity');
    expect(screen.getByLabelText('Date of birth')).toHaveAccessibleDescription(CUSTOMER_TEXT.dobFuture);
  }, 20_000);

  it('keeps the draft across a remount and discards it on request', async () => {
    const view = renderForm();
    await userEvent.type(screen.getByLabelText('First name'), 'Fatmata');
    view.unmount();
    renderForm();
    expect(screen.getByLabelText('First name')).toHaveValue('Fatmata');
    await userEvent.click(screen.getByRole('button', { name: 'Discard draft' }));
    expect(screen.getByLabelText('First name')).toHaveValue('');
    expect(sessionStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('shows a refused duplicate ID with a link, and resends a possible duplicate once confirmed', async () => {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ step: 3, values: complete }));
    const matches = [{ id: 42, name: 'Mohamed Kamara', href: '/customers/view/000042', why: 'id_number' }];
    post.mockRejectedValueOnce(
      new ApiError('This ID is already on file', 409, 'Conflict', {
        error: 'This ID is already on file',
        code: 'duplicate_id',
        matches,
      }),
    );
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create customer' }));
    expect(await screen.findByRole('link', { name: 'Mohamed Kamara' })).toHaveAttribute(
      'href',
      '/customers/view/000042',
    );
    expect(screen.queryByRole('button', { name: /create anyway/ })).toBeNull();
    expect(post.mock.calls[0]![1].body).toMatchObject({
      type: 'private',
      idNumber: '4KX7Q2M9',
      mobile: '+23276123456',
    });
    expect(post.mock.calls[0]![1].body).not.toHaveProperty('email');

    post.mockRejectedValueOnce(
      new ApiError('Possible duplicate', 409, 'Conflict', {
        error: CUSTOMER_TEXT.possibleDuplicate,
        code: 'possible_duplicate',
        matches: [{ ...matches[0], why: 'mobile' }],
      }),
    );
    post.mockResolvedValueOnce({ id: 77, version: 1, status: 'Pending' });
    await userEvent.click(screen.getByRole('button', { name: 'Create customer' }));
    await userEvent.click(await screen.findByRole('button', { name: /create anyway/ }));
    expect(post.mock.calls[2]![1].body).toMatchObject({ confirmDuplicates: true });
    expect(
      await screen.findByRole('heading', { name: 'Customer 000077 created (Pending)' }),
    ).toBeInTheDocument();
    expect(sessionStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it("puts the server's 400 details on their fields, opening that field's step", async () => {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ step: 3, values: complete }));
    post.mockRejectedValueOnce(
      new ApiError('Invalid', 400, 'Bad Request', {
        error: 'Invalid',
        details: [{ path: '/idNumber', message: CUSTOMER_TEXT.nin }],
      }),
    );
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create customer' }));
    const id = await screen.findByLabelText('ID number');
    expect(id).toHaveAttribute('aria-invalid', 'true');
    expect(id).toHaveFocus();
    expect(screen.getByText(CUSTOMER_TEXT.nin)).toBeInTheDocument();
  });
});
