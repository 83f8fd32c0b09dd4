import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { productChangeSchema, productCreateSchema, type ProductTerms } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { currentBusinessDate } from '../../db/business-date.ts';
import { products, productVersions } from '../../db/schema/banking.ts';
import { queryRows } from '../../db/rows.ts';
import { conflict } from '../../lib/http-error.ts';
import { writeAudit } from '../audit/index.ts';
import { type Approvals, type ApprovalActor } from '../approvals/index.ts';
import { getProduct, productFingerprint } from './product-rows.ts';
import { glProblems, invalid, termsProblems } from './validation.ts';

/** What a `product.change` request stores: a new product, or a change to one (the maker's body). */
export const productCommand = z.discriminatedUnion('kind', [
  productCreateSchema.extend({ kind: z.literal('create') }),
  productChangeSchema.extend({ kind: z.literal('change'), code: z.string() }),
]);
export type ProductCommand = z.infer<typeof productCommand>;

/** 409 when the product already has a version on that date: a version is never rewritten (docs/deposits.md). */
export async function assertNoVersionOn(db: Database, code: string, effectiveFrom: string): Promise<void> {
  const [v] = await queryRows<{ version: number }>(
    db,
    sql`select version from product_versions where product_code = ${code} and effective_from = ${effectiveFrom}::date`,
  );
  if (v)
    throw conflict(`Version ${v.version} already takes effect on ${effectiveFrom}; choose another date`, {
      code: 'version_exists',
      version: v.version,
    });
}

async function insertVersion(tx: Database, code: string, terms: ProductTerms, checker: ApprovalActor) {
  const [n] = await queryRows<{ next: number }>(
    tx,
    sql`select coalesce(max(version), 0) + 1 as next from product_versions where product_code = ${code}`,
  );
  const version = Number(n!.next);
  await tx.insert(productVersions).values({
    productCode: code,
    version,
    ...terms,
    approvedBy: checker.email,
    approvedAt: new Date(),
  });
  return version;
}

/**
 * The approval's half of four-eyes. The engine has compared the product's fingerprint (a request made
 * on stale data is refused) and refused the maker as checker; the rules that depend on the day or on
 * the chart are checked again here, because the business date or a GL account may have moved since.
 */
async function execute(
  tx: Database,
  raw: unknown,
  approvalId: string,
  maker: ApprovalActor,
  checker: ApprovalActor,
) {
  const cmd = productCommand.parse(raw);
  const today = await currentBusinessDate(tx);
  const audit = {
    actorId: maker.id,
    actorEmail: maker.email,
    ip: maker.ip,
    targetType: 'product',
    targetId: cmd.code,
  };
  const by = { approvalId, checkerId: checker.id, checkerEmail: checker.email };
  if (cmd.kind === 'create') {
    const problems = [
      ...termsProblems(cmd.accountType, cmd.terms, today),
      ...(await glProblems(tx, cmd.gl, cmd.currency)),
    ];
    if (problems.length > 0) throw invalid(problems);
    await tx.insert(products).values({
      code: cmd.code,
      name: cmd.name,
      accountType: cmd.accountType,
      currency: cmd.currency,
      ledgerCode: cmd.gl.control,
      interestExpenseGl: cmd.gl.interestExpense,
      interestPayableGl: cmd.gl.interestPayable,
      feeIncomeGl: cmd.gl.feeIncome,
      whtPayableGl: cmd.gl.withholdingTaxPayable,
    });
    await insertVersion(tx, cmd.code, cmd.terms, checker);
    await writeAudit(tx, {
      ...audit,
      action: 'product.create',
      outcome: 'success',
      details: { ...by, version: 1 },
    });
    return;
  }
  const p = await getProduct(tx, cmd.code, true);
  const problems = [
    ...(cmd.terms ? termsProblems(p.accountType, cmd.terms, today) : []),
    ...(cmd.gl ? await glProblems(tx, cmd.gl, p.currency) : []),
  ];
  if (problems.length > 0) throw invalid(problems);
  let version: number | null = null;
  if (cmd.terms) {
    await assertNoVersionOn(tx, p.code, cmd.terms.effectiveFrom);
    version = await insertVersion(tx, p.code, cmd.terms, checker);
  }
  const gl = cmd.gl ?? p.gl;
  await tx.execute(sql`update products set name = ${cmd.name ?? p.name}, status = ${cmd.status ?? p.status},
      interest_expense_gl = ${gl.interestExpense}, interest_payable_gl = ${gl.interestPayable},
      fee_income_gl = ${gl.feeIncome}, wht_payable_gl = ${gl.withholdingTaxPayable}
    where code = ${p.code}`);
  await writeAudit(tx, {
    ...audit,
    action: 'product.change',
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

/** Registers `product.change` (new product or change) with the four-eyes engine. */
export function registerProductCommands(approvals: Approvals): void {
  // A product by its name; a new one by the name its request gives it.
  approvals.nameSubjects(
    'product',
    ({ subjectId, after }) =>
      sql`coalesce((select p.name from products p where p.code = ${subjectId}), ${after} ->> 'name', ${after} -> 'product' ->> 'name')`,
  );
  approvals.register({
    type: 'product.change',
    currentVersion: productFingerprint,
    execute: (tx, raw, { approvalId, maker, checker }) => execute(tx, raw, approvalId, maker, checker),
  });
}
