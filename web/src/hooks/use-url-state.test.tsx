import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_PAGE } from '@bankmanager/contracts';
import { pageFromParams, useUrlList, useUrlPage } from './use-url-state';

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

describe('pages in the URL', () => {
  it('falls back to page one on a bad page and stops at the largest page the server takes', () => {
    for (const [search, page] of [
      ['?page=abc', 0],
      ['?page=-4', 0],
      ['?page=0', 0],
      ['?page=2.7', 1],
      ['?page=99999999999', MAX_PAGE - 1],
    ] as const)
      expect(pageFromParams(new URLSearchParams(search))).toBe(page);
  });

  it('keeps a second list’s page under its own key', () => {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <MemoryRouter initialEntries={['/x?page=2&journalPage=3']}>{children}</MemoryRouter>
    );
    const { result } = renderHook(() => ({ page: useUrlPage('journalPage'), location: useLocation() }), {
      wrapper,
    });
    expect(result.current.page[0]).toBe(2);
    act(() => result.current.page[1](0));
    expect(result.current.location.search).toBe('?page=2');
  });

  it('changes one filter, keeps the others and goes back to page one', () => {
    const { result } = hookAt('/x?type=a&branch=001&page=4');
    act(() => result.current.list.patchFilters({ branch: undefined }));
    expect(result.current.location.search).toBe('?type=a');
  });
});
