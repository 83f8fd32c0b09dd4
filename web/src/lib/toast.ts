/**
 * Toasts without loading sonner up front: `toast()` queues the message and the <ToasterHost> mounts
 * sonner's <Toaster> on first use (keeps ~10 KB gzip off the landing and sign-in pages).
 */
export interface ToastMessage {
  title: string;
  description?: string;
  variant?: 'default' | 'success' | 'destructive';
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
