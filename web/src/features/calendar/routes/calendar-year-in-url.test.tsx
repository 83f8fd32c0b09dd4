import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAtUrl } from '@/lib/testing/render-at-url';
import { stubApiClient } from '@/lib/testing/stubs';
import { SpecialDatesRoute } from './special-dates-route';
import { AccountingPeriodsRoute } from './accounting-periods-route';

const get = vi.fn();
stubApiClient({ api: { get } });

const yearOf = (path: string) => Number(new URLSearchParams(path.split('?')[1]).get('year') ?? 2026);
const lastPath = () => String(get.mock.calls.at(-1)?.[0]);

describe('Special dates and accounting periods: the year in the URL', () => {
  beforeEach(() => {
    get.mockReset();
    get.mockImplementation((path: string) => {
      const year = yearOf(path);
      const common = { year, businessDate: '2026-03-02' };
      return Promise.resolve(
        path.startsWith('/calendar/holidays')
          ? { ...common, nextBusinessDate: '2026-03-03', holidays: [] }
          : { ...common, periods: [] },
      );
    });
  });

  it('special dates: shows the URL’s year, and a year change moves the URL', async () => {
    const { url } = renderAtUrl(<SpecialDatesRoute />, '/system/messages/special-dates?year=2024');
    await screen.findByRole('table', { name: 'Holidays of 2024' });
    expect(lastPath()).toBe('/calendar/holidays?year=2024');
    await userEvent.click(screen.getByRole('button', { name: 'Show 2025' }));
    expect(url()).toBe('/system/messages/special-dates?year=2025');
    await waitFor(() => expect(lastPath()).toBe('/calendar/holidays?year=2025'));
  });

  it('accounting periods: shows the URL’s year, and a year change moves the URL', async () => {
    const { url } = renderAtUrl(<AccountingPeriodsRoute />, '/system/messages/accounting-periods?year=2023');
    await screen.findByRole('table', { name: 'Accounting periods of 2023' });
    expect(lastPath()).toBe('/calendar/periods?year=2023');
    await userEvent.click(screen.getByRole('button', { name: 'Show 2022' }));
    expect(url()).toBe('/system/messages/accounting-periods?year=2022');
    await waitFor(() => expect(lastPath()).toBe('/calendar/periods?year=2022'));
  });

  it('asks for the current year when the URL’s year is one the server would refuse', async () => {
    renderAtUrl(<AccountingPeriodsRoute />, '/system/messages/accounting-periods?year=1815');
    await screen.findByRole('table', { name: 'Accounting periods of 2026' });
    expect(lastPath()).toBe('/calendar/periods');
  });
});
