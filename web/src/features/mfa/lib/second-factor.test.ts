import { beforeEach, describe, expect, it, vi } from 'vitest';

const aal = vi.fn();
const listFactors = vi.fn();
const unenroll = vi.fn(async () => ({ data: {}, error: null }));
const enroll = vi.fn(async () => ({
  data: { id: 'new', totp: { qr_code: 'data:image/svg+xml;utf-8,<svg/>', secret: 'S' } },
  error: null,
}));
vi.mock('@/lib/supabase', () => ({
  supabase: { auth: { mfa: { getAuthenticatorAssuranceLevel: aal, listFactors, unenroll, enroll } } },
}));
const { needsSecondFactor, startEnrolment, verifySecondFactor } = await import('./second-factor');

describe('second factor', () => {
  beforeEach(() => vi.clearAllMocks());

  it('asks for a code only when the next level is aal2 and the session is below it', async () => {
    aal.mockResolvedValueOnce({ data: { currentLevel: 'aal1', nextLevel: 'aal2' }, error: null });
    expect(await needsSecondFactor()).toBe(true);
    aal.mockResolvedValueOnce({ data: { currentLevel: 'aal2', nextLevel: 'aal2' }, error: null });
    expect(await needsSecondFactor()).toBe(false);
    aal.mockResolvedValueOnce({ data: { currentLevel: 'aal1', nextLevel: 'aal1' }, error: null });
    expect(await needsSecondFactor()).toBe(false);
  });

  it('removes unfinished enrolments before starting a new one', async () => {
    listFactors.mockResolvedValueOnce({
      data: {
        all: [
          { id: 'old', status: 'unverified' },
          { id: 'done', status: 'verified' },
        ],
        totp: [],
      },
      error: null,
    });
    expect(await startEnrolment()).toEqual({
      factorId: 'new',
      qrCode: expect.stringMatching(/^data:image/),
      secret: 'S',
    });
    expect(unenroll).toHaveBeenCalledExactlyOnceWith({ factorId: 'old' });
  });

  it('says so when no authenticator is set up', async () => {
    listFactors.mockResolvedValueOnce({ data: { all: [], totp: [] }, error: null });
    await expect(verifySecondFactor('123456')).rejects.toThrow(/No authenticator app/);
  });
});
