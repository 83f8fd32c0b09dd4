import { QueryClientProvider } from '@tanstack/react-query';
import { findMenuEntry } from '@bankmanager/contracts/menu';
import { useLocation } from 'react-router';
import type { ReactNode } from 'react';
import type { Permission } from '@bankmanager/contracts/permissions';
import { RequireAuth } from '@/app/guard/require-auth';
import { useActivationPolling } from '@/app/guard/use-activation-polling';
import { queryClient } from '@/lib/query-client';

/**
 * A route behind the docs/product.md §4 guard, with the server-state cache. TanStack Query is provided here,
 * not in the entry, so public pages do not download it.
 */
export function Guarded({
  requiresActivation,
  loadingFallback,
  superusersOnly,
  permission,
  title,
  children,
}: {
  requiresActivation: boolean;
  loadingFallback?: ReactNode;
  /** The message a signed-in non-superuser sees instead of the screen; omit for screens open to all. */
  superusersOnly?: string;
  /** The permission the screen needs; without it, "You don't have access to this page". */
  permission?: Permission;
  /** The page's name where the menu has none (its menu entry's name otherwise). */
  title?: string;
  children: ReactNode;
}) {
  useActivationPolling();
  const { pathname } = useLocation();
  return (
    <QueryClientProvider client={queryClient}>
      <RequireAuth
        requiresActivation={requiresActivation}
        loadingFallback={loadingFallback}
        superusersOnly={superusersOnly}
        permission={permission}
        title={title ?? findMenuEntry(pathname)?.item.name}
      >
        {children}
      </RequireAuth>
    </QueryClientProvider>
  );
}

/** The name the dashboards greet: full name from sign-up, else the email. */
export function displayName(
  user: { email?: string | null; user_metadata?: Record<string, unknown> } | null,
): string {
  const full = user?.user_metadata?.fullName;
  return typeof full === 'string' && full.trim() ? full.trim() : (user?.email ?? '');
}
