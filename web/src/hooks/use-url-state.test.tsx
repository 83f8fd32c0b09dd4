import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useUrlList } from './use-url-state';

const schema = z.object({ type: z.enum(['a', 'b']).optional(), branch: z.string().optional() });

function hookAt(url: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  return renderHook(() => ({ list: useUrlList(schema), location: useLocation() }), { wrapper });
}

describe('useUrlList', () => {
  it('reads filters and the 1-based page from the URL, dropping a bad value only', () => {
    const { result } = hookAt('/x?type=zzz&branch=007&page=3');
    expect(result.current.list.filters).toEqual({ branch: '007' });
    expect(result.current.list.page).toBe(2);
  });

  it('writes filters, keeps other keys and goes back to page one', () => {
    const { result } = hookAt('/x?tab=journal&page=5&branch=001');
    act(() => result.current.list.setFilters({ type: 'b' }));
    expect(result.current.location.search).toBe('?tab=journal&type=b');
    act(() => result.current.list.setPage(1));
    expect(result.current.location.search).toBe('?tab=journal&type=b&page=2');
  });
});
