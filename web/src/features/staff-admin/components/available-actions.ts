import type { StaffAction, StaffListItem } from '@bankmanager/contracts';

/** The actions that change something for this user (the server refuses the others with 409). */
export function availableActions(u: StaffListItem): StaffAction[] {
  if (u.status === 'banned') return ['unban', 'end-sessions'];
  if (u.status === 'pending') return ['approve', 'reject', 'ban'];
  return [
    'revoke-activation',
    u.isSuperuser ? 'revoke-superuser' : 'grant-superuser',
    'ban',
    'end-sessions',
    ...(u.mfaEnabled ? (['reset-mfa'] as const) : []),
  ];
}
