import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { LOAN_PRODUCT_TEXT } from '@bankmanager/contracts';
import { conflictCode, fieldErrorsFrom, refusalText, setFieldErrors } from '@/lib/api-errors';

/** Our words for the 409 refusals the loan products API may answer with. */
const CONFLICTS: Record<string, string> = {
  product_exists: LOAN_PRODUCT_TEXT.duplicate,
  pending_approval: 'This product already has a change waiting for approval',
};

/**
 * A refused request on the form: the server's 400 `details` on their fields (cursor on the first), a
 * duplicate code on the code field; anything else is the form's own message, returned.
 */
export function showRefusal<V extends FieldValues>(form: UseFormReturn<V, unknown, never>, err: unknown) {
  const fields = fieldErrorsFrom(err);
  if (conflictCode(err) === 'product_exists') fields.code = LOAN_PRODUCT_TEXT.duplicate;
  const names = setFieldErrors(form.setError, fields);
  if (names.length) {
    form.setFocus(names[0]!);
    return null;
  }
  return refusalText(err, CONFLICTS);
}
