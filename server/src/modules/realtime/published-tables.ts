import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Config } from '../../config.ts';
import { queryRows } from '../../db/rows.ts';
import { holds } from '@bankmanager/contracts';
import { mayReadApproval, type Approvals } from '../approvals/index.ts';

/** Who receives a row: the subscriber's user, staff flags and permissions, as the /api guards see them. */
export interface Reader {
  userId: string;
  isActivated: boolean;
  isSuperuser: boolean;
  /** Empty while the account awaits activation (as the guard query reads them). */
  permissions: readonly string[];
  /** Without `branches.all`, the only branch whose data this reader sees (null: none). */
  homeBranch: string | null;
}

/** The reader a signed-in caller (the socket's token) is. */
export const readerOf = (c: Reader): Reader => ({
  userId: c.userId,
  isActivated: c.isActivated,
  isSuperuser: c.isSuperuser,
  permissions: c.permissions,
  homeBranch: c.homeBranch,
});

export type Row = Record<string, unknown>;

export interface PublishedTable {
  /** The name clients subscribe to (`{ schema: 'public', table }`). */
  name: string;
  /** The column the NOTIFY carries as `key`; a DELETE's `old_record` holds only this column. */
  key: string;
  /** Column names and PostgreSQL types, as realtime-js expects them in `columns`. */
  columns: readonly { name: string; type: string }[];
  /** The row as the API would show it now, by key (undefined once gone). */
  query(key: string): SQL;
  /**
   * The same read rule as the routes that serve this data: a row reaches a subscriber only when
   * this says yes. For a DELETE it sees only the key column. Asynchronous when the rule needs the
   * database (an approver's limits); it runs once per change and user (channels of one user share
   * the answer), before delivery.
   */
  canRead(
    reader: Reader,
    row: Row,
    db: Database,
    config: Config,
    approvals: Approvals,
  ): boolean | Promise<boolean>;
}

const ts = (col: string) => sql.raw(`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);
const activated = (r: Reader) => r.isActivated || r.isSuperuser;
const mayRunEndOfDay = (r: Reader) => activated(r) && holds(r, 'eod.run');

/**
 * Every table `postgres_changes` may subscribe to. Anything else is refused at join. Their triggers
 * (migration `realtime_notify`, or `realtime_notify_inserted` for a statement's rows) NOTIFY
 * `bm_realtime` with the table's name and key.
 */
export const PUBLISHED_TABLES: readonly PublishedTable[] = [
  {
    // GET/PATCH /rest/v1/profiles: a user reads only their own profile (theme changes in other tabs).
    name: 'profiles',
    key: 'id',
    columns: [
      { name: 'id', type: 'uuid' },
      { name: 'full_name', type: 'text' },
      { name: 'mobile_no', type: 'text' },
      { name: 'bank_code', type: 'text' },
      { name: 'theme', type: 'text' },
      { name: 'updated_at', type: 'timestamptz' },
    ],
    query: (key) =>
      sql`select id, full_name, mobile_no, bank_code, theme, ${ts('updated_at')} as updated_at
          from profiles where id = ${key}::uuid`,
    canRead: (r, row) => row.id === r.userId,
  },
  {
    // GET /api/user/status (own activation, superuser flag, ban); superusers see everyone's (staff admin).
    name: 'staff_status',
    key: 'user_id',
    columns: [
      { name: 'user_id', type: 'uuid' },
      { name: 'approved', type: 'bool' },
      { name: 'is_superuser', type: 'bool' },
      { name: 'banned_until', type: 'timestamptz' },
      // As GET /api/me/permissions has them: the reader's channels read with them from this change on.
      { name: 'permissions', type: '_text' },
      // Likewise the branch scope: a move to another branch counts from this change on.
      { name: 'home_branch', type: 'text' },
    ],
    query: (key) =>
      sql`select s.user_id, s.approved, s.is_superuser,
                 case when u.banned_until is null then null else ${ts('u.banned_until')} end as banned_until,
                 case when s.approved or s.is_superuser then s.permissions else '{}'::text[] end as permissions,
                 s.home_branch
          from staff s join auth_users u on u.id = s.user_id where s.user_id = ${key}::uuid`,
    canRead: (r, row) => row.user_id === r.userId || r.isSuperuser,
  },
  {
    // GET /api/dashboard's recent events, which only activated staff see: a new one appeared.
    name: 'dashboard_events',
    key: 'id',
    columns: [
      { name: 'id', type: 'text' },
      { name: 'type', type: 'text' },
      { name: 'occurred_at', type: 'timestamptz' },
    ],
    query: (key) => {
      const [kind, id] = key.split(':', 2);
      if (kind === 'audit' && /^\d{1,18}$/.test(id ?? '')) {
        return sql`select 'audit:' || id as id, action as type, ${ts('occurred_at')} as occurred_at
                   from audit_log where id = ${id}::bigint`;
      }
      if (kind === 'new_user' && /^[0-9a-f-]{36}$/.test(id ?? '')) {
        return sql`select 'new_user:' || user_id as id, 'new_user' as type, ${ts('created_at')} as occurred_at
                   from staff where user_id = ${id}::uuid and not approved`;
      }
      return sql`select null where false`;
    },
    canRead: activated,
  },
  {
    // GET /api/eod/runs/:id's steps: the run screen updates as each chunk commits; the same
    // permission as the route (eod.run).
    name: 'eod_run_steps',
    key: 'id',
    columns: [
      { name: 'id', type: 'int8' },
      { name: 'run_id', type: 'int8' },
      { name: 'step', type: 'text' },
      { name: 'status', type: 'text' },
      { name: 'rows_total', type: 'int8' },
      { name: 'rows_done', type: 'int8' },
      { name: 'rows_failed', type: 'int4' },
      { name: 'started_at', type: 'timestamptz' },
      { name: 'finished_at', type: 'timestamptz' },
      { name: 'updated_at', type: 'timestamptz' },
      { name: 'note', type: 'text' },
      { name: 'error', type: 'text' },
    ],
    query: (key) =>
      /^\d{1,18}$/.test(key)
        ? sql`select id::text, run_id::text, step, status, rows_total::text, rows_done::text, rows_failed,
                     case when started_at is null then null else ${ts('started_at')} end as started_at,
                     case when finished_at is null then null else ${ts('finished_at')} end as finished_at,
                     ${ts('updated_at')} as updated_at, note, error
                from eod_run_steps where id = ${key}::bigint`
        : sql`select null where false`,
    canRead: mayRunEndOfDay,
  },
  {
    // GET /api/approvals: the maker's own requests, every request in their branch scope for
    // audit.read, and the ones a checker may decide (type, branch, limit, never their own). A decided
    // request still reaches the checkers who could decide it, so it leaves their inbox. The command
    // and its before/after stay in the API.
    name: 'approval_requests',
    key: 'id',
    columns: [
      { name: 'id', type: 'uuid' },
      { name: 'type', type: 'text' },
      { name: 'status', type: 'text' },
      { name: 'branch', type: 'text' },
      // Said to be text: realtime-js turns a numeric column into a float, and money is never a float.
      { name: 'amount', type: 'text' },
      { name: 'currency', type: 'text' },
      { name: 'maker_id', type: 'uuid' },
      { name: 'created_at', type: 'timestamptz' },
      { name: 'decided_at', type: 'timestamptz' },
    ],
    query: (key) =>
      /^[0-9a-f-]{36}$/.test(key)
        ? sql`select id, type, status, branch, amount::text as amount, currency, maker_id,
                     ${ts('created_at')} as created_at,
                     case when decided_at is null then null else ${ts('decided_at')} end as decided_at
              from approval_requests where id = ${key}::uuid`
        : sql`select null where false`,
    canRead: (r, row, db, config, approvals) =>
      typeof row.maker_id === 'string' &&
      typeof row.type === 'string' &&
      mayReadApproval(
        db,
        approvals,
        { ...r, coolingOffDays: config.promoterCoolingOffDays },
        {
          makerId: row.maker_id,
          type: row.type,
          branch: typeof row.branch === 'string' ? row.branch : null,
          amount: typeof row.amount === 'string' ? row.amount : null,
          currency: typeof row.currency === 'string' ? row.currency : null,
        },
      ),
  },
  {
    // GET /api/built-reports/inbox: a report delivered to (or read by) one user; nobody else hears of it.
    name: 'report_inbox',
    key: 'id',
    columns: [
      { name: 'id', type: 'int8' },
      { name: 'user_id', type: 'uuid' },
      { name: 'run_id', type: 'int8' },
      { name: 'delivered_at', type: 'timestamptz' },
      { name: 'read_at', type: 'timestamptz' },
    ],
    query: (key) =>
      /^\d{1,18}$/.test(key)
        ? sql`select id::text, user_id, run_id::text, ${ts('delivered_at')} as delivered_at,
                     case when read_at is null then null else ${ts('read_at')} end as read_at
                from report_inbox where id = ${key}::bigint`
        : sql`select null where false`,
    canRead: (r, row) => activated(r) && row.user_id === r.userId,
  },
  {
    // GET /api/loans/:id (the loan 360): a repayment posted on the loan, by any channel (the teller,
    // a transfer, a settlement, the end-of-day auto-debit). The same rule as the route: loans.read,
    // in the loan's branch unless branches.all. The screen refetches the loan; the figures stay in the API.
    name: 'loan_repayments',
    key: 'id',
    columns: [
      { name: 'id', type: 'int8' },
      { name: 'loan_id', type: 'int8' },
      { name: 'branch', type: 'text' },
      { name: 'channel', type: 'text' },
      // Text, not numeric: realtime-js would make a float of it.
      { name: 'amount', type: 'text' },
      { name: 'value_date', type: 'date' },
      { name: 'created_at', type: 'timestamptz' },
    ],
    query: (key) =>
      /^\d{1,18}$/.test(key)
        ? sql`select r.id::text, r.loan_id::text, l.branch_code as branch, r.channel, r.amount::text as amount,
                     to_char(r.value_date, 'YYYY-MM-DD') as value_date, ${ts('r.created_at')} as created_at
                from loan_repayments r join loans l on l.id = r.loan_id where r.id = ${key}::bigint`
        : sql`select null where false`,
    canRead: (r, row) =>
      activated(r) &&
      holds(r, 'loans.read') &&
      (holds(r, 'branches.all') || (typeof row.branch === 'string' && row.branch === r.homeBranch)),
  },
];

const byName = new Map(PUBLISHED_TABLES.map((t) => [t.name, t]));
export const publishedTable = (name: string) => byName.get(name);

export async function readRow(db: Database, table: PublishedTable, key: string): Promise<Row | undefined> {
  const [row] = await queryRows<Row>(db, table.query(key));
  return row;
}
