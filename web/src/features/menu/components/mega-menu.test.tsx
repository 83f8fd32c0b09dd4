import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MegaMenu } from './mega-menu';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderMenu() {
  render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <MegaMenu />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

const flushFrames = () => act(() => new Promise((r) => requestAnimationFrame(() => r(undefined))));

describe('<MegaMenu>', () => {
  it('lists the top items (the 11 of docs/product.md, then Compliance) in a menubar with one tab stop', () => {
    renderMenu();
    const bar = screen.getByRole('menubar', { name: 'Main menu' });
    const items = screen.getAllByRole('menuitem');
    expect(bar).toBeInTheDocument();
    expect(items).toHaveLength(12);
    expect(items.filter((i) => i.tabIndex === 0)).toHaveLength(1);
  });

  it('opens on hover with second level at left and cards at right, and closes on leave', async () => {
    renderMenu();
    await userEvent.hover(screen.getByRole('menuitem', { name: 'Transaction' }));
    const panel = screen.getByRole('menu', { name: 'Transaction' });
    expect(panel).toBeInTheDocument();
    await userEvent.hover(screen.getByRole('menuitem', { name: 'Proof Transactions' }));
    expect(screen.getByRole('menuitem', { name: /Daily Differences/ })).toBeInTheDocument();
    await userEvent.unhover(screen.getByRole('navigation', { name: 'Main menu' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('keeps open on click the panel that hover opened, and closes it on a second click', async () => {
    renderMenu();
    const top = screen.getByRole('menuitem', { name: 'Transaction' });
    await userEvent.hover(top);
    expect(top).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(top);
    expect(top).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menu', { name: 'Transaction' })).toBeInTheDocument();
    await userEvent.click(top);
    expect(top).toHaveAttribute('aria-expanded', 'false');
    // A click on another heading opens its panel at once.
    const account = screen.getByRole('menuitem', { name: 'Account' });
    await userEvent.click(account);
    expect(account).toHaveAttribute('aria-expanded', 'true');
  });

  it('follows the menubar keyboard pattern', async () => {
    renderMenu();
    const enquiries = screen.getByRole('menuitem', { name: 'Enquiries' });
    act(() => enquiries.focus());
    expect(screen.getByRole('menu', { name: 'Enquiries' })).toBeInTheDocument();
    fireEvent.keyDown(enquiries, { key: 'ArrowRight' });
    const transaction = screen.getByRole('menuitem', { name: 'Transaction' });
    expect(transaction).toHaveFocus();
    expect(screen.getByRole('menu', { name: 'Transaction' })).toBeInTheDocument();
    fireEvent.keyDown(transaction, { key: 'ArrowDown' });
    await flushFrames();
    expect(screen.getByRole('menuitem', { name: 'Waste Processing' })).toHaveFocus();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(screen.getByRole('menuitem', { name: 'Standing Orders' })).toHaveFocus();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(transaction).toHaveFocus();
  });

  it('navigates from an item without children', async () => {
    renderMenu();
    await userEvent.hover(screen.getByRole('menuitem', { name: 'Enquiries' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Account Enquiry' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/enquiries/account');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
