import { useEffect, type RefObject } from 'react';

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
 * submitting it; Enter on the last field submits. Esc calls `onCancel`. Checkboxes keep Space. A
 * listener on the form element (one place for every field of it).
 */
export function useFormKeys(form: RefObject<HTMLFormElement | null>, onCancel: () => void): void {
  useEffect(() => {
    const el = form.current;
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
  }, [form, onCancel]);
}

/** Esc anywhere inside `area` calls `onCancel` (a search step before the form proper). */
export function useEscape(area: RefObject<HTMLElement | null>, onCancel: () => void): void {
  useEffect(() => {
    const el = area.current;
    if (!el) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      onCancel();
    };
    el.addEventListener('keydown', onKey);
    return () => el.removeEventListener('keydown', onKey);
  }, [area, onCancel]);
}

/** Focuses the element once it is on screen (the next step's field). */
export function useFocusOnMount(el: RefObject<HTMLElement | null>, when = true): void {
  useEffect(() => {
    if (when) el.current?.focus();
  }, [el, when]);
}
