import { z } from 'zod';
import {
  AUTH_ERROR_CODES,
  AUTH_MESSAGES,
  DEFAULT_BANK_CODE,
  digitsOnly,
  PASSWORD_MIN_LENGTH,
  SIGN_UP_MESSAGES,
} from './auth-messages.ts';
import { emailLookalikeProblem } from './email-lookalike.ts';

export * from './auth-messages.ts';
export * from './email-lookalike.ts';

// docs/product.md §5: "must look like {email}" — something@something.something, no spaces.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** docs/product.md §5: after stripping non-digits, a sign-up mobile number has 10 to 12 digits. */
/**
 * The sign-up success text when the account is confirmed at once (no confirmation e-mail is sent): the
 * SPEC's title, and what happens next instead of "check your email", which no e-mail follows. With
 * confirmation e-mails, AUTH_MESSAGES.signUpSuccessDescription (the SPEC's text) stays.
 */
export const SIGN_UP_CONFIRMED_DESCRIPTION =
  'Your account has been created successfully. You can sign in now; an administrator activates your account before you can use the banking modules.';

export const isValidSignUpMobile = (s: string): boolean => /^\d{10,12}$/.test(digitsOnly(s));

export type SignUpErrorCode = 'MOBILE_ALREADY_EXISTS' | 'EMAIL_ALREADY_EXISTS';

/**
 * Maps an auth error code from sign-up to the docs/product.md §8 error and the form field that shows it
 * (undefined for other errors, which show their own message).
 */
export function signUpErrorForCode(
  code: string | undefined,
): { code: SignUpErrorCode; field: 'mobileNo' | 'email'; message: string } | undefined {
  if (code === AUTH_ERROR_CODES.mobileExists || code === 'MOBILE_ALREADY_EXISTS' || code === 'phone_exists') {
    return {
      code: 'MOBILE_ALREADY_EXISTS',
      field: 'mobileNo',
      message: AUTH_MESSAGES.mobileAlreadyRegistered,
    };
  }
  if (
    code === AUTH_ERROR_CODES.emailExists ||
    code === AUTH_ERROR_CODES.userAlreadyExists ||
    code === 'EMAIL_ALREADY_EXISTS'
  ) {
    return { code: 'EMAIL_ALREADY_EXISTS', field: 'email', message: AUTH_MESSAGES.emailAlreadyRegistered };
  }
  return undefined;
}

// One rule per field, shared by the web form and the server's check of sign-up metadata.
const fullName = z
  .string({ error: SIGN_UP_MESSAGES.fullNameRequired })
  .trim()
  .min(1, SIGN_UP_MESSAGES.fullNameRequired);
const mobileNo = z
  .string({ error: SIGN_UP_MESSAGES.mobileRequired })
  .trim()
  .min(1, SIGN_UP_MESSAGES.mobileRequired)
  .refine((v) => v === '' || isValidSignUpMobile(v), SIGN_UP_MESSAGES.mobileInvalid);

/** The sign-up form (docs/product.md §5). Trimming happens on submit; messages are checked in order. */
export const signUpFormSchema = z
  .object({
    fullName,
    mobileNo,
    email: z
      .string()
      .trim()
      .min(1, SIGN_UP_MESSAGES.emailRequired)
      .refine((v) => v === '' || EMAIL_SHAPE.test(v), SIGN_UP_MESSAGES.emailInvalid)
      // The server refuses the same addresses (/auth/v1/signup); the form says why before sending.
      .superRefine((v, ctx) => {
        const problem = EMAIL_SHAPE.test(v) ? emailLookalikeProblem(v) : undefined;
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    password: z
      .string()
      .min(1, SIGN_UP_MESSAGES.passwordRequired)
      .refine((v) => v === '' || v.length >= PASSWORD_MIN_LENGTH, SIGN_UP_MESSAGES.passwordTooShort),
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: SIGN_UP_MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
    // Check the match even while other fields are still invalid, so the form shows every message at once.
    when: (payload) => {
      const v = payload.value as { password?: unknown; confirmPassword?: unknown } | undefined;
      return typeof v?.password === 'string' && typeof v.confirmPassword === 'string';
    },
  });
export type SignUpFormValues = z.input<typeof signUpFormSchema>;

/**
 * The sign-in form (docs/product.md §4): both fields required, the email trimmed; the messages are sign-up's.
 */
export const signInFormSchema = z.object({
  email: z.string().trim().min(1, SIGN_UP_MESSAGES.emailRequired),
  password: z.string().min(1, SIGN_UP_MESSAGES.passwordRequired),
});
export type SignInFormValues = z.input<typeof signInFormSchema>;

/**
 * The `data` (user_metadata) the SPA sends with signUp; the server validates it with the same field
 * rules and creates the profile from the output (mobile number reduced to digits, bank code defaulted).
 */
export const signUpMetadataSchema = z.looseObject({
  fullName,
  mobileNo: mobileNo.transform(digitsOnly),
  bank_code: z
    .string()
    .trim()
    .max(16)
    .nullish()
    .transform((v) => (v ? v : DEFAULT_BANK_CODE)),
});
export type SignUpMetadata = z.output<typeof signUpMetadataSchema>;

/** GET /api/user/status */
export const userStatusSchema = z.object({ isActivated: z.boolean(), isSuperuser: z.boolean() });
export type UserStatus = z.infer<typeof userStatusSchema>;

/** POST /api/users/activate-first-user; a failure carries `message` (docs/product.md §8). */
export const activateFirstUserResponseSchema = z.object({
  success: z.boolean(),
  user: z.object({ approved: z.boolean(), is_superuser: z.boolean() }).nullish(),
  message: z.string().optional(),
});
export type ActivateFirstUserResponse = z.infer<typeof activateFirstUserResponseSchema>;

/** POST /api/users/add-new-user */
export const addNewUserResponseSchema = z.object({ success: z.boolean(), message: z.string() });
export type AddNewUserResponse = z.infer<typeof addNewUserResponseSchema>;
