import { sql, type SQL } from 'drizzle-orm';
import {
  ACCOUNT_ENQUIRY_TEXT,
  PAYMENT_REFUSAL_TEXT,
  type AccountStatus,
  type Currency,
  type PaymentRefusalCode,
} from '@bankmanager/contracts';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { requestIp, writeAudit } from '../audit/index.ts';
import { currentUser } from '../auth/index.ts';

/** A customer account as the payments routes need it: who holds it, where, and what it can pay. */
export interface PayAccount {
  id: number;
  number: string;
  holder: string;
  currency: Currency;
  status: AccountStatus;
  branch: string;
  /** Balance less active holds, plus an unexpired overdraft limit (the posting trigger's rule). */
  available: string;
}

/** The available balance of accounts row `a` (the posting trigger refuses a debit past it). */
export const availableOf = (a: SQL) =>
  sql`(${a}.balance - account_held(${a}.id, ${a}.held) + case when ${a}.overdraft_expires_on is null
        or ${a}.overdraft_expires_on >= current_business_date() then ${a}.overdraft_limit else 0 end)::numeric(18,2)::text`;

/** The account or 404 with Account Enquiry's message. */
export async function mustFindAccount(db: Database, number: string): Promise<PayAccount> {
  const [a] = await mustFindAccounts(db, [number]);
  return a!;
}

/** A payer and a payee in one query (a transfer, its preview). */
export async function mustFindAccountPair(
  db: Database,
  from: string,
  to: string,
): Promise<[PayAccount, PayAccount]> {
  const [a, b] = await mustFindAccounts(db, [from, to]);
  return [a!, b!];
}

/** The accounts in the order asked, in one query; 404 for the first missing one. */
export async function mustFindAccounts(db: Database, numbers: string[]): Promise<PayAccount[]> {
  return inOrderAsked(await queryRows<PayAccountRow>(db, payAccountsSql(numbers)), numbers);
}

export type PayAccountRow = Omit<PayAccount, 'id'> & { id: string };

/** The select behind mustFindAccounts, for a route that folds more into the same statement. */
export const payAccountsSql = (numbers: string[]): SQL =>
  sql`select a.id, a.account_number as number, c.name as holder, a.currency, a.status,
             a.branch_code as branch, ${availableOf(sql`a`)} as available
      from accounts a join customers c on c.cust_id = a.cust_id
      where a.account_number in (${sql.join(
        numbers.map((n) => sql`${n}`),
        sql`, `,
      )})`;

/** Rows of payAccountsSql in the order asked; 404 with Account Enquiry's message for the first missing. */
export function inOrderAsked(rows: PayAccountRow[], numbers: string[]): PayAccount[] {
  return numbers.map((number) => {
    const r = rows.find((row) => row.number === number);
    if (!r) throw notFound(ACCOUNT_ENQUIRY_TEXT.notFound(number));
    return { ...r, id: Number(r.id) };
  });
}

/** 409 with the payments refusal's code and text (more details beside the code when given). */
export const refuse = (code: PaymentRefusalCode, message?: string, more: Record<string, unknown> = {}) =>
  conflict(message ?? PAYMENT_REFUSAL_TEXT[code], { code, ...more });

/** The caller as the ledger and the approvals engine record them. */
export function actorOf(req: FastifyRequest) {
  const u = currentUser(req);
  return { id: u.userId, email: u.email, ip: requestIp(req) };
}

/** A successful change's audit row, the caller as actor (in the change's transaction). */
export async function auditChange(
  db: Database,
  req: FastifyRequest,
  target: { type: string; id: string | number },
  action: string,
  details: object,
): Promise<void> {
  const a = actorOf(req);
  await writeAudit(db, {
    action,
    outcome: 'success',
    actorId: a.id,
    actorEmail: a.email,
    ip: a.ip,
    targetType: target.type,
    targetId: String(target.id),
    details: details as Record<string, unknown>,
  });
}
