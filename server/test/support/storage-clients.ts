import { createClient } from '@supabase/supabase-js';
import type { App } from '../../src/app.ts';
import { keysOf } from './auth-clients.ts';
import type { StaffUser } from './staff-users.ts';

const options = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

/** The stock supabase-js storage client as the service role (the API key as bearer). */
export function serviceStorage(baseUrl: string, app: App) {
  return createClient(baseUrl, keysOf(app).serviceKey, options).storage;
}

/** The stock storage client with the anon key and no session. */
export function anonStorage(baseUrl: string, app: App) {
  return createClient(baseUrl, keysOf(app).anonKey, options).storage;
}

/** The stock storage client of a signed-in member of staff (their access token as bearer). */
export function staffStorage(baseUrl: string, app: App, user: StaffUser) {
  return createClient(baseUrl, keysOf(app).anonKey, {
    ...options,
    global: { headers: { Authorization: user.auth } },
  }).storage;
}

/** A minimal valid PNG header (file-type recognises it) followed by `rest`. */
export function pngBytes(rest = 'pixels'): Buffer {
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
    Buffer.from(rest),
  ]);
}
