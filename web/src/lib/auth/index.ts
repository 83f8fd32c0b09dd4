// The signed-in session every layer may read: the provider, the hook and its state. supabase-js stays
// behind the lazy `auth-session` module, so importing this file never loads the auth client.
export { AuthProvider } from './auth-provider';
export { useAuth, type Activation, type AuthContextValue, type AuthState } from './auth-context';
