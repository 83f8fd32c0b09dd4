import { z } from 'zod';

/** SPEC §5 sign-up validation messages, exactly as the SPA shows them. */
export const SIGN_UP_MESSAGES = {
  fullNameRequired: 'Full name is required',
  mobileRequired: 'Mobile number is required',
  mobileInvalid: 'Please enter a valid mobile number (10-12 digits)',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters',
  passwordsDoNotMatch: 'Passwords do not match',
  emailOrPhoneRequired: 'You must provide either an email or phone number and a password',
} as const;

/** SPEC §8 messages around authentication, sign-up and activation. */
export const AUTH_MESSAGES = {
  authErrorTitle: 'Authentication error',
  authFailed: 'Failed to authenticate',
  signInSuccess: 'Success: You have been signed in successfully',
  signUpSuccess: 'Account created: Your account has been created successfully. Please check your email for verification.',
  registrationErrorTitle: 'Registration error',
  noUserReturned: 'No user data returned from signup',
  mobileInUse: 'Mobile number is already in use. Please try a different number.',
  profileCreationFailed: 'Failed to create user profile',
  signUpRetriesExhausted: 'Failed to create account after multiple attempts',
  unexpectedError: 'An unexpected error occurred',
  unknownError: 'Unknown error occurred',
  statusTimeout: 'Request timed out while fetching user status',
  statusFailed: (statusText: string) => `Error fetching user status: ${statusText}`,
} as const;

/** SPEC §8 sign-up error codes and the message shown on the matching field. */
export const SIGN_UP_ERROR_MESSAGES = {
  MOBILE_ALREADY_EXISTS: 'This mobile number is already registered. Please use a different number.',
  EMAIL_ALREADY_EXISTS: 'This email is already registered. Please use a different email address.',
} as const;

/** GoTrue error codes the server answers for duplicates; the SPA maps them to SIGN_UP_ERROR_MESSAGES. */
export const AUTH_ERROR_CODES = {
  mobileExists: 'mobile_exists',
  emailExists: 'email_exists',
  userAlreadyExists: 'user_already_exists',
} as const;

export type SignUpErrorCode = keyof typeof SIGN_UP_ERROR_MESSAGES;

/**
 * Maps an auth error code from sign-up to the SPEC §8 error and the form field that shows it
 * (undefined for other errors, which show their own message).
 */
export function signUpErrorForCode(
  code: string | undefined,
): { code: SignUpErrorCode; field: 'mobileNo' | 'email'; message: string } | undefined {
  if (code === AUTH_ERROR_CODES.mobileExists) {
    return { code: 'MOBILE_ALREADY_EXISTS', field: 'mobileNo', message: SIGN_UP_ERROR_MESSAGES.MOBILE_ALREADY_EXISTS };
  }
  if (code === AUTH_ERROR_CODES.emailExists || code === AUTH_ERROR_CODES.userAlreadyExists) {
    return { code: 'EMAIL_ALREADY_EXISTS', field: 'email', message: SIGN_UP_ERROR_MESSAGES.EMAIL_ALREADY_EXISTS };
  }
  return undefined;
}

export const PASSWORD_MIN_LENGTH = 6;
export const DEFAULT_BANK_CODE = 'CB';
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export const digitsOnly = (s: string): string => s.replace(/\D/g, '');

/** SPEC §5: after stripping non-digits, a sign-up mobile number has 10 to 12 digits. */
export const isValidSignUpMobile = (s: string): boolean => /^\d{10,12}$/.test(digitsOnly(s));

const mobileNumber = z
  .string({ error: SIGN_UP_MESSAGES.mobileRequired })
  .trim()
  .min(1, SIGN_UP_MESSAGES.mobileRequired)
  .refine(isValidSignUpMobile, SIGN_UP_MESSAGES.mobileInvalid);

/** The web sign-up form (SPEC §5). */
export const signUpFormSchema = z
  .object({
    fullName: z.string({ error: SIGN_UP_MESSAGES.fullNameRequired }).trim().min(1, SIGN_UP_MESSAGES.fullNameRequired),
    mobileNo: mobileNumber,
    email: z
      .string({ error: SIGN_UP_MESSAGES.emailRequired })
      .trim()
      .min(1, SIGN_UP_MESSAGES.emailRequired)
      .pipe(z.email(SIGN_UP_MESSAGES.emailInvalid)),
    password: z
      .string({ error: SIGN_UP_MESSAGES.passwordRequired })
      .min(1, SIGN_UP_MESSAGES.passwordRequired)
      .min(PASSWORD_MIN_LENGTH, SIGN_UP_MESSAGES.passwordTooShort),
    confirmPassword: z.string({ error: SIGN_UP_MESSAGES.passwordRequired }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: SIGN_UP_MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type SignUpForm = z.input<typeof signUpFormSchema>;

/**
 * The `data` (user_metadata) the SPA sends with signUp; the server validates it with this same schema
 * and creates the profile from the output (mobile number reduced to digits, bank code defaulted).
 */
export const signUpMetadataSchema = z.looseObject({
  fullName: z.string({ error: SIGN_UP_MESSAGES.fullNameRequired }).trim().min(1, SIGN_UP_MESSAGES.fullNameRequired),
  mobileNo: mobileNumber.transform(digitsOnly),
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

/** POST /api/users/add-new-user */
export const addNewUserResponseSchema = z.object({ success: z.boolean(), message: z.string() });
export type AddNewUserResponse = z.infer<typeof addNewUserResponseSchema>;

/** POST /api/users/activate-first-user */
export const activateFirstUserResponseSchema = z.object({
  success: z.boolean(),
  user: z.object({ approved: z.boolean(), is_superuser: z.boolean() }),
});
export type ActivateFirstUserResponse = z.infer<typeof activateFirstUserResponseSchema>;
