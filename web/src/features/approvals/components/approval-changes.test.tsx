import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApprovalChanges } from './approval-changes';

describe('ApprovalChanges', () => {
  it('shows a change as labelled fields, before beside after, not raw JSON', async () => {
    render(
      <ApprovalChanges
        id="a1"
        before={{ roles: ['Teller'], homeBranch: '001' }}
        after={{ roles: ['Teller', 'Head Teller / Supervisor'], homeBranch: '001' }}
      />,
    );
    await userEvent.click(screen.getByText('Changes'));
    const table = screen.getByRole('table', { name: 'Changes of request a1' });
    const roles = within(table).getByRole('row', { name: /Roles/ });
    expect(
      within(roles)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Teller', 'Teller, Head Teller / Supervisor']);
    expect(within(roles).getByRole('rowheader').textContent).toBe('Roles (changed)');
    expect(within(table).getByRole('rowheader', { name: 'Home branch' })).toBeTruthy();
    expect(table.textContent).not.toContain('{');
  });

  it('reads a new subject (no before) as dashes beside the asked-for values', async () => {
    render(<ApprovalChanges id="a2" before={null} after={{ monthEnd: true, businessDate: '2026-11-30' }} />);
    await userEvent.click(screen.getByText('Changes'));
    const month = screen.getByRole('row', { name: /Month end/ });
    expect(
      within(month)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['—', 'Yes']);
  });
});
