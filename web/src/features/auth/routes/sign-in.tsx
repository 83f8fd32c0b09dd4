import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, type Location } from 'react-router';
import { AUTH_MESSAGES } from '@bankmanager/contracts/auth-messages';
import type { SignInFormValues } from '@bankmanager/contracts/auth';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { publicConfig } from '@/config/public-config';
import { toast } from '@/lib/toast';
import { useAuth } from '@/lib/auth';
import { AuthCard } from '../components/auth-card';

// Sample credentials only when the server runs with demo data; never in production.
const demo = publicConfig.demoData ? publicConfig.demoCredentials : null;

type Errors = Partial<Record<keyof SignInFormValues, string>>;

/*
 * Validated by the contracts' `signInFormSchema`, like every form. Unlike the others this page does not
 * use react-hook-form: it would add ~9 KB gzip to the first visit, and / then /signin must stay within
 * 150 KB (docs/decisions/0004-web-bundle-budget.md), now 100 KB on the wire (0017).
 */
const loadCheck = () => import('../lib/check-sign-in');

/** Where to go after signing in: the page the guard sent us from, else /dashboard. */
function redirectTarget(state: unknown): string {
  const from = (state as { from?: Partial<Location> } | null)?.from;
  if (!from?.pathname || from.pathname === paths.signIn) return paths.dashboard;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

export function SignInRoute() {
  const { signIn, start } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  // After sign-up, the new account's e-mail; else the demo account in demo mode.
  const signedUp = (location.state as { email?: unknown } | null)?.email;
  const fresh = typeof signedUp === 'string' ? signedUp : null;
  const [email, setEmail] = useState(fresh ?? demo?.email ?? '');
  const [password, setPassword] = useState(fresh ? '' : (demo?.password ?? ''));
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  // The check (zod) and the auth client load once the visitor turns to the form, not with the page: the
  // page shows sooner on a slow line (docs/decisions/0017-wire-budget.md). Submitting waits for them.
  const prepare = () => {
    void loadCheck();
    start();
  };

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const check = (await loadCheck()).checkSignIn({ email, password });
    setErrors(check.ok ? {} : check.errors);
    // The cursor goes to the first field to fix.
    if (!check.ok) return document.getElementById(check.errors.email ? 'email' : 'password')?.focus();
    setBusy(true);
    try {
      await signIn(check.values.email, check.values.password);
      // With an authenticator set up, the code comes before any page (docs/security.md, finding 4).
      const { needsSecondFactor } = await import('@/lib/auth/assurance-level');
      if (await needsSecondFactor()) {
        void navigate(paths.mfaChallenge, { replace: true, state: location.state as unknown });
        return;
      }
      toast({
        title: AUTH_MESSAGES.signInSuccessTitle,
        description: AUTH_MESSAGES.signInSuccessDescription,
        variant: 'success',
      });
      void navigate(redirectTarget(location.state), { replace: true });
    } catch (err) {
      const message = err instanceof Error && err.message ? err.message : AUTH_MESSAGES.signInErrorFallback;
      toast({ title: AUTH_MESSAGES.signInErrorTitle, description: message, variant: 'destructive' });
      // The notice, and the same words on the password field until it is changed.
      setErrors({ password: message });
      document.getElementById('password')?.focus();
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Sign in" description="Sign in with your staff email and password.">
      <form
        noValidate
        onSubmit={onSubmit}
        onFocus={prepare}
        onPointerEnter={prepare}
        onPointerDown={prepare}
        className="grid gap-4"
      >
        <FormField
          id="email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
        />
        <FormField
          id="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setErrors((x) => ({ ...x, password: undefined }));
          }}
          error={errors.password}
        />
        <Button type="submit" disabled={busy}>
          {busy ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
      <p className="text-muted-foreground mt-6 text-center text-sm">
        No account yet?{' '}
        <Link to={paths.signUp} className="text-primary font-medium underline underline-offset-4">
          Sign up
        </Link>
      </p>
    </AuthCard>
  );
}

export default SignInRoute;
