import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { TableWatch } from '@/lib/realtime';
import * as channel from '@/lib/realtime/channel';
import { stubApiClient, stubFunctions } from '@/lib/testing/stubs';
import { useLoan } from './get-loan';

const get = vi.fn();
const watchTables = vi.fn();
stubApiClient({ api: { get } });
// The socket itself is the realtime module's to test: here, what the 360 asks of it and does with it.
stubFunctions(channel, { watchTables });

describe('the loan 360 live', () => {
  it('watches its own loan’s repayments and refetches when one posts, by any channel', async () => {
    let changed = () => {};
    let live: (on: boolean) => void = () => {};
    let watched: readonly TableWatch[] = [];
    watchTables.mockImplementation(
      (_name: string, w: readonly TableWatch[], onChange: () => void, onLive: (on: boolean) => void) => {
        watched = w;
        changed = onChange;
        live = onLive;
        return () => {};
      },
    );
    get.mockResolvedValueOnce({ id: 3, outstanding: '20000.00' });
    get.mockResolvedValueOnce({ id: 3, outstanding: '18508.81' });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useLoan(3), { wrapper });
    await waitFor(() => expect(result.current.data).toMatchObject({ outstanding: '20000.00' }));
    expect(watched).toEqual([{ table: 'loan_repayments', filter: 'loan_id=eq.3' }]);
    // Subscribed: no polling; then the auto-debit (or a teller) posts a repayment on the loan.
    act(() => live(true));
    act(() => changed());
    await waitFor(() => expect(result.current.data).toMatchObject({ outstanding: '18508.81' }));
    expect(get).toHaveBeenCalledWith('/loans/3', expect.anything());
  });
});
