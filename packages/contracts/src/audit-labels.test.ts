import { describe, expect, it } from 'vitest';
import { auditActionLabel } from './audit-labels.ts';

describe('auditActionLabel', () => {
  it('names known actions as staff say them', () => {
    expect(auditActionLabel('auth.sign_in')).toBe('Signed in');
    expect(auditActionLabel('staff.approve')).toBe('Approved staff member');
  });
  it('turns an unlabelled code into words rather than showing it raw', () => {
    expect(auditActionLabel('teller.cash_deposit')).toBe('Teller cash deposit');
  });
});
