import { z } from 'zod';
import { sql } from 'drizzle-orm';
import {
  loanProductChangeSchema,
  loanProductCreateSchema,
  type LoanProductTerms,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { loanProducts, loanProductVersions } from '../../db/schema/lending.ts';
import { queryRows } from '../../db/rows.ts';
import { writeAudit } from '../audit/index.ts';
import { approvedBy, type Approvals, type ApprovalActor } from '../approvals/index.ts';
import { getLoanProduct, loanProductFingerprint, versionValues } from './product-rows.ts';
import { invalid, loanGlProblems } from './validation.ts';

export const LOAN_PRODUCT_APPROVAL = 'loan_product.change';

/** What a `loan_product.change` request stores: a new product, or a change to one (the maker's body). */
export const loanProductCommand = z.discriminatedUnion('kind', [
  loanProductCreateSchema.extend({ kind: z.literal('create') }),
  loanProductChangeSchema.extend({ kind: z.literal('change'), code: z.string() }),
]);
export type LoanProductCommand = z.infer<typeof loanProductCommand>;

async function insertVersion(
  tx: Database,
  code: string,
  terms: LoanProductTerms,
  reason: string | null,
  checker: ApprovalActor,
): Promise<number> {
  const [n] = await queryRows<{ next: number }>(
    tx,
    sql`select coalesce(max(version), 0) + 1 as next from loan_product_versions where product_code = ${code}`,
  );
  const version = Number(n!.next);
  await tx.insert(loanProductVersions).values({
    productCode: code,
    version,
    ...versionValues(terms),
    reason,
    approvedBy: checker.email,
    approvedAt: new Date(),
  });
  return version;
}

/**
 * The approval's half of four-eyes. The engine has compared the product's fingerprint (a request made
 * on stale data is refused) and refused the maker as checker; the GL accounts are checked again, as
 * one may have been closed since the request.
 */
async function execute(
  tx: Database,
  raw: unknown,
  approvalId: string,
  maker: ApprovalActor,
  checker: ApprovalActor,
): Promise<void> {
  const cmd = loanProductCommand.parse(raw);
  const audit = {
    actorId: maker.id,
    actorEmail: maker.email,
    ip: maker.ip,
    targetType: 'loan_product',
    targetId: cmd.code,
  };
  const by = approvedBy(approvalId, checker);
  if (cmd.kind === 'create') {
    const problems = await loanGlProblems(tx, cmd.gl, cmd.currency);
    if (problems.length > 0) throw invalid(problems);
    await tx.insert(loanProducts).values({
      code: cmd.code,
      name: cmd.name,
      currency: cmd.currency,
      portfolioGl: cmd.gl.portfolio,
      interestReceivableGl: cmd.gl.interestReceivable,
      interestIncomeGl: cmd.gl.interestIncome,
      feeIncomeGl: cmd.gl.feeIncome,
      penaltyIncomeGl: cmd.gl.penaltyIncome,
    });
    await insertVersion(tx, cmd.code, cmd.terms, null, checker);
    await writeAudit(tx, {
      ...audit,
      action: 'loan_product.create',
      outcome: 'success',
      details: { ...by, version: 1 },
    });
    return;
  }
  const p = await getLoanProduct(tx, cmd.code, true);
  if (cmd.gl) {
    const problems = await loanGlProblems(tx, cmd.gl, p.currency);
    if (problems.length > 0) throw invalid(problems);
  }
  const version = cmd.terms ? await insertVersion(tx, p.code, cmd.terms, cmd.reason, checker) : null;
  const gl = cmd.gl ?? p.gl;
  await tx.execute(sql`update loan_products set name = ${cmd.name ?? p.name}, status = ${cmd.status ?? p.status},
      interest_receivable_gl = ${gl.interestReceivable}, interest_income_gl = ${gl.interestIncome},
      fee_income_gl = ${gl.feeIncome}, penalty_income_gl = ${gl.penaltyIncome}
    where code = ${p.code}`);
  await writeAudit(tx, {
    ...audit,
    action: 'loan_product.change',
    outcome: 'success',
    details: {
      ...by,
      reason: cmd.reason,
      version,
      name: cmd.name ?? null,
      status: cmd.status ?? null,
      gl: cmd.gl ?? null,
    },
  });
}

/** Registers `loan_product.change` (a new product or a change) with the four-eyes engine. */
export function registerLoanProductCommands(approvals: Approvals): void {
  approvals.register({
    type: LOAN_PRODUCT_APPROVAL,
    currentVersion: loanProductFingerprint,
    execute: (tx, raw, { approvalId, maker, checker }) => execute(tx, raw, approvalId, maker, checker),
  });
}
