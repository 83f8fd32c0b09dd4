import { describe, expect, it } from 'vitest';
import { decideRoute, type Activation, type RouteInput } from './decide-route';

const act = (isActivated: boolean, isSuperuser: boolean, statusVerified = true): Activation => ({
  isActivated,
  isSuperuser,
  statusVerified,
});
const base: RouteInput = {
  authLoading: false,
  hasUser: true,
  activation: act(true, false),
  activationLoading: false,
  path: '/dashboard',
  requiresActivation: true,
};
const decide = (o: Partial<RouteInput>) => decideRoute({ ...base, ...o });

describe('decideRoute (docs/product.md §4 route guard)', () => {
  it('waits while auth or activation is loading, unknown or unverified', () => {
    expect(decide({ authLoading: true })).toEqual({ kind: 'loading' });
    expect(decide({ activationLoading: true })).toEqual({ kind: 'loading' });
    expect(decide({ activation: null })).toEqual({ kind: 'loading' });
    expect(decide({ activation: act(true, false, false) })).toEqual({ kind: 'loading' });
    expect(decide({ activation: act(true, false, false), requiresActivation: false, path: '/x' })).toEqual({
      kind: 'allow',
    });
  });
  it('sends a visitor without a user to /signin carrying the location', () => {
    expect(decide({ hasUser: false, activation: null })).toEqual({
      kind: 'redirect',
      to: '/signin',
      carryLocation: true,
    });
  });
  it('sends a session that still owes the second factor to the code screen, carrying the location', () => {
    expect(decide({ secondFactorPending: true, activation: null })).toEqual({
      kind: 'redirect',
      to: '/signin/mfa',
      carryLocation: true,
    });
  });
  it('sends a non-activated non-superuser from /dashboard to /new-user-dashboard', () => {
    expect(decide({ activation: act(false, false) })).toEqual({
      kind: 'redirect',
      to: '/new-user-dashboard',
      carryLocation: false,
    });
  });
  it('sends activated users and superusers from /new-user-dashboard to /dashboard', () => {
    const p = { path: '/new-user-dashboard', requiresActivation: false };
    expect(decide({ ...p, activation: act(true, false) })).toMatchObject({
      kind: 'redirect',
      to: '/dashboard',
    });
    expect(decide({ ...p, activation: act(false, true) })).toMatchObject({
      kind: 'redirect',
      to: '/dashboard',
    });
    expect(decide({ ...p, activation: act(false, false) })).toEqual({ kind: 'allow' });
  });
  it('lets a superuser through any guarded route', () => {
    expect(decide({ path: '/enquiries/account', activation: act(false, true) })).toEqual({ kind: 'allow' });
    expect(decide({ path: '/dashboard', activation: act(false, true) })).toEqual({ kind: 'allow' });
  });
  it('sends a non-activated user away from routes needing activation', () => {
    expect(decide({ path: '/enquiries/account', activation: act(false, false) })).toMatchObject({
      kind: 'redirect',
      to: '/new-user-dashboard',
    });
    expect(decide({ path: '/enquiries/account', activation: act(true, false) })).toEqual({ kind: 'allow' });
  });
});
