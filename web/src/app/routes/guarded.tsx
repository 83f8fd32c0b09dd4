import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { RequireAuth, useActivationPolling } from '@/features/auth';
import { queryClient } from '@/lib/query-client';

/**
 * A route behind the SPEC §4 guard, with the server-state cache. TanStack Query is provided here,
 * not in the entry, so public pages do not download it.
 */
export function Guarded({
  requiresActivation,
  loadingFallback,
  children,
}: {
  requiresActivation: boolean;
  loadingFallback?: ReactNode;
  children: ReactNode;
}) {
  useActivationPolling();
  return (
    <QueryClientProvider client={queryClient}>
      <RequireAuth requiresActivation={requiresActivation} loadingFallback={loadingFallback}>
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
