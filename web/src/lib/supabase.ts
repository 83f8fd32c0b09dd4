import { createClient } from '@supabase/supabase-js';
import { publicConfig } from '@/config/public-config';

/** Same key the session is stored under in localStorage (docs/product.md §9). */
export const AUTH_STORAGE_KEY = 'bankmanager-auth-storage';

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
