import { onTestFinished } from 'vitest';
import { setToastListener, type ToastMessage } from '@/lib/toast';

/**
 * Tests only: the toasts raised from now to the end of the test. Toasts that earlier files of the
 * worker left queued for a host (the module is shared, see the root vitest.config.ts) are dropped.
 */
export function collectToasts(): ToastMessage[] {
  const seen: ToastMessage[] = [];
  setToastListener(() => {});
  setToastListener((t) => seen.push(t));
  onTestFinished(() => setToastListener(null));
  return seen;
}
