import { formatDate } from '@bankmanager/contracts/format';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/lib/toast';
import { CodeForm } from '../components/code-form';
import {
  confirmEnrolment,
  startEnrolment,
  verifiedFactors,
  type Enrolment,
  type VerifiedFactor,
} from '../lib/second-factor';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** The signed-in user's profile: two-factor authentication with an authenticator app (TOTP). */
export function ProfileRoute() {
  useDocumentTitle('Profile');
  const [factors, setFactors] = useState<VerifiedFactor[] | null>(null);
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void verifiedFactors().then(setFactors, () => setFactors([]));
  }, []);

  async function begin() {
    setBusy(true);
    try {
      setEnrolment(await startEnrolment());
    } catch (err) {
      toast({
        title: 'Could not start the set-up',
        description: (err as Error).message,
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  async function finish(code: string) {
    await confirmEnrolment(enrolment!.factorId, code);
    setEnrolment(null);
    setFactors(await verifiedFactors());
    toast({ title: 'Two-factor authentication is on', variant: 'success' });
  }

  const on = (factors?.length ?? 0) > 0;
  return (
    <main className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-8">
      <h1 className="text-2xl font-semibold">Profile</h1>
      <Card>
        <CardHeader>
          <CardTitle>Two-factor authentication</CardTitle>
          <CardDescription>
            {on
              ? 'On: signing in asks for a code from your authenticator app after your password.'
              : 'Off: protect your account with a code from an authenticator app at every sign-in.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {factors === null ? <p className="text-muted-foreground text-sm">Loading...</p> : null}
          {on ? (
            <ul className="text-sm">
              {factors!.map((f) => (
                <li key={f.id}>
                  {f.friendlyName || 'Authenticator app'}, added {formatDate(f.createdAt)}
                </li>
              ))}
            </ul>
          ) : null}
          {factors !== null && !on && !enrolment ? (
            <Button type="button" onClick={() => void begin()} disabled={busy} className="justify-self-start">
              Set up authenticator app
            </Button>
          ) : null}
          {enrolment ? (
            <div className="grid gap-4">
              <p className="text-sm">
                Scan this QR code with your authenticator app, or type the key, then enter the code it shows.
              </p>
              <img
                src={enrolment.qrCode}
                alt="QR code for your authenticator app"
                className="h-48 w-48 bg-white p-2"
              />
              <p className="text-sm">
                Key: <code data-testid="mfa-secret">{enrolment.secret}</code>
              </p>
              <CodeForm submitLabel="Verify and turn on" onCode={finish} />
            </div>
          ) : null}
        </CardContent>
      </Card>
    </main>
  );
}

export default ProfileRoute;
