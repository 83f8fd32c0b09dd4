import {
  GL_CLASS_LABELS,
  builtReport,
  type BuiltReportId,
  type EodReport,
  type ReportParams,
  type ReportTable,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { currentBusinessDate } from '../../db/business-date.ts';
import { buildBalanceSheet, buildIncomeStatement, buildTrialBalance } from '../gl-reports/index.ts';
import { buildEodReport } from '../eod/index.ts';
import { loanReportTable } from '../loan-reports/index.ts';
import {
  accountOpenings,
  dormantAccounts,
  feeIncome,
  overdrawnAccounts,
  topDepositors,
} from './account-reports.ts';

/*
 * Runs one catalogue report to its table. The existing reports are the gl-reports and eod modules' own
 * builders (their queries stay there); this only lays their figures out as one table.
 */

const col = (title: string, numeric = false) => ({ title, numeric });

const fromEod = (r: EodReport): ReportTable => ({
  title: r.title,
  subtitle: r.subtitle,
  columns: r.columns.map((c) => col(c.title, c.numeric)),
  rows: r.rows,
  totals: r.totals,
  truncated: r.truncated,
});

type Runner = (db: Database, p: ReportParams, scope: string | null) => Promise<ReportTable>;

const RUNNERS: Record<Exclude<BuiltReportId, 'teller_proof' | 'ctr_list' | 'customer_reports'>, Runner> = {
  async trial_balance(db, p) {
    const tb = await buildTrialBalance(db, p.date ?? (await currentBusinessDate(db)));
    return {
      title: 'Trial balance',
      subtitle: [`As of the end of ${tb.date}`, tb.balanced ? 'Balanced' : 'NOT BALANCED'],
      columns: [
        col('Code'),
        col('Account'),
        col('Class'),
        col('Currency'),
        col('Debit', true),
        col('Credit', true),
      ],
      rows: tb.rows.map((r) => [r.code, r.name, GL_CLASS_LABELS[r.class], r.currency, r.debit, r.credit]),
      totals: tb.totals.map((t) => ['Total', '', '', t.currency, t.debit, t.credit]),
      truncated: false,
    };
  },
  async balance_sheet(db, p) {
    const bs = await buildBalanceSheet(db, p.date ?? (await currentBusinessDate(db)));
    return {
      title: 'Balance sheet',
      subtitle: [`As of the end of ${bs.date}`, bs.balanced ? 'Balanced' : 'NOT BALANCED'],
      columns: [col('Code'), col('Account'), col('Class'), col('Currency'), col('Amount', true)],
      rows: bs.rows.map((r) => [r.code, r.name, GL_CLASS_LABELS[r.class], r.currency, r.amount]),
      totals: [
        ...bs.class_totals.map((t) => [`Total ${GL_CLASS_LABELS[t.class]}`, '', '', t.currency, t.amount]),
        ...bs.current_earnings.map((e) => ['Current period earnings', '', '', e.currency, e.amount]),
      ],
      truncated: false,
    };
  },
  async income_statement(db, p) {
    const is = await buildIncomeStatement(db, p.from, p.to!);
    return {
      title: 'Income statement',
      subtitle: [`${is.from ?? 'Since the books began'} to ${is.to}`],
      columns: [col('Code'), col('Account'), col('Class'), col('Currency'), col('Amount', true)],
      rows: is.rows.map((r) => [r.code, r.name, GL_CLASS_LABELS[r.class], r.currency, r.amount]),
      totals: [
        ...is.class_totals.map((t) => [`Total ${GL_CLASS_LABELS[t.class]}`, '', '', t.currency, t.amount]),
        ...is.net_income.map((e) => ['Net income', '', '', e.currency, e.amount]),
      ],
      truncated: false,
    };
  },
  eod_daily: async (db, p) =>
    fromEod(await buildEodReport(db, 'daily', { date: p.date, format: 'json' }, true)),
  interest: async (db, p) =>
    fromEod(await buildEodReport(db, 'interest', { from: p.from, to: p.to, format: 'json' }, true)),
  wht: async (db, p) =>
    fromEod(await buildEodReport(db, 'wht', { month: p.date?.slice(0, 7), format: 'json' }, true)),
  account_openings: accountOpenings,
  dormant_accounts: dormantAccounts,
  top_depositors: topDepositors,
  overdrawn_accounts: overdrawnAccounts,
  fee_income: feeIncome,
  // Loan Reports' builders (docs/loan-reports.md), the asker's branch scope winning over the parameter.
  loan_portfolio_at_risk: (db, p, scope) => loanReportTable(db, 'portfolio-at-risk', p, scope),
  loan_arrears_ageing: (db, p, scope) => loanReportTable(db, 'arrears-ageing', p, scope),
  loan_classification_return: (db, p, scope) => loanReportTable(db, 'classification-return', p, scope),
  loan_insider_loans: (db, p, scope) => loanReportTable(db, 'insider-loans', p, scope),
  loan_large_exposures: (db, p, scope) => loanReportTable(db, 'large-exposures', p, scope),
  loan_disbursements_collections: (db, p, scope) =>
    loanReportTable(db, 'disbursements-collections', p, scope),
};

export const isRunnable = (id: string): id is keyof typeof RUNNERS => Object.hasOwn(RUNNERS, id);

export async function runReport(
  db: Database,
  id: string,
  params: ReportParams,
  scope: string | null,
): Promise<ReportTable> {
  const run = isRunnable(id) && builtReport(id) ? RUNNERS[id] : undefined;
  if (!run) throw new Error(`Unknown report ${id}`);
  return run(db, params, scope);
}
