import { sql } from 'drizzle-orm';
import type { AccountOpen } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { notFound } from '../../lib/http-error.ts';
import { violatedConstraint } from '../../lib/db-errors.ts';
import { currentBusinessDate } from '../../db/business-date.ts';
import { termsInForce } from '../products/index.ts';
import { requestApproval, type ApprovalActor } from '../approvals/index.ts';
import { refuse } from './account-row.ts';
import { auditAccount } from './audit.ts';

/**
 * Customers whose accounts need a signing mandate on file: joint and corporate ones, where who may sign
 * is not obvious.
 */
const MANDATE_TYPES = new Set(['joint', 'corporate', 'organisation']);

interface Customer extends Record<string, unknown> {
  status: string;
  type: string;
  mandate: string | null;
  branch_code: string;
  name: string;
}
interface Product extends Record<string, unknown> {
  account_type: string;
  currency: string;
  status: string;
  ledger_code: string;
}

export interface Opened {
  approvalId: string;
  accountNumber: string;
}

/**
 * Opens a Submitted account and its `account.open` request in one transaction (202 for the route).
 * The same `reference` answers with the first opening and opens nothing. `branch` is already in the
 * caller's scope (the route checks it).
 */
export async function openAccount(
  db: Database,
  body: AccountOpen,
  branchOf: (customerBranch: string) => string,
  maker: ApprovalActor,
): Promise<Opened> {
  try {
    return await openOnce(db, body, branchOf, maker);
  } catch (err) {
    // The same reference sent twice at once: the loser's insert hits the unique key; answer as the winner.
    if (body.reference && violatedConstraint(err) === 'accounts_opening_reference_unique') {
      const again = await previousOpening(db, body.reference);
      if (again) return again;
    }
    throw err;
  }
}

async function openOnce(
  db: Database,
  body: AccountOpen,
  branchOf: (customerBranch: string) => string,
  maker: ApprovalActor,
): Promise<Opened> {
  return db.transaction(async (tx) => {
    if (body.reference) {
      const again = await previousOpening(tx, body.reference);
      if (again) return again;
    }
    // FOR SHARE: a block or a rename of the customer waits for this opening, or this opening for it, so
    // the account never opens for a customer blocked meanwhile nor keeps a stale name in account_search.
    const [c] = await queryRows<Customer>(
      tx,
      sql`select status, type, mandate, branch_code, name from customers where cust_id = ${body.custId} for share`,
    );
    if (!c) throw notFound(`No customer with id ${body.custId}.`);
    if (c.status !== 'Active') throw refuse('customer_not_active', { status: c.status });
    if (MANDATE_TYPES.has(c.type) && !c.mandate?.trim()) throw refuse('mandate_missing');
    const [p] = await queryRows<Product>(
      tx,
      sql`select account_type, currency, status, ledger_code from products where code = ${body.productCode}`,
    );
    if (!p || p.account_type === 'Loan') throw notFound(`No deposit product ${body.productCode}.`);
    if (p.status !== 'active') throw refuse('product_not_open');
    if (body.mandateCurrency && body.mandateCurrency !== p.currency)
      throw refuse('product_currency_mismatch', { productCurrency: p.currency });
    const today = await currentBusinessDate(tx);
    const fd = p.account_type === 'Fixed Deposit';
    if (fd) {
      const terms = await termsInForce(tx, body.productCode, today);
      const offered = terms?.fixedDeposit?.tenors.map((t) => t.months) ?? [];
      if (!body.tenorMonths || !offered.includes(body.tenorMonths))
        throw refuse('tenor_not_offered', { offered });
    }
    const branch = branchOf(c.branch_code);
    if (body.payoutAccount) {
      // Where a matured deposit goes: an account of the same customer and currency.
      const [p2] = await queryRows<{ ok: boolean }>(
        tx,
        sql`select cust_id = ${body.custId} and currency = ${p.currency} and status in ('Active', 'Dormant') as ok
            from accounts where account_number = ${body.payoutAccount}`,
      );
      if (!p2?.ok) throw refuse('payout_account_invalid');
    }
    const [a] = await queryRows<{ id: string; account_number: string }>(
      tx,
      sql`insert into accounts (account_number, cust_id, product_code, account_type, currency, status, opened_on,
                                branch_code, ledger_code, tenor_months, maturity_date, rollover, opening_reference,
                                payout_account_id)
          values (make_account_number(${branch}, nextval('account_serial_seq')), ${body.custId}, ${body.productCode},
                  ${p.account_type}, ${p.currency}, 'Submitted', ${today}::date, ${branch}, ${p.ledger_code},
                  ${fd ? body.tenorMonths! : null}::int,
                  ${fd ? sql`(${today}::date + make_interval(months => ${body.tenorMonths!}))::date` : sql`null`},
                  ${fd ? (body.rollover ?? 'none') : null}, ${body.reference ?? null},
                  (select id from accounts where account_number = ${body.payoutAccount ?? null}))
          returning id, account_number`,
    );
    const accountNumber = a!.account_number;
    const approvalId = await requestApproval(tx, {
      type: 'account.open',
      subjectType: 'account',
      subjectId: accountNumber,
      command: { accountNumber },
      after: { accountNumber, custId: body.custId, customer: c.name, product: body.productCode, branch },
      maker,
      branch,
      subjectVersion: 'Submitted',
    });
    await auditAccount(tx, maker, 'account.open', accountNumber, {
      custId: body.custId,
      product: body.productCode,
      approvalId,
      reference: body.reference ?? null,
    });
    return { approvalId, accountNumber };
  });
}

/** The first answer to an opening reference, read back from the account and its request. */
async function previousOpening(tx: Database, reference: string): Promise<Opened | null> {
  const [r] = await queryRows<{ account_number: string; approval_id: string | null }>(
    tx,
    sql`select a.account_number, (select r.id::text from approval_requests r where r.type = 'account.open'
            and r.subject_id = a.account_number order by r.created_at limit 1) as approval_id
        from accounts a where a.opening_reference = ${reference}`,
  );
  return r ? { accountNumber: r.account_number, approvalId: r.approval_id ?? '' } : null;
}
