export { AuthProvider } from './components/auth-provider';
export { RequireAuth } from './components/require-auth';
export { useActivationPolling, ACTIVATION_POLL_MS } from './components/use-activation-polling';
export { useAuth, type AuthState } from './auth-context';
export type { Activation } from './lib/decide-route';
export { userInitial } from './lib/user-initial';
