import { useEffect } from 'react';
import { publicConfig } from '@/config/public-config';
import { useAuth } from '@/lib/auth';
import { watchStaffStatus } from '@/lib/realtime';

/** How often a signed-in page re-checks the user's flags when the socket is down (server STATUS_POLL_SECONDS). */
export const ACTIVATION_POLL_MS = (publicConfig.statusPollSeconds ?? 15) * 1000;

/**
 * Keeps the user's flags current while a signed-in page is open, so an approval moves a pending user
 * to /dashboard, and a revocation or ban takes effect, without a reload: at once through the realtime
 * socket (their `staff_status` row), and by polling as the fallback when the socket is down.
 */
export function useActivationPolling(intervalMs: number = ACTIVATION_POLL_MS): void {
  const { status, user, checkActivation } = useAuth();
  const userId = user?.id;
  useEffect(() => {
    if (status !== 'signedIn') return;
    const t = setInterval(() => void checkActivation({ quiet: true }), intervalMs);
    return () => clearInterval(t);
  }, [status, checkActivation, intervalMs]);
  useEffect(() => {
    if (status !== 'signedIn' || !userId) return;
    return watchStaffStatus(userId, () => void checkActivation({ quiet: true }));
  }, [status, userId, checkActivation]);
}
