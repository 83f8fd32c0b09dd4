import { sql } from 'drizzle-orm';
import {
  LOAN_CLASSES,
  PROVISION_TEXT as T,
  provisionRatesSchema,
  type LoanClass,
  type ProvisionRates,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { conflict } from '../../lib/http-error.ts';
import {
  approvedBy,
  requestApproval,
  stillPendingSql,
  type ApprovalActor,
  type Approvals,
} from '../approvals/index.ts';
import { writeAudit } from '../audit/index.ts';

const RATES_TYPE = 'loan_provision.rates';

/** The rates in force, each as the database keeps it ("20.0000"). */
async function currentRates(db: Database): Promise<ProvisionRates['rates']> {
  const rows = await queryRows<{ loan_class: LoanClass; rate: string }>(
    db,
    sql`select loan_class, rate_percent::text as rate from loan_provision_rates`,
  );
  return Object.fromEntries(
    LOAN_CLASSES.map((c) => [c, rows.find((r) => r.loan_class === c)?.rate ?? '0.0000']),
  ) as ProvisionRates['rates'];
}

/** A rate as four decimals, so "20" and "20.0000" are the same rate. */
const four = (r: string) => Number(r).toFixed(4);
const versionOf = (rates: ProvisionRates['rates']) => LOAN_CLASSES.map((c) => four(rates[c])).join('/');

export async function readRates(db: Database) {
  const limits = await queryRows<{ currency: string; amount: string }>(
    db,
    sql`select currency, second_level_above::text as amount from loan_write_off_limits order by currency`,
  );
  const [pending] = await queryRows<{ id: string }>(
    db,
    sql`select id::text from approval_requests where type = ${RATES_TYPE} and ${stillPendingSql()} limit 1`,
  );
  return {
    rates: await currentRates(db),
    writeOffSecondLevel: Object.fromEntries(limits.map((l) => [l.currency, l.amount])),
    pendingApprovalId: pending?.id ?? null,
  };
}

/** The maker asks for new rates: nothing changes until a second person approves. */
export async function requestRateChange(tx: Database, body: ProvisionRates, maker: ApprovalActor) {
  const before = await currentRates(tx);
  if (versionOf(before) === versionOf(body.rates)) throw conflict(T.ratesUnchanged, { code: 'unchanged' });
  return requestApproval(tx, {
    type: RATES_TYPE,
    subjectType: 'loan_provision_rates',
    subjectId: 'rates',
    command: { rates: body.rates },
    before,
    after: body.rates,
    maker,
    branch: null,
    subjectVersion: versionOf(before),
  });
}

/** Registers the rate change: on approval every class's rate is set, with the approval's id. */
export function registerRateChange(approvals: Approvals): void {
  approvals.register({
    type: RATES_TYPE,
    currentVersion: async (tx) => versionOf(await currentRates(tx)),
    execute: async (tx, raw, { approvalId, maker, checker }) => {
      const { rates } = provisionRatesSchema.parse(raw);
      const before = await currentRates(tx);
      for (const c of LOAN_CLASSES)
        await tx.execute(
          sql`update loan_provision_rates set rate_percent = ${rates[c]}::numeric, changed_at = now(),
                approval_id = ${approvalId}::uuid where loan_class = ${c}`,
        );
      await writeAudit(tx, {
        action: 'loan_provision.rates',
        outcome: 'success',
        actorId: maker.id,
        actorEmail: maker.email,
        ip: checker.ip,
        targetType: 'loan_provision_rates',
        targetId: 'rates',
        details: { ...approvedBy(approvalId, checker), before, after: rates },
      });
    },
  });
}
