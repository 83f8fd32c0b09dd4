import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { holds, type Permission } from '@bankmanager/contracts/permissions';
import type { MePermissions } from '@bankmanager/contracts/roles';
import { useAuth } from '@/lib/auth';
import { PermissionsContext } from './permissions-context';

/** Loads `/api/me/permissions` once the signed-in user is activated, and again when they change. */
export function PermissionsProvider({ children }: { children: ReactNode }) {
  const { user, activation } = useAuth();
  const active = !!user && !!activation && (activation.isActivated || activation.isSuperuser);
  const [me, setMe] = useState<MePermissions | null>(null);
  const [generation, setGeneration] = useState(0);
  const userId = user?.id;

  useEffect(() => {
    if (!active) return;
    const controller = new AbortController();
    import('./load-me-permissions')
      .then(({ loadMePermissions }) => loadMePermissions(controller.signal))
      .then(setMe, () => {
        // The menu stays at what it showed; the server still decides every request.
      });
    return () => controller.abort();
  }, [active, userId, generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  // Signed out or pending: nothing, whatever an earlier user's answer was.
  const shown = active ? me : null;
  const value = useMemo(
    () => ({
      me: shown,
      can: (p: Permission | undefined) => shown !== null && holds(shown, p),
      reload,
    }),
    [shown, reload],
  );
  return <PermissionsContext.Provider value={value}>{children}</PermissionsContext.Provider>;
}
