import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RequestSent } from './request-sent';

describe('RequestSent', () => {
  it('says "Sent for approval" and links to the request in the inbox, not its id', () => {
    const id = '3f0c2a6e-1d2b-4c5d-8e9f-0a1b2c3d4e5f';
    render(<RequestSent approvalId={id} what="The transfer" />, { wrapper: MemoryRouter });
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('Sent for approval.');
    expect(status.textContent).toContain('The transfer takes effect once another person approves it.');
    expect(status.textContent).not.toContain(id);
    expect(screen.getByRole('link', { name: 'View the request' }).getAttribute('href')).toBe(
      `/transactions/control/approve?request=${id}`,
    );
  });
});
