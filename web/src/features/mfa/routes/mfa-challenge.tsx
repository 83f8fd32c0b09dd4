import { Link, useLocation, useNavigate, type Location } from 'react-router';
import { AUTH_MESSAGES } from '@bankmanager/contracts/auth-messages';
import { paths } from '@/config/paths';
import { supabase } from '@/lib/supabase';
import { toast } from '@/lib/toast';
import { CodeForm } from '../components/code-form';
import { verifySecondFactor } from '../lib/second-factor';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** Where to go once the code is accepted: the page the guard sent the user from, else /dashboard. */
function target(state: unknown): string {
  const from = (state as { from?: Partial<Location> } | null)?.from;
  if (!from?.pathname || from.pathname === paths.signIn || from.pathname === paths.mfaChallenge)
    return paths.dashboard;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

/** After the password, before any page: the code from the authenticator app (aal1 → aal2). */
export function MfaChallengeRoute() {
  useDocumentTitle('Two-factor authentication');
  const navigate = useNavigate();
  const location = useLocation();

  async function onCode(code: string) {
    await verifySecondFactor(code);
    toast({
      title: AUTH_MESSAGES.signInSuccessTitle,
      description: AUTH_MESSAGES.signInSuccessDescription,
      variant: 'success',
    });
    void navigate(target(location.state), { replace: true });
  }

  async function cancel() {
    await supabase.auth.signOut();
    void navigate(paths.signIn, { replace: true });
  }

  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 py-10">
      <Link to={paths.landing} className="mb-6 text-xl font-semibold">
        BankManager
      </Link>
      <div className="bg-card text-card-foreground w-full max-w-md rounded-xl border p-6 shadow-sm">
        <h1 className="text-2xl font-semibold">Two-factor authentication</h1>
        <p className="text-muted-foreground mt-1 mb-6 text-sm">
          Enter the 6-digit code from your authenticator app to finish signing in.
        </p>
        <CodeForm submitLabel="Verify" onCode={onCode} />
        <p className="text-muted-foreground mt-6 text-center text-sm">
          <button
            type="button"
            onClick={() => void cancel()}
            className="text-primary underline underline-offset-4"
          >
            Cancel and sign out
          </button>
        </p>
      </div>
    </main>
  );
}

export default MfaChallengeRoute;
