import { useEffect } from 'react';
import { useAuth } from '@/lib/auth';

/** How often a signed-in page re-checks the user's flags (an approval shows within 30 s). */
export const ACTIVATION_POLL_MS = 15_000;

/**
 * Re-checks activation in the background while a signed-in page is open, so an approval moves a
 * pending user to /dashboard, and a revocation or ban takes effect, without a reload.
 */
export function useActivationPolling(intervalMs: number = ACTIVATION_POLL_MS): void {
  const { status, checkActivation } = useAuth();
  useEffect(() => {
    if (status !== 'signedIn') return;
    const t = setInterval(() => void checkActivation({ quiet: true }), intervalMs);
    return () => clearInterval(t);
  }, [status, checkActivation, intervalMs]);
}
