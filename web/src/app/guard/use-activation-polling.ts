import { useEffect, useState } from 'react';
import { useAuth } from '@/lib/auth';
import { FALLBACK_POLL_MS, watchStaffStatus } from '@/lib/realtime';

/**
 * Keeps the user's flags current while a signed-in page is open, so an approval moves a pending user
 * to /dashboard, and a revocation or ban takes effect, without a reload: at once through the realtime
 * socket (their `staff_status` row, re-read on every change and every rejoin), and by polling only
 * while that channel is not joined.
 */
export function useActivationPolling(intervalMs: number = FALLBACK_POLL_MS): void {
  const { status, user, checkActivation } = useAuth();
  const userId = user?.id;
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (status !== 'signedIn' || live) return;
    const t = setInterval(() => void checkActivation({ quiet: true }), intervalMs);
    return () => clearInterval(t);
  }, [status, live, checkActivation, intervalMs]);
  useEffect(() => {
    if (status !== 'signedIn' || !userId) return;
    const stop = watchStaffStatus(userId, () => void checkActivation({ quiet: true }), setLive);
    return () => {
      stop();
      setLive(false);
    };
  }, [status, userId, checkActivation]);
}
