import { sql } from 'drizzle-orm';
import { COLLATERAL_TYPES, type LoanApplication, type LoanApplicationBody } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { Resolved } from './checks.ts';
import type { Actor } from './transition.ts';

/**
 * Writes an application's content (a new Draft when `id` is null, else the Draft's new content):
 * the row, then its guarantors and collateral afresh. Returns the id.
 */
export async function saveContent(
  tx: Database,
  id: number | null,
  b: LoanApplicationBody,
  r: Resolved,
  officer: Actor,
): Promise<number> {
  const s = b.salary;
  const values = sql`${b.custId}, ${r.branch}, ${r.product.code}, ${r.product.version}, ${r.product.currency},
    ${b.amount}::numeric, ${b.term}, ${r.rate}::numeric, ${b.sector}, ${b.purpose}, ${r.repaymentAccountId},
    ${s?.employer ?? null}, ${s?.netMonthlySalary ?? null}::numeric, ${s?.monthlyObligations ?? null}::numeric`;
  const cols = sql`cust_id, branch_code, product_code, product_version, currency, amount, term, rate, sector, purpose,
    repayment_account_id, employer, net_monthly_salary, monthly_obligations`;
  let appId = id;
  if (appId === null) {
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into loan_applications (${cols}, officer_id, officer_email)
          values (${values}, ${officer.id}::uuid, ${officer.email}) returning id`,
    );
    appId = Number(row!.id);
  } else {
    await tx.execute(
      sql`update loan_applications set (${cols}) = (${values}), updated_at = now() where id = ${appId}`,
    );
    await tx.execute(sql`delete from loan_application_guarantors where application_id = ${appId}`);
    await tx.execute(sql`delete from loan_application_collateral where application_id = ${appId}`);
  }
  for (const [i, g] of b.guarantors.entries())
    await tx.execute(sql`insert into loan_application_guarantors (application_id, position, cust_id, amount)
                         values (${appId}, ${i + 1}, ${g.custId}, ${g.amount}::numeric)`);
  for (const [i, k] of b.collateral.entries())
    await tx.execute(sql`insert into loan_application_collateral
        (application_id, position, type, description, market_value, forced_sale_value, haircut_percent)
        values (${appId}, ${i + 1}, ${k.type}, ${k.description}, ${k.marketValue}::numeric, ${k.forcedSaleValue}::numeric,
                ${COLLATERAL_TYPES[k.type].haircutPercent}::numeric)`);
  return appId;
}

/** A stored application as the body that would write it again (submission checks it anew). */
export const bodyOf = (a: LoanApplication): LoanApplicationBody => ({
  custId: a.custId,
  productCode: a.productCode,
  amount: a.amount,
  term: a.term,
  rate: a.rate,
  sector: a.sector as LoanApplicationBody['sector'],
  purpose: a.purpose,
  repaymentAccount: a.repaymentAccount,
  salary: a.salary,
  guarantors: a.guarantors.map((g) => ({ custId: g.custId, amount: g.amount })),
  collateral: a.collateral.map((k) => ({
    type: k.type,
    description: k.description,
    marketValue: k.marketValue,
    forcedSaleValue: k.forcedSaleValue,
  })),
});
