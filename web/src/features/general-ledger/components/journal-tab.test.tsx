import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { JOURNAL_SOURCE_LABELS, JOURNAL_SOURCES } from '@bankmanager/contracts';
import { lastQuery, renderAtUrl } from '@/lib/testing/render-at-url';
import { stubApiClient } from '@/lib/testing/stubs';
import { JournalTab } from './journal-tab';

type Opts = { onResponse?: (r: Response) => void };
const get = vi.fn();
stubApiClient({ api: { get } });

const entry = {
  id: '31',
  business_date: '2026-03-02',
  narration: 'Cash deposit',
  reversed_by: null,
  source: 'teller',
  reference: 'TLR-31',
  totals: [{ currency: 'SLE', amount: '10.00' }],
};
const PATH = '/accounts/ledger';

describe('General ledger journal: filters and page in the URL', () => {
  beforeEach(() => {
    get.mockReset();
    get.mockImplementation((_path: string, opts: Opts) => {
      opts.onResponse?.(new Response(null, { headers: { 'X-Total-Count': '100' } }));
      return Promise.resolve([entry]);
    });
  });

  it('asks for the URL’s filters and page, dropping a source that is not one', async () => {
    renderAtUrl(
      <JournalTab openId={null} onOpen={() => {}} />,
      `${PATH}?tab=journal&from=2026-03-01&source=magic&page=2`,
    );
    await screen.findByText('Cash deposit');
    const q = lastQuery(get.mock.calls, '/journal-entries');
    expect(q).toMatchObject({ from: '2026-03-01', page: '2' });
    expect(q).not.toHaveProperty('source');
    expect(screen.getByLabelText('From')).toHaveValue('1 Mar 2026');
  });

  it('writes applied filters to the URL beside the tab and goes back to page one', async () => {
    const { url } = renderAtUrl(<JournalTab openId={null} onOpen={() => {}} />, `${PATH}?tab=journal&page=2`);
    await screen.findByText('Cash deposit');
    await userEvent.type(screen.getByLabelText('Reference'), 'TLR-31');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(url()).toBe(`${PATH}?tab=journal&reference=TLR-31`);
    await waitFor(() =>
      expect(lastQuery(get.mock.calls, '/journal-entries')).toMatchObject({ reference: 'TLR-31', page: '1' }),
    );
  });

  it('names sources by their labels in the filter and the table, never by code', async () => {
    const { url } = renderAtUrl(<JournalTab openId={null} onOpen={() => {}} />, `${PATH}?tab=journal`);
    await screen.findByText('Cash deposit');
    const source = screen.getByLabelText('Source');
    const options = within(source)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Any', ...JOURNAL_SOURCES.map((s) => JOURNAL_SOURCE_LABELS[s])]);
    for (const code of JOURNAL_SOURCES) expect(options).not.toContain(code);
    expect(screen.getByRole('cell', { name: 'Teller cash' })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'teller' })).toBeNull();
    await userEvent.selectOptions(source, 'End of day');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(url()).toBe(`${PATH}?tab=journal&source=end_of_day`);
  });
});
