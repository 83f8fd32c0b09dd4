import { sql } from 'drizzle-orm';
import {
  PRODUCT_TEXT,
  productTermsProblems,
  type DepositProductType,
  type ProductGlMapping,
  type ProductTerms,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { badRequest } from '../../lib/http-error.ts';

type Problem = { path: string; message: string };

/** 400 in the shape the error handler gives route-schema failures (as the customers module does). */
export const invalid = (problems: Problem[]) => badRequest('Invalid request', problems);

/** contracts' dotted paths ("terms.debitRate") as the JSON pointers of a schema failure ("/terms/debitRate"). */
const pointer = (dotted: string) => `/${dotted.split('.').join('/')}`;

export const GL_TEXT = {
  missing: 'No active GL account with this code',
  control: 'The control account must be an active liability control account in the product’s currency',
  currency: 'This GL account does not take the product’s currency',
  notControl: 'Only the control mapping may be a control account',
} as const;

/**
 * The GL mappings a product posts to: each an active account (not a group), the control account a
 * liability control account in the product's currency, the others postable accounts that take it.
 */
export async function glProblems(db: Database, gl: ProductGlMapping, currency: string): Promise<Problem[]> {
  const codes = Object.values(gl);
  const rows = await queryRows<{
    code: string;
    kind: string;
    class: string;
    currency: string;
    status: string;
    is_control: boolean;
  }>(
    db,
    sql`select code, kind, class, currency, status, is_control from gl_accounts
        where code = any(${`{${codes.join(',')}}`}::text[])`,
  );
  const byCode = new Map(rows.map((r) => [r.code, r]));
  const problems: Problem[] = [];
  for (const [key, code] of Object.entries(gl) as [keyof ProductGlMapping, string][]) {
    const g = byCode.get(code);
    const path = `/gl/${key}`;
    if (!g || g.kind !== 'account' || g.status !== 'active')
      problems.push({ path, message: GL_TEXT.missing });
    else if (key === 'control') {
      if (!g.is_control || g.class !== 'liability' || g.currency !== currency)
        problems.push({ path, message: GL_TEXT.control });
    } else if (g.is_control) problems.push({ path, message: GL_TEXT.notControl });
    else if (g.currency !== currency && g.currency !== 'both')
      problems.push({ path, message: GL_TEXT.currency });
  }
  return problems;
}

/** The type rules of contracts plus "never backwards": a new version starts on the business date or later. */
export function termsProblems(
  type: DepositProductType,
  terms: ProductTerms,
  businessDate: string,
): Problem[] {
  const problems = productTermsProblems(type, terms).map((p) => ({
    path: pointer(p.path),
    message: p.message,
  }));
  if (terms.effectiveFrom < businessDate)
    problems.push({ path: '/terms/effectiveFrom', message: PRODUCT_TEXT.effectiveFrom });
  return problems;
}
