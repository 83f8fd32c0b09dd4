import { useEffect, useRef } from 'react';
import { useAuth } from '@/lib/auth';
import { useBranch } from '@/lib/branch';
import { useTheme } from '@/lib/theme';

/** docs/product.md §4 "clear all state" on sign-out: theme choice, branch and the server-state cache. */
export function SignOutEffects() {
  const { status } = useAuth();
  const { clearTheme } = useTheme();
  const { resetBranch } = useBranch();
  const previous = useRef(status);
  useEffect(() => {
    if (previous.current === 'signedIn' && status === 'signedOut') {
      clearTheme();
      resetBranch();
      void import('@/lib/query-client').then((m) => m.queryClient.clear());
    }
    previous.current = status;
  }, [status, clearTheme, resetBranch]);
  return null;
}
