import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import {
  ACCOUNT_REFUSAL_TEXT,
  DORMANT_DEBIT_SOURCES,
  DORMANT_DEBIT_TEXT,
  EOD_TEXT,
  postingAmountSchema,
  type JournalEntry,
  type JournalLine,
  type Currency,
  type JournalSource,
  type Side,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { pgArray, preparedRows, preparedStatement } from '../../db/prepared.ts';
import {
  DEADLOCK_DETECTED,
  SERIALIZATION_FAILURE,
  sqlState,
  violatedConstraint,
} from '../../lib/db-errors.ts';
import { auditKeyPads } from '../../db/audit-key.ts';
import { writeAudit } from '../audit/index.ts';
import { CONSTRAINT_REFUSALS, LedgerError, OverDayCap } from './ledger-error.ts';
import { fromCents, toCents } from './money.ts';
import {
  accountLineAsPosted,
  entryAsPosted,
  glLineAsPosted,
  type EntryRowAsPosted,
} from './entry-as-posted.ts';

/** A line on a GL account, or on a customer account (whose currency and control account are its own). */
export type EntryLine =
  // tillSessionId: a line on teller cash made by the teller names its till session (teller module).
  | { glCode: string; currency: Currency; side: Side; amount: string; tillSessionId?: string }
  | { accountId: number; side: Side; amount: string; description?: string };

export interface Actor {
  id?: string | null;
  email?: string | null;
  ip?: string | null;
}

export interface EntryInput {
  source: JournalSource;
  narration: string;
  /** Idempotency key; defaults to TX + the zero-padded entry id. */
  reference?: string;
  valueDate?: string;
  /** Defaults to the current business date; any other date is refused (closed_date). */
  businessDate?: string;
  fxRate?: string;
  reversalOf?: number;
  lines: EntryLine[];
  actor?: Actor;
  /**
   * Post only if the account's debits of these sources on the business date, this entry's included,
   * stay within `limit`: read under the account's lock, so concurrent postings cannot both pass it.
   * Over it, nothing is written and postEntry throws OverDayCap.
   */
  accountDayCap?: { accountId: number; sources: readonly string[]; limit: string };
  /** The audit row written with the entry; details gain entryId, reference and the lines. */
  audit: { action: string; targetType: string; targetId: string; details?: Record<string, unknown> };
}

/** A customer-account line as posted, with the running balance around it. */
export interface PostedAccountLine {
  transactionId: number;
  accountId: number;
  accountNumber: string;
  side: Side;
  amount: string;
  balanceBefore: string;
  balanceAfter: string;
  postedAt: Date;
  valueDate: string;
}

export interface PostedEntry {
  id: number;
  reference: string;
  businessDate: string;
  accountLines: PostedAccountLine[];
  /** The entry as GET /api/journal-entries/:id shows it, built from the statements that posted it. */
  entry: JournalEntry;
}

export interface LockedAccount extends Record<string, unknown> {
  id: string | number;
  account_number: string;
  status: string;
  block_kind: string | null;
  currency: Currency;
  /** The control account its lines post to, and its name (postEntry reads them with the lock). */
  ledger_code?: string;
  gl_name?: string;
}

const dormantMayBeDebited = (source: JournalSource) =>
  (DORMANT_DEBIT_SOURCES as readonly string[]).includes(source);

const isAccountLine = (l: EntryLine): l is Extract<EntryLine, { accountId: number }> => 'accountId' in l;

/**
 * Posts one balanced journal entry in one transaction: locks the customer accounts it touches (in id
 * order, so two entries never deadlock), inserts the entry, its GL lines and its customer lines (each
 * with its running balance), and writes the audit row. The database re-checks everything at commit
 * (balance per currency, postable accounts, limits, business date), so this is the convenient way to
 * post, not the only guard. No row of a control account is touched: control balances are derived.
 * Lock order: account rows, then the audit chain lock (taken by writeAudit).
 *
 * `alreadyLocked`: the caller's own statement has locked every customer account the lines name (for no
 * key update, in id order), perhaps reading its checks in the same round trip (a transfer's). The
 * entry is then posted in the caller's transaction, which owns any retry and must roll back on a
 * refusal (a LedgerError, or a database error that asLedgerError may translate).
 */
export async function postEntry(
  db: Database,
  input: EntryInput,
  alreadyLocked?: LockedAccount[],
): Promise<PostedEntry> {
  if (alreadyLocked) return postLockedEntry(db, input, alreadyLocked);
  // A deadlock can still come from rows other than the accounts (e.g. the dashboard's banking_stats
  // slots, bumped by triggers in line order): the database aborts one side, which is retried whole.
  for (let attempt = 1; ; attempt++) {
    try {
      return await postEntryOnceTried(db, input);
    } catch (err) {
      if (attempt >= 5 || !isRetryable(err)) throw err;
    }
  }
}

/** Deadlock detected or serialization failure: nothing was written, try again. */
export function isRetryable(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (code === DEADLOCK_DETECTED || code === SERIALIZATION_FAILURE) return true;
    if ((e as { cause?: unknown }).cause === e) break;
  }
  return false;
}

async function postEntryOnceTried(db: Database, input: EntryInput): Promise<PostedEntry> {
  assertAmounts(input); // before anything is sent
  try {
    // Outside a transaction the call is its own: lock, checks, entry, lines, audit row and the
    // balance check at commit in one round trip. Inside the caller's transaction it runs in a
    // savepoint, so a refusal leaves the caller's transaction usable, as before.
    const inTransaction: boolean = db instanceof PgTransaction;
    if (!inTransaction) return await postInOneCall(db, input, true);
    return await db.transaction((tx) => postInOneCall(tx, input, true));
  } catch (err) {
    throw asLedgerError(err);
  }
}

function assertAmounts(input: EntryInput): void {
  for (const l of input.lines) {
    if (!postingAmountSchema.safeParse(l.amount).success) {
      throw new LedgerError('invalid_amount', `Invalid amount "${l.amount}": positive, at most 2 decimals`);
    }
  }
}

/** The posting after its accounts are locked (see postEntry's `alreadyLocked`). */
async function postLockedEntry(
  tx: Database,
  input: EntryInput,
  locked: LockedAccount[],
): Promise<PostedEntry> {
  assertAmounts(input);
  checkLines(input, new Map(locked.map((a) => [Number(a.id), a])));
  return postInOneCall(tx, input, false);
}

/**
 * The refusals postEntry names from the accounts it locked, in the order it meets them: a missing,
 * closed, inactive or blocked account, a debit a Dormant account may not take, an unbalanced entry.
 * ledger_post_entry makes the same checks before it writes anything (migration 0075).
 */
function checkLines(input: EntryInput, byId: Map<number, LockedAccount>): void {
  const net = new Map<string, bigint>();
  for (const l of input.lines) {
    let currency: Currency;
    if (isAccountLine(l)) {
      const a = byId.get(l.accountId);
      if (!a) throw new LedgerError('account_not_found', `Account ${l.accountId} does not exist`);
      if (a.status === 'Closed')
        throw new LedgerError('account_closed', `Account ${a.account_number} is closed`);
      // The posting trigger refuses the same (contracts' canPost); checked here first for the message.
      if (a.status === 'Submitted' || a.status === 'Approved' || a.status === 'Rejected')
        throw new LedgerError('account_not_active', refusalMessage('account_not_active'));
      if (a.status === 'Blocked' && a.block_kind !== 'debit')
        throw new LedgerError('account_blocked', refusalMessage('account_blocked'));
      if (a.status === 'Blocked' && l.side === 'debit')
        throw new LedgerError('debit_blocked', refusalMessage('debit_blocked'));
      if (a.status === 'Dormant' && l.side === 'debit' && !dormantMayBeDebited(input.source))
        throw new LedgerError('debit_blocked', DORMANT_DEBIT_TEXT);
      currency = a.currency;
    } else currency = l.currency;
    const c = toCents(l.amount);
    net.set(currency, (net.get(currency) ?? 0n) + (l.side === 'debit' ? c : -c));
  }
  const off = [...net].filter(([, v]) => v !== 0n);
  if (input.lines.length < 2 || off.length > 0) {
    const why = off.map(([cur, v]) => `debits - credits = ${fromCents(v)} ${cur}`).join(', ');
    throw new LedgerError(
      'unbalanced',
      `The entry does not balance: ${why || 'it needs at least two lines'}`,
    );
  }
}

export interface OneCallAnswer {
  refused?: true;
  over_day_cap?: true;
  accounts: LockedAccount[];
  entry: {
    id: string;
    reference: string;
    business_date: string;
    value_date: string;
    fx_rate: string | null;
    posted_at: string;
  };
  gl_lines: string[];
  customer_lines: {
    ord: number;
    id: string;
    posted_at: string;
    value_date: string;
    balance_before: string;
    balance_after: string;
  }[];
  gl: Record<string, { currency: string; name: string }>;
}

/**
 * The entry, its lines and its audit row in one call of ledger_post_entry (migration 0075; with
 * `lock`, the accounts are locked by it first). Every trigger runs on each row as when the statements
 * were sent one by one. When the function finds a refusal it writes nothing and returns the accounts
 * as it read them: the refusal is then named here, with the same checks and messages as before.
 */
async function postInOneCall(db: Database, input: EntryInput, lock: boolean): Promise<PostedEntry> {
  const [row] = await postEntryCall(db, [JSON.stringify(oneCallArgument(input, lock)), auditKeyPads()]);
  return postedFromAnswer(db, input, row!.r);
}

const postEntryCall = preparedStatement<{ r: OneCallAnswer }>('select ledger_post_entry($1::jsonb, $2) as r');

/** ledger_post_entry's argument: the entry, its lines and its audit row (the lines in its details). */
export function oneCallArgument(input: EntryInput, lock: boolean) {
  const customer = input.lines.filter(isAccountLine);
  const gl = input.lines.filter((l): l is Extract<EntryLine, { glCode: string }> => !isAccountLine(l));
  return {
    lock,
    source: input.source,
    narration: input.narration,
    reference: input.reference ?? null,
    value_date: input.valueDate ?? null,
    business_date: input.businessDate ?? null,
    fx_rate: input.fxRate ?? null,
    reversal_of: input.reversalOf ?? null,
    maker_id: input.actor?.id ?? null,
    maker_email: input.actor?.email ?? null,
    dormant_debit_ok: dormantMayBeDebited(input.source),
    day_cap: input.accountDayCap
      ? {
          account_id: input.accountDayCap.accountId,
          sources: input.accountDayCap.sources,
          limit: input.accountDayCap.limit,
        }
      : null,
    gl: gl.map((l) => ({
      code: l.glCode,
      currency: l.currency,
      side: l.side,
      amount: l.amount,
      till_session_id: l.tillSessionId ?? null,
    })),
    customer: customer.map((l) => ({
      account_id: l.accountId,
      side: l.side,
      amount: l.amount,
      description: l.description ?? null,
    })),
    audit: {
      action: input.audit.action,
      target_type: input.audit.targetType,
      target_id: input.audit.targetId,
      ip: input.actor?.ip ?? null,
      details: { ...input.audit.details, source: input.source, lines: input.lines },
    },
  };
}

/**
 * The entry as posted, from ledger_post_entry's answer; a refusal named as postEntry names it (the
 * function wrote nothing and returned the accounts it read).
 */
export async function postedFromAnswer(
  db: Database,
  input: EntryInput,
  r: OneCallAnswer,
): Promise<PostedEntry> {
  const customer = input.lines.filter(isAccountLine);
  const gl = input.lines.filter((l): l is Extract<EntryLine, { glCode: string }> => !isAccountLine(l));
  if (r.over_day_cap) throw new OverDayCap();
  const byId = new Map(r.accounts.map((a) => [Number(a.id), a]));
  if (r.refused) {
    await checkGlLines(db, input.lines);
    checkLines(input, byId);
    throw new Error('ledger_post_entry refused an entry that postEntry accepts');
  }
  const entry: EntryRowAsPosted = {
    id: Number(r.entry.id),
    reference: r.entry.reference,
    businessDate: r.entry.business_date,
    valueDate: r.entry.value_date,
    fxRate: r.entry.fx_rate,
    postedAt: new Date(r.entry.posted_at),
  };
  const lines: JournalLine[] = gl.map((l, i) => glLineAsPosted(r.gl_lines[i]!, l, r.gl[l.glCode]!.name));
  const accountLines = r.customer_lines.map((c): PostedAccountLine => {
    const l = customer[c.ord - 1]!;
    const acct = byId.get(l.accountId)!;
    return {
      transactionId: Number(c.id),
      accountId: l.accountId,
      accountNumber: acct.account_number,
      side: l.side,
      amount: fromCents(toCents(l.amount)),
      balanceBefore: c.balance_before,
      balanceAfter: c.balance_after,
      postedAt: new Date(c.posted_at),
      valueDate: c.value_date,
    };
  });
  for (const p of accountLines) lines.push(accountLineAsPosted(p, byId.get(p.accountId)!));
  return {
    id: entry.id,
    reference: entry.reference,
    businessDate: entry.businessDate,
    accountLines,
    entry: entryAsPosted(input, entry, lines),
  };
}

/** A database refusal (a guard's pseudo-constraint, numeric overflow) as the LedgerError it means. */
export function asLedgerError(err: unknown): unknown {
  if (err instanceof LedgerError) return err;
  // numeric(18,2) overflow: a credit past the largest balance an account (or GL total) can hold.
  if (sqlState(err) === '22003')
    return new LedgerError(
      'balance_out_of_range',
      'Posting refused: the balance would exceed 9999999999999999.99, the most an account can hold',
    );
  const constraint = violatedConstraint(err) ?? '';
  if (constraint === 'transactions_dormant_debit')
    return new LedgerError('debit_blocked', DORMANT_DEBIT_TEXT);
  const refusal = CONSTRAINT_REFUSALS[constraint];
  return refusal ? new LedgerError(refusal, refusalMessage(refusal)) : err;
}

/** The journal_entries row of an entry (its id first, so a reference can default to TX + the id). */
export async function insertEntryRow(
  tx: Database,
  input: Omit<EntryInput, 'lines' | 'audit'>,
): Promise<EntryRowAsPosted> {
  const [entry] = await preparedRows<{
    id: string;
    reference: string;
    business_date: string;
    value_date: string;
    fx_rate: string | null;
    posted_at: string | Date;
  }>(
    tx,
    sql`with n as (select nextval(pg_get_serial_sequence('journal_entries', 'id')) as id)
        insert into journal_entries (id, business_date, value_date, narration, source, maker_id, maker_email, reference, reversal_of, fx_rate)
        select n.id, coalesce(${input.businessDate ?? null}::date, current_business_date()),
               coalesce(${input.valueDate ?? null}::date, current_business_date()), ${input.narration}, ${input.source},
               ${input.actor?.id ?? null}::uuid, ${input.actor?.email ?? null},
               coalesce(${input.reference ?? null}::text, 'TX' || lpad(n.id::text, 12, '0')),
               ${input.reversalOf ?? null}::bigint, ${input.fxRate ?? null}::numeric
        from n
        returning id, reference, business_date::text as business_date, value_date::text as value_date,
                  fx_rate::text as fx_rate, posted_at`,
  );
  return {
    id: Number(entry!.id),
    reference: entry!.reference,
    businessDate: entry!.business_date,
    valueDate: entry!.value_date,
    fxRate: entry!.fx_rate,
    postedAt: new Date(entry!.posted_at),
  };
}

/** The entry's audit row (every posting has one: ledger_violations checks it), the lines in its details. */
export async function auditEntry(
  tx: Database,
  input: EntryInput,
  entry: { id: number; reference: string },
  more: Record<string, unknown> = {},
): Promise<void> {
  await writeAudit(tx, {
    action: input.audit.action,
    outcome: 'success',
    actorId: input.actor?.id ?? null,
    actorEmail: input.actor?.email ?? null,
    ip: input.actor?.ip ?? null,
    targetType: input.audit.targetType,
    targetId: input.audit.targetId,
    details: {
      ...input.audit.details,
      entryId: entry.id,
      reference: entry.reference,
      source: input.source,
      lines: input.lines,
      ...more,
    },
  });
}

function refusalMessage(code: string): string {
  switch (code) {
    case 'insufficient_funds':
      return 'Posting refused: insufficient funds';
    case 'closed_date':
      return 'Posting refused: that business date is closed';
    case 'already_reversed':
      return 'This entry has already been reversed';
    case 'gl_account_not_postable':
      return 'A line names a GL account that does not take it (a group, a closed or control account, another currency, closed to manual journals, or not open to account postings)';
    case 'account_closed':
      return 'Posting refused: the account is closed';
    case 'day_closing':
      return EOD_TEXT.dayClosing;
    case 'closed_period':
      return EOD_TEXT.closedPeriod;
    case 'account_blocked':
    case 'debit_blocked':
    case 'account_not_active':
    case 'insufficient_available':
      return ACCOUNT_REFUSAL_TEXT[code];
    default:
      return 'The entry does not balance';
  }
}

export async function insertAccountLine(
  tx: Database,
  entryId: number,
  reference: string,
  input: Pick<EntryInput, 'valueDate' | 'narration'>,
  l: Extract<EntryLine, { accountId: number }>,
  acct: LockedAccount,
): Promise<PostedAccountLine> {
  const signed = l.side === 'credit' ? sql`${l.amount}::numeric` : sql`-${l.amount}::numeric`;
  // clock_timestamp(), read after the lock, is later than the account's postings; greatest() keeps the
  // history order even if the clock stepped back or seeded history runs past today.
  const [row] = await preparedRows<{
    id: string;
    posted_at: string | Date;
    value_date: string;
    balance_before: string;
    balance_after: string;
  }>(
    tx,
    sql`insert into transactions (account_id, posted_at, value_date, description, amount, direction, balance_after, reference, entry_id)
        select a.id, greatest(clock_timestamp(), (select max(t.posted_at) from transactions t where t.account_id = a.id)),
               coalesce(${input.valueDate ?? null}::date, current_business_date()), ${l.description ?? input.narration},
               ${l.amount}::numeric(18,2), ${l.side}, a.balance + ${signed}, ${reference}, ${entryId}
        from accounts a where a.id = ${l.accountId}
        returning id, posted_at, value_date::text as value_date, (balance_after - ${signed})::text as balance_before, balance_after::text as balance_after`,
  );
  return {
    transactionId: Number(row!.id),
    accountId: l.accountId,
    accountNumber: acct.account_number,
    side: l.side,
    amount: fromCents(toCents(l.amount)),
    balanceBefore: row!.balance_before,
    balanceAfter: row!.balance_after,
    postedAt: new Date(row!.posted_at),
    valueDate: row!.value_date,
  };
}

/** Unknown GL codes and a line in a currency its account does not keep, refused before any write. */
export async function checkGlLines(tx: Database, lines: EntryLine[]): Promise<Map<string, string>> {
  const gl = lines.filter((l): l is Extract<EntryLine, { glCode: string }> => !isAccountLine(l));
  if (gl.length === 0) return new Map();
  const codes = [...new Set(gl.map((l) => l.glCode))];
  const rows = await preparedRows<{ code: string; currency: string; name: string }>(
    tx,
    sql`select code, currency, name from gl_accounts where code = any(${pgArray(codes)}::text[])`,
  );
  const currencyOf = new Map(rows.map((r) => [r.code, r.currency]));
  for (const l of gl) {
    const c = currencyOf.get(l.glCode);
    if (c === undefined)
      throw new LedgerError('gl_account_not_postable', `GL account ${l.glCode} does not exist`);
    if (c !== 'both' && c !== l.currency) {
      throw new LedgerError('currency_mismatch', `GL account ${l.glCode} keeps ${c} only, not ${l.currency}`);
    }
  }
  return new Map(rows.map((r) => [r.code, r.name]));
}
