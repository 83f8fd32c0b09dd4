import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { isSixDigits } from '../lib/second-factor';

/** One 6-digit code field and its submit button; `onCode` throws to show the server's message. */
export function CodeForm({
  submitLabel,
  onCode,
}: {
  submitLabel: string;
  onCode: (code: string) => Promise<void>;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!isSixDigits(code)) {
      setError('Enter the 6-digit code from your authenticator app');
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await onCode(code.trim());
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : 'The code could not be checked');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormField
        id="mfa-code"
        label="Authentication code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        required
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={error}
      />
      <Button type="submit" disabled={busy}>
        {busy ? 'Checking...' : submitLabel}
      </Button>
    </form>
  );
}
