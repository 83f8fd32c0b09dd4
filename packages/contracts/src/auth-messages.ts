// Zod-free on purpose: the sign-in page imports these strings without pulling in zod.

/** docs/product.md §5 sign-up validation messages, to the letter. */
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

/** docs/product.md §8 strings the staff-facing UI shows (and the server answers with). */
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
  signUpSuccessDescription:
    'Your account has been created successfully. Please check your email for verification.',
} as const;

/** docs/product.md §9 constants of the sign-up flow. */
export const SIGN_UP_RETRY_DELAYS_MS = [1000, 2000, 4000] as const;
export const DEFAULT_BANK_CODE = 'CB';
export const USER_STATUS_TIMEOUT_MS = 10_000;
export const PASSWORD_MIN_LENGTH = 6;

/** GoTrue error codes the server answers for duplicates; the SPA maps them to the field messages above. */
export const AUTH_ERROR_CODES = {
  mobileExists: 'mobile_exists',
  emailExists: 'email_exists',
  userAlreadyExists: 'user_already_exists',
} as const;

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export const digitsOnly = (s: string): string => s.replace(/\D/g, '');
