import { PRODUCT_TEXT } from '@bankmanager/contracts';
import { refusalText as refusalIn } from '@/lib/api-errors';

export { conflictCode, fieldErrorsFrom } from '@/lib/api-errors';

/** Our own words for the 409 refusal codes the products API may answer with. */
const CONFLICTS: Record<string, string> = {
  duplicate: PRODUCT_TEXT.duplicate,
  product_exists: PRODUCT_TEXT.duplicate,
  pending_approval: 'This product already has a change waiting for approval',
};

/** A refusal's message for the form: the 409's code in our words, else the server's own message. */
export const refusalText = (err: unknown): string => refusalIn(err, CONFLICTS);
