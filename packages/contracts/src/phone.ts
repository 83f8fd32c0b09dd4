/** docs/product.md §5.4 "Phone number on save" — the messages are the contract, to the letter. */
export const PHONE_MESSAGES = {
  plus: 'Phone number must start with a plus sign (+)',
  sierraLeone: 'Sierra Leonean numbers should have 8 digits after the country code',
  us: 'US numbers should have 10 digits after the country code',
  length: 'Phone number length is invalid',
  digits: 'Phone number should contain only digits after the plus sign',
} as const;

export const INVALID_PHONE_TITLE = 'Invalid Phone Number';

export type PhoneCheck = { valid: true; normalized: string } | { valid: false; message: string };

/**
 * Validates a mobile number for a mobile banking subscription. Spaces and hyphens are ignored;
 * the normalized form (E.164, e.g. +23276123456) is what gets stored.
 */
export function validatePhoneNumber(input: string): PhoneCheck {
  const phone = input.trim();
  if (!phone.startsWith('+')) return { valid: false, message: PHONE_MESSAGES.plus };
  const normalized = phone.replace(/[\s-]/g, '');
  const count = normalized.length - 1; // characters after the plus sign
  if (normalized.startsWith('+232')) {
    if (count !== 11) return { valid: false, message: PHONE_MESSAGES.sierraLeone };
  } else if (normalized.startsWith('+1')) {
    if (count !== 11) return { valid: false, message: PHONE_MESSAGES.us };
  } else if (count < 10 || count > 15) {
    return { valid: false, message: PHONE_MESSAGES.length };
  }
  if (!/^\+\d+$/.test(normalized)) return { valid: false, message: PHONE_MESSAGES.digits };
  return { valid: true, normalized };
}

/**
 * What people type for a Sierra Leone mobile, read as E.164 before the checks above: `076 123 456`,
 * `076123456`, `76123456`, `23276123456`, `0023276123456` and `+232 76 123 456` all become
 * `+23276123456`. Anything else goes to the checks as typed, so it gets their message. The customer
 * record's mobile fields read numbers this way; the screens the original specification fixes (the
 * mobile banking subscription's "Phone number on save" and sign-up's 10 to 12 digits) keep its rules
 * to the letter (docs/decisions/0057-phone-numbers-as-typed.md).
 */
export function readPhoneNumber(input: string): string {
  const typed = input.trim();
  if (typed.startsWith('+')) return typed;
  const d = typed.replace(/[\s\-().]/g, '');
  if (!/^\d+$/.test(d)) return typed;
  if (d.startsWith('00')) return `+${d.slice(2)}`;
  if (d.startsWith('232') && d.length === 11) return `+${d}`;
  if (d.startsWith('0') && d.length === 9) return `+232${d.slice(1)}`;
  if (d.length === 8 && !d.startsWith('0')) return `+232${d}`;
  return typed;
}

/** Example shown in the Mobile Number placeholder: 'Enter mobile number (e.g., {phone})'. */
export const EXAMPLE_PHONE = '+23276123456';
export const mobilePlaceholder = (phone: string = EXAMPLE_PHONE) => `Enter mobile number (e.g., ${phone})`;
export const MOBILE_HINT = 'Must include country code with + sign (e.g., +232 for Sierra Leone, +1 for US)';
