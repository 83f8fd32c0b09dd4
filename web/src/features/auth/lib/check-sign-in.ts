import { signInFormSchema, type SignInFormValues } from '@bankmanager/contracts/auth';

export type SignInCheck =
  | { ok: true; values: { email: string; password: string } }
  | { ok: false; errors: Partial<Record<keyof SignInFormValues, string>> };

/**
 * The sign-in form checked by the contracts' `signInFormSchema`, every field's first message at once.
 * Its own chunk: zod loads after the sign-in page is up (docs/decisions/0004-web-bundle-budget.md).
 */
export function checkSignIn(values: SignInFormValues): SignInCheck {
  const result = signInFormSchema.safeParse(values);
  if (result.success) return { ok: true, values: result.data };
  const errors: Partial<Record<keyof SignInFormValues, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof SignInFormValues;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
