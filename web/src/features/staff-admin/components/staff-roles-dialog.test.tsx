import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffListItem } from '@bankmanager/contracts';

const { mutate, roles } = vi.hoisted(() => ({
  mutate: vi.fn(),
  roles: Array.from({ length: 21 }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    name: `Role ${i}`,
    retired: false,
    holders: i === 0 ? [{ userId: 'u1', email: 'a@b.sl' }] : [],
  })),
}));
vi.mock('../api/set-staff-roles', () => ({
  useAssignableRoles: () => ({ data: roles }),
  useSetStaffRoles: () => ({ mutate, isPending: false }),
}));
const toast = vi.fn();
vi.mock('@/lib/toast', () => ({ toast }));
const { ApiError } = await import('@/lib/api-client');
const { StaffRolesDialog } = await import('./staff-roles-dialog');

const user = { id: 'u1', email: 'a@b.sl', fullName: 'Aminata Bangura' } as StaffListItem;

describe('<StaffRolesDialog>', () => {
  beforeEach(() => {
    mutate.mockReset();
    toast.mockReset();
  });

  it('refuses more roles than the contract allows, on the roles, and sends nothing', async () => {
    render(<StaffRolesDialog user={user} onClose={vi.fn()} />);
    expect(screen.getByRole('checkbox', { name: 'Role 0' })).toBeChecked();
    // The boxes found once: twenty name lookups by role took seconds on a loaded machine.
    const unticked = screen.getAllByRole<HTMLInputElement>('checkbox').filter((box) => !box.checked);
    expect(unticked).toHaveLength(roles.length - 1);
    for (const box of unticked) await userEvent.click(box);
    await userEvent.click(screen.getByRole('button', { name: 'Send for approval' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/20/);
    expect(mutate).not.toHaveBeenCalled();
  });

  it("sends the held roles and the branch, and puts a 400's detail on the branch", async () => {
    mutate.mockImplementation((_body: unknown, opts: { onError: (e: Error) => void }) =>
      opts.onError(
        new ApiError('Bad request', 400, 'Bad Request', {
          error: 'Bad request',
          details: [{ path: '/homeBranch', message: 'No such branch' }],
        }),
      ),
    );
    render(<StaffRolesDialog user={user} onClose={vi.fn()} />);
    await userEvent.selectOptions(screen.getByLabelText('Home branch'), '001');
    await userEvent.click(screen.getByRole('button', { name: 'Send for approval' }));
    await waitFor(() => {
      expect(mutate).toHaveBeenCalledWith(
        { userId: 'u1', input: { roleIds: [roles[0]!.id], homeBranch: '001' } },
        expect.anything(),
      );
    });
    expect(await screen.findByText('No such branch')).toBeInTheDocument();
    expect(screen.getByLabelText('Home branch')).toHaveAttribute('aria-invalid', 'true');
    expect(toast).not.toHaveBeenCalled();
  });
});
