import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { holds } from '@bankmanager/contracts';
import { PermissionsContext } from '@/lib/permissions/permissions-context';
import { FilterBar } from './filter-bar';

function renderBar(download: ((f: 'csv' | 'pdf' | 'xlsx') => Promise<void>) | null) {
  const onCurrency = vi.fn();
  render(
    <PermissionsContext.Provider
      value={{
        me: null,
        can: (p) => holds({ permissions: ['reports.read'], isSuperuser: false }, p),
        reload: () => {},
      }}
    >
      <FilterBar
        filters={{ branch: null, product: null }}
        onChange={vi.fn()}
        currency={{ value: 'SLE', onChange: onCurrency }}
        what="the figures"
        download={download}
      >
        <label>
          Period
          <input />
        </label>
      </FilterBar>
    </PermissionsContext.Provider>,
  );
  return { onCurrency };
}

describe('FilterBar', () => {
  it('reaches every filter and download by keyboard, in reading order, and downloads with Enter', async () => {
    const download = vi.fn().mockResolvedValue(undefined);
    const { onCurrency } = renderBar(download);
    const order = [
      screen.getByLabelText('Period'),
      screen.getByLabelText(/Product code/),
      screen.getByRole('button', { name: 'SLE' }),
      screen.getByRole('button', { name: 'USD' }),
      screen.getByRole('button', { name: 'Download the figures as CSV' }),
      screen.getByRole('button', { name: 'Download the figures as PDF' }),
      screen.getByRole('button', { name: 'Download the figures as XLSX' }),
    ];
    for (const el of order) {
      await userEvent.tab();
      expect(el).toHaveFocus();
    }
    await userEvent.keyboard('{Enter}');
    expect(download).toHaveBeenCalledWith('xlsx');
    screen.getByRole('button', { name: 'USD' }).focus();
    await userEvent.keyboard(' ');
    expect(onCurrency).toHaveBeenCalledWith('USD');
  });

  it('says "Preparing…" while a file is made, and offers no file before there are figures', async () => {
    let finish = () => {};
    const download = vi.fn(() => new Promise<void>((r) => (finish = r)));
    renderBar(download);
    await userEvent.click(screen.getByRole('button', { name: 'Download the figures as PDF' }));
    expect(screen.getByRole('button', { name: 'Download the figures as PDF' })).toHaveTextContent(
      'Preparing…',
    );
    expect(screen.getByRole('button', { name: 'Download the figures as CSV' })).toBeDisabled();
    finish();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Download the figures as PDF' })).toHaveTextContent('PDF'),
    );
  });

  it('shows no download buttons without figures', () => {
    renderBar(null);
    expect(screen.queryByRole('button', { name: /Download/ })).toBeNull();
  });
});
