import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from './pagination';

describe('<Pagination>', () => {
  it('shows the range and moves between pages', async () => {
    const onPage = vi.fn();
    render(<Pagination page={1} pageSize={10} total={35} onPage={onPage} />);
    expect(screen.getByText('Showing 11 to 20 of 35 results')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Last page' }));
    expect(onPage).toHaveBeenLastCalledWith(3);
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onPage).toHaveBeenLastCalledWith(0);
  });

  it('disables the way back on the first page and the way on at the last', () => {
    render(<Pagination page={0} pageSize={10} total={5} onPage={() => {}} />);
    expect(screen.getByRole('button', { name: 'First page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('while the next page loads, never pairs its "Showing" with the old rows and holds the buttons', () => {
    render(<Pagination page={2} pageSize={10} total={35} onPage={() => {}} busy />);
    expect(screen.queryByText(/Showing/)).toBeNull();
    expect(screen.getByText('Loading page 3…')).toBeInTheDocument();
    expect(screen.getByRole('navigation')).toHaveAttribute('aria-busy', 'true');
    for (const name of ['First page', 'Previous page', 'Next page', 'Last page'])
      expect(screen.getByRole('button', { name })).toBeDisabled();
  });
});
