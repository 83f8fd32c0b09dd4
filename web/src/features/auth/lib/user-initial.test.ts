import { describe, expect, it } from 'vitest';
import { userInitial } from './user-initial';

describe('userInitial', () => {
  it('uses the full name first', () =>
    expect(userInitial({ email: 'b@x.sl', user_metadata: { fullName: ' aminata Kamara' } })).toBe('A'));
  it('falls back to the email', () =>
    expect(userInitial({ email: 'binta@x.sl', user_metadata: { fullName: '  ' } })).toBe('B'));
  it('falls back to U', () => {
    expect(userInitial({ email: '', user_metadata: {} })).toBe('U');
    expect(userInitial(null)).toBe('U');
  });
});
