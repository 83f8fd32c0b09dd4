import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const { mutate, tills } = vi.hoisted(() => ({ mutate: vi.fn(), tills: { data: [] as unknown[] } }));
vi.mock('../api/open-session', () => ({
  useOpenSession: () => ({ mutate, reset: vi.fn(), isPending: false, error: null }),
}));
// The branch's till register as the teller may open it; empty: a branch not set up types the code.
vi.mock('../api/get-my-tills', () => ({ useMyTills: () => ({ isPending: false, data: tills.data }) }));
const till = (code: string, name: string, assignedTellerId: string | null = null) => ({
  id: `id-${code}`,
  branch: '001',
  code,
  name,
  assignedTellerId,
  assignedTellerName: assignedTellerId ? 'Me' : null,
  active: true,
  updatedAt: '2026-11-29T07:00:00Z',
});
const { ApiError } = await import('@/lib/api-client');
const { OpenSessionForm } = await import('./open-session-form');

describe('<OpenSessionForm>', () => {
  beforeEach(() => {
    mutate.mockReset();
    tills.data = [];
  });

  it("picks the till from the branch's register, the teller's own chosen, and sends its code", async () => {
    tills.data = [till('TILL-1', 'Front counter'), till('TILL-3', 'Window 3', 'me')];
    render(<OpenSessionForm branch="001" />);
    const select = screen.getByRole('combobox', { name: 'Till' });
    expect(select).toHaveValue('TILL-3');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose your till', 'TILL-1 — Front counter', 'TILL-3 — Window 3']);
    await userEvent.selectOptions(select, 'TILL-1');
    await userEvent.click(screen.getByRole('button', { name: /Open till with/ }));
    await waitFor(() =>
      expect(mutate).toHaveBeenCalledWith(expect.objectContaining({ tillCode: 'TILL-1' }), expect.anything()),
    );
  });

  it('types no code before the teller does where the branch has no register', () => {
    render(<OpenSessionForm branch="001" />);
    expect(screen.getByRole('textbox', { name: 'Till' })).toHaveValue('');
  });

  it("shows the contract's message on the till code and opens nothing", async () => {
    render(<OpenSessionForm branch="001" />);
    const till = screen.getByLabelText('Till');
    await userEvent.clear(till);
    await userEvent.type(till, 'till one');
    await userEvent.click(screen.getByRole('button', { name: /Open till with/ }));
    await waitFor(() => {
      expect(till).toHaveAccessibleDescription(
        'A till code such as TILL-1 (letters, digits and "-", up to 12)',
      );
      expect(mutate).not.toHaveBeenCalled();
    });
  });

  it("sends the contract's body and puts a 400's detail on the allocation", async () => {
    mutate.mockImplementation((_body: unknown, opts: { onError: (e: Error) => void }) =>
      opts.onError(
        new ApiError('Bad request', 400, 'Bad Request', {
          error: 'Bad request',
          details: [{ path: '/allocation/total', message: 'The vault holds less than this' }],
        }),
      ),
    );
    render(<OpenSessionForm branch="001" />);
    await userEvent.clear(screen.getByLabelText('Till'));
    await userEvent.type(screen.getByLabelText('Till'), 'till-2');
    await userEvent.click(screen.getByRole('button', { name: /Open till with/ }));
    await waitFor(() => {
      expect(mutate).toHaveBeenCalledWith(
        expect.objectContaining({
          tillCode: 'TILL-2',
          currency: 'SLE',
          branch: '001',
          allocation: { total: '0', denominations: {} },
        }),
        expect.anything(),
      );
    });
    expect(await screen.findByText('The vault holds less than this')).toBeInTheDocument();
    expect(screen.getByLabelText('Allocation')).toHaveAttribute('aria-invalid', 'true');
  });
});
