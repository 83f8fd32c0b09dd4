import { supabase } from '@/lib/supabase';

/*
 * TOTP second factor through the stock supabase-js client (docs/security.md, finding 4). The server refuses
 * /api and /rest/v1 to a password-only (aal1) session of a user with a verified factor, so the code
 * is asked right after the password, before any page loads data.
 */

export { needsSecondFactor } from '@/lib/auth/assurance-level';

export interface VerifiedFactor {
  id: string;
  friendlyName: string | undefined;
  createdAt: string;
}

/** The user's verified authenticators (supabase-js lists only verified ones under `totp`). */
export async function verifiedFactors(): Promise<VerifiedFactor[]> {
  const { data, error } = await supabase.auth.mfa.listFactors();
  if (error) throw error;
  return data.totp.map((f) => ({ id: f.id, friendlyName: f.friendly_name, createdAt: f.created_at }));
}

/** Passes the second factor with the first verified authenticator; the session becomes aal2. */
export async function verifySecondFactor(code: string): Promise<void> {
  const [factor] = await verifiedFactors();
  if (!factor) throw new Error('No authenticator app is set up for this account');
  const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId: factor.id, code });
  if (error) throw error;
}

export interface Enrolment {
  factorId: string;
  /** An SVG image as a data: URL, straight from the server. */
  qrCode: string;
  secret: string;
}

/** Starts enrolment; enrolments left unfinished earlier are removed first (they would pile up). */
export async function startEnrolment(): Promise<Enrolment> {
  const listed = await supabase.auth.mfa.listFactors();
  if (listed.error) throw listed.error;
  for (const f of listed.data.all.filter((f) => f.status === 'unverified'))
    await supabase.auth.mfa.unenroll({ factorId: f.id });
  const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp', issuer: 'BankManager' });
  if (error) throw error;
  return { factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret };
}

/** Finishes enrolment with the first code the app shows; from then on sign-in asks for a code. */
export async function confirmEnrolment(factorId: string, code: string): Promise<void> {
  const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId, code });
  if (error) throw error;
}

export const isSixDigits = (code: string) => /^\d{6}$/.test(code.trim());
