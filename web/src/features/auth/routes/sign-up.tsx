import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import {
  AUTH_MESSAGES,
  SIGN_UP_CONFIRMED_DESCRIPTION,
  signUpFormSchema,
  type SignUpFormValues,
} from '@bankmanager/contracts/auth';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { toast } from '@/lib/toast';
import { signUp, SignUpError } from '../api/sign-up';
import { AuthCard } from '../components/auth-card';

const FIELDS = [
  { name: 'fullName', label: 'Full name', type: 'text', autoComplete: 'name' },
  { name: 'mobileNo', label: 'Mobile number', type: 'tel', autoComplete: 'tel' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm password', type: 'password', autoComplete: 'new-password' },
] as const;

export function SignUpRoute() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const form = useForm<SignUpFormValues>({
    resolver: zodResolver(signUpFormSchema),
    defaultValues: { fullName: '', mobileNo: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setBusy(true);
    try {
      const { email, confirmed } = await signUp(values);
      toast({
        title: AUTH_MESSAGES.signUpSuccessTitle,
        description: confirmed ? SIGN_UP_CONFIRMED_DESCRIPTION : AUTH_MESSAGES.signUpSuccessDescription,
        variant: 'success',
      });
      // The sign-in page opens with the new account's e-mail, not the demo account.
      void navigate(paths.signIn, { state: { email } });
    } catch (err) {
      const message =
        err instanceof Error && err.message
          ? err.message
          : typeof err === 'string' && err
            ? err
            : AUTH_MESSAGES.unexpectedError;
      if (err instanceof SignUpError && err.field)
        form.setError(err.field, { type: 'server', message }, { shouldFocus: true });
      toast({ title: AUTH_MESSAGES.signUpErrorTitle, description: message, variant: 'destructive' });
      setBusy(false);
    }
  });

  return (
    <AuthCard
      title="Create an account"
      description="Staff accounts are activated by an administrator after sign-up."
    >
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4">
        {FIELDS.map((f) => (
          <FormField
            key={f.name}
            id={f.name}
            label={f.label}
            type={f.type}
            autoComplete={f.autoComplete}
            error={errors[f.name]?.message}
            {...form.register(f.name)}
          />
        ))}
        <Button type="submit" disabled={busy}>
          {busy ? 'Creating account...' : 'Sign Up'}
        </Button>
      </form>
      <p className="text-muted-foreground mt-6 text-center text-sm">
        Already have an account?{' '}
        <Link to={paths.signIn} className="text-primary font-medium underline underline-offset-4">
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}

export default SignUpRoute;
