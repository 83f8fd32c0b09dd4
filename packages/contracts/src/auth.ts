import { z } from 'zod';

/** SPEC §5 sign-up validation messages, to the letter. */
export const SIGN_UP_MESSAGES = {
  fullNameRequired: 'Full name is required',
  mobileRequired: 'Mobile number is required',
  mobileInvalid: 'Please enter a valid mobile number (10-12 digits)',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters',
  passwordsDoNotMatch: 'Passwords do not match',
} as const;

/** SPEC §8 strings the staff-facing UI shows (and the server answers with). */
export const AUTH_MESSAGES = {
  statusFetchFailed: (statusText: string) => `Error fetching user status: ${statusText}`,
  statusTimeout: 'Request timed out while fetching user status',
  unknownError: 'Unknown error occurred',
  signUpRetriesExhausted: 'Failed to create account after multiple attempts',
  signUpNoUser: 'No user data returned from signup',
  profileMobileInUse: 'Mobile number is already in use. Please try a different number.',
  profileCreateFailed: 'Failed to create user profile',
  emailOrPhoneRequired: 'You must provide either an email or phone number and a password',
  signInErrorTitle: 'Authentication error',
  signInErrorFallback: 'Failed to authenticate',
  signInSuccessTitle: 'Success',
  signInSuccessDescription: 'You have been signed in successfully',
  signUpErrorTitle: 'Registration error',
  mobileAlreadyRegistered: 'This mobile number is already registered. Please use a different number.',
  emailAlreadyRegistered: 'This email is already registered. Please use a different email address.',
  unexpectedError: 'An unexpected error occurred',
  signUpSuccessTitle: 'Account created',
  signUpSuccessDescription: 'Your account has been created successfully. Please check your email for verification.',
} as const;

/** SPEC §9 constants of the sign-up flow. */
export const SIGN_UP_RETRY_DELAYS_MS = [1000, 2000, 4000] as const;
export const DEFAULT_BANK_CODE = 'CB';
export const USER_STATUS_TIMEOUT_MS = 10_000;

const digitCount = (v: string) => v.replace(/\D/g, '').length;
// SPEC §5: "must look like {email}" — something@something.something, no spaces.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The sign-up form (SPEC §5). Trimming happens on submit; messages are checked in order. */
export const signUpFormSchema = z
  .object({
    fullName: z.string().trim().min(1, SIGN_UP_MESSAGES.fullNameRequired),
    mobileNo: z
      .string()
      .trim()
      .min(1, SIGN_UP_MESSAGES.mobileRequired)
      .refine((v) => v === '' || (digitCount(v) >= 10 && digitCount(v) <= 12), SIGN_UP_MESSAGES.mobileInvalid),
    email: z
      .string()
      .trim()
      .min(1, SIGN_UP_MESSAGES.emailRequired)
      .refine((v) => v === '' || EMAIL_SHAPE.test(v), SIGN_UP_MESSAGES.emailInvalid),
    password: z
      .string()
      .min(1, SIGN_UP_MESSAGES.passwordRequired)
      .refine((v) => v === '' || v.length >= 6, SIGN_UP_MESSAGES.passwordTooShort),
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

export const userStatusSchema = z.object({ isActivated: z.boolean(), isSuperuser: z.boolean() });
export type UserStatus = z.infer<typeof userStatusSchema>;

export const activateFirstUserResponseSchema = z.object({
  success: z.boolean(),
  user: z.object({ approved: z.boolean(), is_superuser: z.boolean() }).nullish(),
  message: z.string().optional(),
});
export type ActivateFirstUserResponse = z.infer<typeof activateFirstUserResponseSchema>;

export const addNewUserResponseSchema = z.object({ success: z.boolean(), message: z.string() });
export type AddNewUserResponse = z.infer<typeof addNewUserResponseSchema>;
