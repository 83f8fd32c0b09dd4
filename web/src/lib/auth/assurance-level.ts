import { supabase } from '@/lib/supabase';

/**
 * True when this session must still pass the second factor (nextLevel aal2 above currentLevel). Shared
 * because sign-in asks it right after the password and the MFA feature's screens use it too; the server
 * refuses /api and /rest/v1 to such a session (docs/security.md, Part B).
 */
export async function needsSecondFactor(): Promise<boolean> {
  const { data, error } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
  if (error) throw error;
  return data.nextLevel === 'aal2' && data.currentLevel !== 'aal2';
}
