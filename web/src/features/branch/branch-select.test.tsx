import { render, screen, cleanup } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MePermissions } from '@bankmanager/contracts/roles';
import { BranchProvider } from '@/lib/branch';
import { PermissionsContext } from '@/lib/permissions/permissions-context';
import { BranchSelect } from './branch-select';

const me = (permissions: string[]): MePermissions => ({
  permissions,
  roles: [],
  homeBranch: '001',
  isSuperuser: false,
  limits: [],
});

function renderSelect(permissions: string[]) {
  return render(
    <BranchProvider>
      <PermissionsContext.Provider
        value={{ me: me(permissions), can: (p) => !!p && permissions.includes(p), reload: () => {} }}
      >
        <BranchSelect />
      </PermissionsContext.Provider>
    </BranchProvider>,
  );
}
const select = () => screen.getByLabelText<HTMLSelectElement>('Branch');

describe('BranchSelect', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it('starts at the home branch when nothing was chosen', () => {
    renderSelect(['branches.all']);
    expect(select().value).toBe('001');
  });

  it('keeps "All branches" for a user with cross-branch rights, also after a reload', async () => {
    renderSelect(['branches.all']);
    await userEvent.selectOptions(select(), '');
    expect(select().value).toBe('');
    cleanup(); // a reload: the provider reads the stored choice again
    renderSelect(['branches.all']);
    expect(select().value).toBe('');
  });

  it('keeps a chosen branch across a reload', async () => {
    renderSelect(['branches.all']);
    await userEvent.selectOptions(select(), '010');
    cleanup();
    renderSelect(['branches.all']);
    expect(select().value).toBe('010');
  });

  it('locks a user without cross-branch rights to the home branch, whatever was stored', () => {
    localStorage.setItem('bankmanager-branch', 'all');
    renderSelect([]);
    expect(select().value).toBe('001');
    expect(select().disabled).toBe(true);
  });
});
