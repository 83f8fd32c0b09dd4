import { createClient } from '@supabase/supabase-js';
import { publicConfig } from '@/config/public-config';
import { AUTH_STORAGE_KEY } from '@/lib/auth/stored-session';

export { AUTH_STORAGE_KEY };

/**
 * The stock supabase-js client against our own origin (/auth/v1, /rest/v1). Session refresh, auth events
 * and retry back-off all come from the library. Import this module lazily: it is ~45 KB gzip.
 */
export const supabase = createClient(window.location.origin, publicConfig.anonKey || 'anon-key-missing', {
  auth: {
    storageKey: AUTH_STORAGE_KEY,
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: true,
  },
});
