import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { Loading } from '@/components/feedback/loading';
import { useAuth } from '@/lib/auth';
import { decideRoute } from './decide-route';
import { SuperusersOnly } from './superusers-only';
import type { Permission } from '@bankmanager/contracts/permissions';
import { usePermissions } from '@/lib/permissions';
import { useDefaultDocumentTitle } from '@/hooks/use-document-title';

const NoPermission = lazy(() => import('./no-permission'));

export interface RequireAuthProps {
  requiresActivation: boolean;
  children: ReactNode;
  /** Shown instead of 'Loading...' (the dashboards show their own spinner). */
  loadingFallback?: ReactNode;
  /**
   * Superusers only: anyone else who passes the guard sees this message instead of the screen (the
   * server answers 403 too). The screen is not rendered, so it fetches nothing.
   */
  superusersOnly?: string;
  /**
   * The permission the screen needs (ADR 0015): without it the user sees "You don't have access to
   * this page" and the screen is not rendered (the server answers 403 too).
   */
  permission?: Permission;
  /** The page's name, the heading of what a user without access sees instead. */
  title?: string;
}

/** docs/product.md §4 route guard around one route. */
export function RequireAuth({
  requiresActivation,
  children,
  loadingFallback,
  superusersOnly,
  permission,
  title,
}: RequireAuthProps) {
  const auth = useAuth();
  const { me, can } = usePermissions();
  const location = useLocation();
  const { start, checkActivation, user, activation, activationLoading, activationError, signingIn } = auth;

  useEffect(start, [start]);
  useDefaultDocumentTitle(title);

  // Activation unknown (e.g. after a reload): ask the server once.
  const needsCheck =
    !!user &&
    activation === null &&
    !activationLoading &&
    !activationError &&
    !signingIn &&
    !auth.secondFactorPending;
  useEffect(() => {
    if (needsCheck) void checkActivation();
  }, [needsCheck, checkActivation]);

  const decision = decideRoute({
    authLoading: auth.status === 'idle' || auth.status === 'loading' || signingIn,
    hasUser: !!user,
    activation,
    activationLoading,
    path: location.pathname,
    requiresActivation,
    secondFactorPending: auth.secondFactorPending,
  });

  if (decision.kind === 'redirect') {
    return (
      <Navigate to={decision.to} replace state={decision.carryLocation ? { from: location } : undefined} />
    );
  }
  if (decision.kind === 'loading') {
    if (activationError && activation === null) {
      return (
        <div role="alert" className="mx-auto flex max-w-lg flex-col items-center gap-4 p-10 text-center">
          <p>{activationError}</p>
          <Button onClick={() => void checkActivation()}>Try again</Button>
        </div>
      );
    }
    return <>{loadingFallback ?? <Loading />}</>;
  }
  if (superusersOnly !== undefined && activation?.isSuperuser !== true)
    return <SuperusersOnly title={title} message={superusersOnly} />;
  if (permission !== undefined) {
    if (me === null) return <>{loadingFallback ?? <Loading />}</>;
    if (!can(permission))
      return (
        <Suspense fallback={loadingFallback ?? <Loading />}>
          <NoPermission title={title} permission={permission} />
        </Suspense>
      );
  }
  return <>{children}</>;
}
