import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's search box backed by the query string (issue 22 B.8): the box answers every keystroke, the
 * URL's `param` follows after `delayMs` (replacing the history entry, and dropping `page` so a new
 * search starts on page one), and Back or a shared link puts the URL's term back in the box.
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
