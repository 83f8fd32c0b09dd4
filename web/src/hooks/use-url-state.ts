import { useRef, useState } from 'react';
import type { z } from 'zod';
import { useSearchParams } from 'react-router';
import { MAX_PAGE } from '@bankmanager/contracts';

/**
 * A list's search box backed by the query string, so a reload or a link keeps it: the box answers every
 * keystroke, the URL's `param` follows after `delayMs` (replacing the history entry, and dropping
 * `page` so a new search starts on page one), and Back or a shared link puts the URL's term back in the
 * box.
 */
export function useUrlSearch(param: string, delayMs: number, schema?: z.ZodType<string | undefined>) {
  const [params, setParams] = useSearchParams();
  // A hand-edited term the server would refuse (too long) is no search rather than a 400.
  const raw = params.get(param) ?? '';
  const inUrl = !schema || schema.safeParse(raw).success ? raw : '';
  const [text, setText] = useState(inUrl);
  const [seen, setSeen] = useState(inUrl);
  if (inUrl !== seen) {
    // The URL changed under us (Back, a link): show its term unless it is what is being typed.
    setSeen(inUrl);
    if (inUrl !== text.trim()) setText(inUrl);
  }
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const onChange = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (value.trim()) next.set(param, value.trim());
          else next.delete(param);
          next.delete('page');
          return next;
        },
        { replace: true },
      );
    }, delayMs);
  };
  return { text, term: inUrl, onChange };
}

/** Sets (or with '' / null deletes) query-string keys, keeping the others; one history entry. */
export function useUrlParams() {
  const [params, setParams] = useSearchParams();
  const set = (patch: Record<string, string | number | null>) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      for (const [k, v] of Object.entries(patch)) {
        if (v === null || v === '') next.delete(k);
        else next.set(k, String(v));
      }
      return next;
    });
  return [params, set] as const;
}

/**
 * The 0-based page the URL's 1-based `key` names: 0 when absent or not a number, and never past the
 * contracts' MAX_PAGE, so a hand-edited page is a short or empty list rather than a refused request.
 */
export const pageFromParams = (params: URLSearchParams, key = 'page'): number =>
  Math.min(MAX_PAGE, Math.max(1, Math.floor(Number(params.get(key)) || 1))) - 1;

/**
 * A list's page alone in the query string (1-based, absent on page one). `key` names it when the screen
 * shows a second paged list beside the main one, so each keeps its own page.
 */
export function useUrlPage(key = 'page') {
  const [params, set] = useUrlParams();
  return [pageFromParams(params, key), (p: number) => set({ [key]: p > 0 ? p + 1 : null })] as const;
}

const urlValue = (v: unknown): string | null =>
  typeof v === 'number' ? String(v) : typeof v === 'string' && v !== '' ? v : null;

/**
 * A list's filters and page in the query string, so a reload or a link keeps them. Each filter is read
 * through its own field of `schema`, so a hand-edited URL with a bad value loses that filter, not the
 * page.
 */
export function useUrlList<S extends z.ZodObject>(schema: S, pageKey = 'page') {
  const [params, set] = useUrlParams();
  const keys = Object.keys(schema.shape);
  const filters: Record<string, unknown> = {};
  for (const k of keys) {
    const raw = params.get(k);
    const parsed = raw === null ? undefined : (schema.shape[k] as z.ZodType).safeParse(raw);
    if (parsed?.success && parsed.data !== undefined) filters[k] = parsed.data;
  }
  return {
    filters: filters as Partial<z.infer<S>>,
    page: pageFromParams(params, pageKey),
    /** Replaces every filter and goes back to page one. */
    setFilters: (f: Partial<z.infer<S>>) =>
      set({
        ...Object.fromEntries(keys.map((k) => [k, urlValue((f as Record<string, unknown>)[k])])),
        [pageKey]: null,
      }),
    /** Changes the filters named in `f` (undefined clears one), keeps the others, goes back to page one. */
    patchFilters: (f: Partial<Record<keyof z.infer<S>, unknown>>) =>
      set({
        ...Object.fromEntries(Object.entries(f).map(([k, v]) => [k, urlValue(v)])),
        [pageKey]: null,
      }),
    setPage: (p: number) => set({ [pageKey]: p > 0 ? p + 1 : null }),
  };
}
