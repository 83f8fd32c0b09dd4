import { sql } from 'drizzle-orm';
import type { DepositProductType, Product, ProductGlMapping } from '@bankmanager/contracts';
import { TERMS_COLUMNS, termsOf, type TermsColumns } from './terms-in-force.ts';
import { DEPOSIT_PRODUCT_TYPES } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { notFound } from '../../lib/http-error.ts';
import { PRODUCT_TEXT } from '@bankmanager/contracts';

type VersionRow = TermsColumns & {
  product_code: string;
  approved_by: string | null;
  approved_at: string | null;
};

export type ProductVersionView = Product['versions'][number];

const versionOf = (r: VersionRow): ProductVersionView => ({
  ...termsOf(r),
  approvedBy: r.approved_by,
  approvedAt: r.approved_at,
});

/** Every version of the given products (all when `codes` is omitted), newest first. */
export async function versionsOf(db: Database, codes?: string[]): Promise<ProductVersionView[][]> {
  const rows = await queryRows<VersionRow>(
    db,
    sql`select product_code, ${TERMS_COLUMNS}, approved_by, approved_at::text
        from product_versions
        ${codes ? sql`where product_code = any(${`{${codes.join(',')}}`}::text[])` : sql``}
        order by product_code, effective_from desc`,
  );
  const by = new Map<string, ProductVersionView[]>();
  for (const r of rows) by.set(r.product_code, [...(by.get(r.product_code) ?? []), versionOf(r)]);
  return (codes ?? [...by.keys()]).map((c) => by.get(c) ?? []);
}

/**
 * The version in force on `onDate` out of a product's versions (newest first). A product whose first
 * version is still to come shows that one, so a product approved today for next month is readable.
 */
export function inForce(versions: ProductVersionView[], onDate: string): ProductVersionView | undefined {
  return versions.find((v) => v.effectiveFrom <= onDate) ?? versions[versions.length - 1];
}

export interface ProductRow {
  code: string;
  name: string;
  accountType: DepositProductType;
  currency: 'SLE' | 'USD';
  status: 'active' | 'retired';
  gl: ProductGlMapping;
  openAccounts: number;
}

export interface ProductFilter {
  type?: DepositProductType;
  currency?: 'SLE' | 'USD';
  status?: 'active' | 'retired';
  code?: string;
}

const types = `{${DEPOSIT_PRODUCT_TYPES.map((t) => `"${t}"`).join(',')}}`;

/** Deposit products only (the Loan product gets its API with the loans issue), by code. */
export async function productRows(db: Database, f: ProductFilter, lock = false): Promise<ProductRow[]> {
  const rows = await queryRows<{
    code: string;
    name: string;
    account_type: DepositProductType;
    currency: 'SLE' | 'USD';
    status: 'active' | 'retired';
    ledger_code: string;
    interest_expense_gl: string;
    interest_payable_gl: string;
    fee_income_gl: string;
    wht_payable_gl: string;
    open_accounts: number;
  }>(
    db,
    sql`select p.code, p.name, p.account_type, p.currency, p.status, p.ledger_code, p.interest_expense_gl,
               p.interest_payable_gl, p.fee_income_gl, p.wht_payable_gl,
               (select count(*)::int from accounts a
                 where a.product_code = p.code and a.status not in ('Closed', 'Rejected')) as open_accounts
        from products p
        where p.account_type = any(${types}::text[])
          ${f.type ? sql`and p.account_type = ${f.type}` : sql``}
          ${f.currency ? sql`and p.currency = ${f.currency}` : sql``}
          ${f.status ? sql`and p.status = ${f.status}` : sql``}
          ${f.code ? sql`and p.code = ${f.code}` : sql``}
        order by p.code ${lock ? sql`for update of p` : sql``}`,
  );
  return rows.map((r) => ({
    code: r.code,
    name: r.name,
    accountType: r.account_type,
    currency: r.currency,
    status: r.status,
    gl: {
      control: r.ledger_code,
      interestExpense: r.interest_expense_gl,
      interestPayable: r.interest_payable_gl,
      feeIncome: r.fee_income_gl,
      withholdingTaxPayable: r.wht_payable_gl,
    },
    openAccounts: Number(r.open_accounts),
  }));
}

/** One deposit product or 404 with the contracts' text. */
export async function getProduct(db: Database, code: string, lock = false): Promise<ProductRow> {
  const [p] = await productRows(db, { code }, lock);
  if (!p) throw notFound(PRODUCT_TEXT.notFound);
  return p;
}

/**
 * The product's version for the four-eyes check: its identity fields and its newest version number,
 * so a request made before another change was approved is refused ('none' while it does not exist).
 */
export async function productFingerprint(db: Database, code: string): Promise<string> {
  const [r] = await queryRows<{ f: string | null }>(
    db,
    sql`select md5(row(p.name, p.status, p.ledger_code, p.interest_expense_gl, p.interest_payable_gl,
                       p.fee_income_gl, p.wht_payable_gl)::text
                   || ':' || coalesce((select max(version) from product_versions v where v.product_code = p.code), 0)) as f
        from products p where p.code = ${code}`,
  );
  return r?.f ?? 'none';
}
