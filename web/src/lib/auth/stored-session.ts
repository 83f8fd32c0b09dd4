/** Same key the session is stored under in localStorage (docs/product.md §9). */
export const AUTH_STORAGE_KEY = 'bankmanager-auth-storage';

/**
 * Whether a session may exist without asking supabase-js (~36 KB): one in storage, or one arriving in
 * the URL (an e-mail link's tokens or code). With neither, the visitor is signed out.
 */
export function maybeSignedIn(): boolean {
  const { hash, search } = window.location;
  if (/[#&](access_token|error_description)=/.test(hash) || /[?&]code=/.test(search)) return true;
  try {
    return localStorage.getItem(AUTH_STORAGE_KEY) !== null;
  } catch {
    return true; // storage blocked: let supabase-js decide
  }
}
