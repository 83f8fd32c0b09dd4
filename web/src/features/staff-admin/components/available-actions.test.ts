import { describe, expect, it } from 'vitest';
import type { StaffListItem } from '@bankmanager/contracts';
import { availableActions } from './available-actions';

const base: StaffListItem = {
  id: 'u1',
  fullName: 'Ada',
  email: 'ada@example.com',
  mobileNo: null,
  bankCode: '001',
  status: 'active',
  isSuperuser: false,
  lastSignInAt: null,
  mfaEnabled: false,
  createdAt: '2026-01-01T00:00:00Z',
  approvedAt: null,
  approvedBy: null,
  bannedUntil: null,
};

describe('availableActions', () => {
  it('offers approve and reject for a pending user', () => {
    expect(availableActions({ ...base, status: 'pending' })).toEqual(['approve', 'reject', 'ban']);
  });
  it('offers unban for a banned user', () => {
    expect(availableActions({ ...base, status: 'banned' })).toContain('unban');
  });
  it('offers the superuser toggle and reset MFA only when MFA is on', () => {
    expect(availableActions(base)).toContain('grant-superuser');
    expect(availableActions(base)).not.toContain('reset-mfa');
    const su = availableActions({ ...base, isSuperuser: true, mfaEnabled: true });
    expect(su).toContain('revoke-superuser');
    expect(su).toContain('reset-mfa');
  });
});
