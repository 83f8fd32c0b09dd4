import type { KindRoute } from './kinds';

/**
 * The unfinished creation form of one kind, kept for the browser tab (sessionStorage): a user called
 * away mid-form comes back to what they typed; closing the tab forgets it, so customer data does not
 * linger on a shared counter PC.
 */
const key = (kind: KindRoute) => `bankmanager-customer-draft:${kind}`;

export interface Draft {
  step: number;
  values: Record<string, unknown>;
}

export function loadDraft(kind: KindRoute): Draft | null {
  try {
    const raw = sessionStorage.getItem(key(kind));
    return raw ? (JSON.parse(raw) as Draft) : null;
  } catch {
    return null;
  }
}

export function saveDraft(kind: KindRoute, draft: Draft): void {
  try {
    sessionStorage.setItem(key(kind), JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the form still works, only without a draft.
  }
}

export const clearDraft = (kind: KindRoute) => sessionStorage.removeItem(key(kind));
