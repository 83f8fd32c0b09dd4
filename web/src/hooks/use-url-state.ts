import { useRef, useState } from 'react';
import type { z } from 'zod';
import { useSearchParams } from 'react-router';

/**
 * A list's search box backed by the query string, so a reload or a link keeps it: the box answers every
 * keystroke, the URL's `param` follows after `delayMs` (replacing the history entry, and dropping
 * `page` so a new search starts on page one), and Back or a shared link puts the URL's term back in the
 * box.
 */
export function useUrlSearch(param: string, delayMs: number) {
  const [params, setParams] = useSearchParams();
  const inUrl = params.get(param) ?? '';
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

/** The 0-based page the URL's 1-based `page` names (0 when absent or not a number). */
export const pageFromParams = (params: URLSearchParams): number =>
  Math.max(0, Math.floor(Number(params.get('page')) || 1) - 1);

/**
 * A list's filters and page in the query string, so a reload or a link keeps them. Each filter is read
 * through its own field of `schema`, so a hand-edited URL with a bad value loses that filter, not the
 * page.
 */
export function useUrlList<S extends z.ZodObject>(schema: S) {
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
    page: pageFromParams(params),
    /** Replaces every filter and goes back to page one. */
    setFilters: (f: Partial<z.infer<S>>) =>
      set({
        ...Object.fromEntries(keys.map((k) => [k, (f as Record<string, string | undefined>)[k] ?? null])),
        page: null,
      }),
    setPage: (p: number) => set({ page: p > 0 ? p + 1 : null }),
  };
}
