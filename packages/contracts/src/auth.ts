import { z } from 'zod';

import { SIGN_UP_MESSAGES } from './auth-messages.ts';

export * from './auth-messages.ts';

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
