import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SegregationRow } from '@bankmanager/contracts';

let rows: SegregationRow[] = [];
const get = vi.fn(async (_path: string, opts?: { onResponse?: (r: Response) => void }) => {
  opts?.onResponse?.(new Response(null, { headers: { 'x-total-count': String(rows.length) } }));
  return rows;
});
vi.mock('@/lib/api-client', () => ({ api: { get } }));
const { SegregationSection } = await import('./segregation-section');

function renderIt() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SegregationSection />
    </QueryClientProvider>,
  );
}

describe('SegregationSection', () => {
  beforeEach(() => vi.clearAllMocks());

  it('says so when nobody holds a toxic combination', async () => {
    rows = [];
    renderIt();
    await screen.findByText('Nobody holds a toxic combination of duties.');
    expect(get).toHaveBeenCalledWith(expect.stringContaining('/admin/segregation?'), expect.anything());
  });

  it('lists who holds which combination', async () => {
    rows = [
      {
        userId: 'u1',
        email: 'isatu@bank.sl',
        isSuperuser: false,
        roles: ['IT Security Administrator', 'Teller'],
        combinations: [
          {
            key: 'staff_admin_money',
            label: 'Staff administration with money movement',
            first: ['staff.manage'],
            second: ['teller.cash'],
          },
        ],
      },
    ];
    renderIt();
    await screen.findByText('isatu@bank.sl');
    expect(
      screen.getByText('Staff administration with money movement: staff.manage with teller.cash'),
    ).toBeTruthy();
  });
});
