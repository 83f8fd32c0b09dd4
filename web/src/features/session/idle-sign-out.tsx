import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { publicConfig } from '@/config/public-config';
import { useAuth } from '@/lib/auth';
import { toast } from '@/lib/toast';
import { lastActivity, recordActivity, resetActivity } from './last-activity';

/** The warning shows this long before the idle sign-out (issue: "warns 60 s ahead"). */
export const IDLE_WARNING_MS = 60_000;
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

/**
 * Signs the user out after IDLE_TIMEOUT_MINUTES without activity in any tab, with a warning dialog
 * for the last minute. Mounted once, in the signed-in header.
 */
export function IdleSignOut({
  timeoutMs = publicConfig.idleTimeoutMinutes * 60_000,
}: {
  timeoutMs?: number;
}) {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [remainingMs, setRemainingMs] = useState<number | null>(null);

  useEffect(() => {
    resetActivity();
    const onActivity = () => recordActivity();
    for (const e of ACTIVITY_EVENTS) window.addEventListener(e, onActivity, { passive: true, capture: true });
    let done = false;
    const tick = setInterval(() => {
      const left = timeoutMs - (Date.now() - lastActivity());
      if (left <= 0 && !done) {
        done = true;
        setRemainingMs(null);
        toast({
          title: 'Signed out',
          description: `You were signed out after ${Math.round(timeoutMs / 60_000)} minutes without activity.`,
        });
        void signOut().then(() => navigate(paths.signIn, { replace: true }));
      } else if (!done) {
        setRemainingMs(left <= IDLE_WARNING_MS ? left : null);
      }
    }, 1_000);
    return () => {
      clearInterval(tick);
      for (const e of ACTIVITY_EVENTS) window.removeEventListener(e, onActivity, { capture: true });
    };
  }, [timeoutMs, signOut, navigate]);

  const seconds = remainingMs === null ? 0 : Math.max(0, Math.ceil(remainingMs / 1000));
  return (
    <AlertDialog open={remainingMs !== null}>
      <AlertDialogContent>
        <AlertDialogTitle>You will be signed out soon</AlertDialogTitle>
        <AlertDialogDescription>
          For security, you will be signed out in <span aria-live="polite">{seconds}</span> seconds because
          there has been no activity.
        </AlertDialogDescription>
        <AlertDialogFooter className="mt-6">
          <AlertDialogAction asChild>
            <Button onClick={() => resetActivity()}>Stay signed in</Button>
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
