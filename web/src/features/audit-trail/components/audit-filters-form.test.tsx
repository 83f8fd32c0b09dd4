import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AUDIT_ACTION_LABELS, AUDIT_OUTCOMES } from '@bankmanager/contracts';
import { AuditFiltersForm } from './audit-filters-form';

/** An audit code as the server stores it: `area.what` in lower case. */
const CODE = /^[a-z_]+(\.[a-z_]+)*\.?$/;

describe('Audit filters', () => {
  it('offer actions and outcomes by their labels, grouped by area, never as codes', () => {
    render(<AuditFiltersForm onApply={() => {}} />);
    const action = screen.getByLabelText('Action');
    const actionTexts = within(action)
      .getAllByRole('option')
      .map((o) => o.textContent ?? '');
    for (const text of actionTexts) expect(text).not.toMatch(CODE);
    expect(actionTexts).toEqual(expect.arrayContaining(Object.values(AUDIT_ACTION_LABELS)));
    expect(within(action).getByRole('group', { name: 'Staff users' })).toBeInTheDocument();
    const outcomes = within(screen.getByLabelText('Outcome'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(outcomes).toEqual(['Any', 'Succeeded', 'Failed', 'Refused (no permission)']);
    for (const code of AUDIT_OUTCOMES) expect(outcomes).not.toContain(code);
  });

  it('apply the chosen action’s code, or a whole area as its prefix', async () => {
    const onApply = vi.fn();
    render(<AuditFiltersForm onApply={onApply} />);
    await userEvent.selectOptions(screen.getByLabelText('Action'), 'Approved staff member');
    await userEvent.selectOptions(screen.getByLabelText('Outcome'), 'Refused (no permission)');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(onApply).toHaveBeenLastCalledWith({ action: 'staff.approve', outcome: 'denied' });
    await userEvent.selectOptions(screen.getByLabelText('Action'), 'Staff users: every action');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(onApply).toHaveBeenLastCalledWith({ action: 'staff.', outcome: 'denied' });
  });

  it('a link’s action without a label reads as words, still selected', () => {
    render(<AuditFiltersForm initial={{ action: 'teller.till_open' }} onApply={() => {}} />);
    const action = screen.getByLabelText<HTMLSelectElement>('Action');
    expect(action.value).toBe('teller.till_open');
    expect(action.selectedOptions[0]?.textContent).toBe('Teller till open');
  });
});
