import type { Activation } from '@/lib/auth';

export type { Activation };

export interface RouteInput {
  authLoading: boolean;
  hasUser: boolean;
  activation: Activation | null;
  activationLoading: boolean;
  /** The requested pathname. */
  path: string;
  requiresActivation: boolean;
  /** The server wants the second factor before anything else (a password-only session). */
  secondFactorPending?: boolean;
}

export type RouteDecision =
  | { kind: 'loading' }
  | { kind: 'redirect'; to: string; /** carry the requested location (to /signin) */ carryLocation: boolean }
  | { kind: 'allow' };

const DASHBOARD = '/dashboard';
const NEW_USER_DASHBOARD = '/new-user-dashboard';
const SIGN_IN = '/signin';
const MFA_CHALLENGE = '/signin/mfa';

/** docs/product.md §4.3 "Route guard", in the order the rules are written. */
export function decideRoute(i: RouteInput): RouteDecision {
  if (i.authLoading) return { kind: 'loading' };
  if (!i.hasUser) return { kind: 'redirect', to: SIGN_IN, carryLocation: true };
  if (i.secondFactorPending) return { kind: 'redirect', to: MFA_CHALLENGE, carryLocation: true };
  const a = i.activation;
  if (i.activationLoading || a === null || (i.requiresActivation && !a.statusVerified))
    return { kind: 'loading' };
  const path = i.path.replace(/\/+$/, '') || '/';
  if (path === DASHBOARD && !a.isActivated && !a.isSuperuser)
    return { kind: 'redirect', to: NEW_USER_DASHBOARD, carryLocation: false };
  if (path === NEW_USER_DASHBOARD && (a.isActivated || a.isSuperuser))
    return { kind: 'redirect', to: DASHBOARD, carryLocation: false };
  if (a.isSuperuser) return { kind: 'allow' };
  if (i.requiresActivation && !a.isActivated)
    return { kind: 'redirect', to: NEW_USER_DASHBOARD, carryLocation: false };
  return { kind: 'allow' };
}
