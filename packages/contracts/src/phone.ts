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

/** Example shown in the Mobile Number placeholder: 'Enter mobile number (e.g., {phone})'. */
export const EXAMPLE_PHONE = '+23276123456';
export const mobilePlaceholder = (phone: string = EXAMPLE_PHONE) => `Enter mobile number (e.g., ${phone})`;
export const MOBILE_HINT = 'Must include country code with + sign (e.g., +232 for Sierra Leone, +1 for US)';
