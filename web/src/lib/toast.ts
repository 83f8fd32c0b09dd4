/**
 * Toasts without loading sonner up front: `toast()` queues the message and the <ToasterHost> mounts
 * sonner's <Toaster> on first use (keeps ~10 KB gzip off the landing and sign-in pages).
 */
export interface ToastMessage {
  title: string;
  description?: string;
  variant?: 'default' | 'success' | 'destructive';
  /** A link under the text (an in-app path), e.g. to the request a maker just made. */
  link?: { href: string; label: string };
}

// The toaster sits outside the router: the signed-in header hands it the router's navigate, so a
// toast's link moves within the app instead of reloading it.
let navigateTo: ((href: string) => void) | null = null;
export function setToastNavigator(n: ((href: string) => void) | null): void {
  navigateTo = n;
}
/** Follows a toast's link: in the app when the router is there, else as a page load. */
export function followToastLink(href: string): void {
  if (navigateTo) navigateTo(href);
  else window.location.assign(href);
}

type Listener = (t: ToastMessage) => void;
let listener: Listener | null = null;
const pending: ToastMessage[] = [];

export function toast(message: ToastMessage): void {
  if (listener) listener(message);
  else pending.push(message);
}

/** Used by the host: receives queued and future toasts. */
export function setToastListener(l: Listener | null): void {
  listener = l;
  if (l) pending.splice(0).forEach(l);
}

/** Whether a toast is waiting for the host (the host mounts sonner then). */
export function hasPendingToasts(): boolean {
  return pending.length > 0;
}
