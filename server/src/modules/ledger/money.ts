/**
 * Exact money arithmetic through integer cents: the contracts' (shared with the transfer screen's
 * preview, so both convert to the same cent).
 */
export { toCents, fromCents, MAX_CENTS, convertCents as convert } from '@bankmanager/contracts';
