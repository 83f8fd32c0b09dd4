import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { matchRoutes, MemoryRouter } from 'react-router';
import { paths } from '@/config/paths';
import { describe, expect, it } from 'vitest';
import { MegaMenu } from '@/features/menu';
import { ScreensContext } from '@/lib/screens';
import { APP_ROUTES } from './router';

/** The mega panel marks the entries the router has no screen for, from the router itself. */
describe('menu marks from the route table', () => {
  function renderMenu() {
    render(
      <MemoryRouter initialEntries={['/dashboard']}>
        <ScreensContext value={APP_ROUTES}>
          <MegaMenu />
        </ScreensContext>
      </MemoryRouter>,
    );
  }
  const soon = (el: HTMLElement) => el.getAttribute('data-soon') === 'true';

  it('marks an entry without a screen, not one with a route, and a section by what it holds', async () => {
    renderMenu();
    await userEvent.hover(screen.getByRole('menuitem', { name: 'Transaction' }));
    const waste = screen.getByRole('menuitem', { name: 'Waste Processing' });
    expect(soon(waste)).toBe(true);
    expect(waste).toHaveAccessibleDescription(/Not available yet/);
    // Transaction Control holds the approvals inbox (a route): not marked; its Clear Deposit card is.
    const control = screen.getByRole('menuitem', { name: 'Transaction Control' });
    expect(soon(control)).toBe(false);
    await userEvent.hover(control);
    expect(soon(screen.getByRole('menuitem', { name: /^Approve Transactions/ }))).toBe(false);
    expect(soon(screen.getByRole('menuitem', { name: /^Clear Deposit/ }))).toBe(true);
    // Proof has the teller's screens.
    expect(soon(screen.getByRole('menuitem', { name: 'Proof Transactions' }))).toBe(false);

    await userEvent.hover(screen.getByRole('menuitem', { name: 'Enquiries' }));
    expect(soon(screen.getByRole('menuitem', { name: 'Account Enquiry' }))).toBe(false);
    expect(soon(screen.getByRole('menuitem', { name: 'Snapshot View' }))).toBe(false);
    expect(soon(screen.getByRole('menuitem', { name: 'Departments' }))).toBe(true);
  });

  it('shows the loan screens that exist live under Account → Loan, beside those still to come', async () => {
    renderMenu();
    await userEvent.hover(screen.getByRole('menuitem', { name: 'Account' }));
    const loan = screen.getByRole('menuitem', { name: 'Loan' });
    expect(soon(loan)).toBe(false);
    await userEvent.hover(loan);
    expect(soon(screen.getByRole('menuitem', { name: /^Loan Administration/ }))).toBe(false);
    expect(soon(screen.getByRole('menuitem', { name: /^Loan Simulation/ }))).toBe(false);
    expect(soon(screen.getByRole('menuitem', { name: /^Loan Manager/ }))).toBe(false);
    expect(soon(screen.getByRole('menuitem', { name: /^Closed Loans/ }))).toBe(false);
    expect(soon(screen.getByRole('menuitem', { name: /^Loan Reports/ }))).toBe(false);
  });

  it('opens one screen from both entries that name it, never one working and one "Soon"', async () => {
    const target = (path: string) =>
      (matchRoutes(APP_ROUTES, path)?.at(-1)?.route.element as { props?: { to?: string } } | undefined)?.props
        ?.to;
    expect(target('/security/audit-trail')).toBe(paths.securityAudit);
    expect(target('/solutions/salary-import')).toBe(paths.salaryImport);
    renderMenu();
    await userEvent.hover(screen.getByRole('menuitem', { name: 'Security' }));
    expect(soon(screen.getByRole('menuitem', { name: /^Audit Trail/ }))).toBe(false);
    await userEvent.hover(screen.getByRole('menuitem', { name: 'Extended' }));
    expect(soon(screen.getByRole('menuitem', { name: /^Salary Import/ }))).toBe(false);
  });
});
