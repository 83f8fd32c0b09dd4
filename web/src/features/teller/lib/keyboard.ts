import { useEffect, useState, type RefObject } from 'react';

/** True while the user types in a field: single-letter shortcuts must not fire then. */
const typing = (t: EventTarget | null) =>
  t instanceof HTMLElement &&
  (t.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName) ||
    t.getAttribute('role') === 'combobox');

/**
 * Single-key shortcuts on a screen (`d`, `w`, …), ignored while typing in a field or with a modifier
 * held (so the browser's own shortcuts keep working).
 */
export function useShortcuts(keys: Record<string, () => void>, enabled = true): void {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
      const action = keys[e.key.toLowerCase()];
      if (!action) return;
      e.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [keys, enabled]);
}

/**
 * Enter moves to the next field of a form (in DOM order: inputs, checkboxes, selects) instead of
 * submitting it; Enter on the last field submits. Esc calls `onCancel`. Checkboxes keep Space. Returns
 * the form's ref (a callback ref: the form may appear after the component, e.g. once an account is
 * found); with `focusFirst`, its first field takes the focus when it appears.
 */
export function useFormKeys(onCancel: () => void, focusFirst = false): (el: HTMLFormElement | null) => void {
  const [el, setEl] = useState<HTMLFormElement | null>(null);
  useEffect(() => {
    if (!el) return;
    if (focusFirst) el.querySelector<HTMLElement>('input, select')?.focus();
    // focusFirst only when the form appears, not on every new onCancel.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [el]);
  useEffect(() => {
    if (!el) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        onCancel();
        return;
      }
      const target = e.target;
      if (e.key !== 'Enter' || e.shiftKey) return;
      if (!(target instanceof HTMLInputElement) && !(target instanceof HTMLSelectElement)) return;
      const fields = Array.from(
        el.querySelectorAll<HTMLElement>(
          'input:not([type=hidden]):not([disabled]):not([readonly]), select:not([disabled]), button[type=submit]:not([disabled])',
        ),
      );
      const next = fields[fields.indexOf(target) + 1];
      e.preventDefault();
      if (next && !(next instanceof HTMLButtonElement)) {
        next.focus();
        if (next instanceof HTMLInputElement && next.type === 'text') next.select();
      } else {
        // The last field: post (a checkbox or a select would not submit on Enter by itself).
        el.requestSubmit();
      }
    };
    el.addEventListener('keydown', onKey);
    return () => el.removeEventListener('keydown', onKey);
  }, [el, onCancel]);
  return setEl;
}

/** Esc anywhere inside the area calls `onCancel` (a search step before the form proper); a callback ref. */
export function useEscape(onCancel: () => void): (el: HTMLElement | null) => void {
  const [el, setEl] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!el) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      onCancel();
    };
    el.addEventListener('keydown', onKey);
    return () => el.removeEventListener('keydown', onKey);
  }, [el, onCancel]);
  return setEl;
}

/** Focuses the element once it is on screen (the next step's field). */
export function useFocusOnMount(el: RefObject<HTMLElement | null>, when = true): void {
  useEffect(() => {
    if (when) el.current?.focus();
  }, [el, when]);
}
