import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  TELLER_TRANSACTION_KINDS,
  TELLER_TRANSACTION_STATUSES,
  TILL_SESSION_STATUSES,
  VAULT_DIRECTIONS,
  VAULT_TRANSFER_STATUSES,
} from '@bankmanager/contracts';
import { inList, branches, accounts } from './banking.ts';
import { journalEntries } from './ledger.ts';

/**
 * The teller's tables (docs/teller.md, ADR "teller tills and vaults"). A till session's cash
 * is a sub-ledger of its branch's teller-cash GL account 1020-<branch>: every GL line on that account
 * made by a teller entry names its session (`gl_lines.till_session_id`, migration teller_core), and a
 * trigger keeps `till_sessions.balance` equal to the session's lines, never below zero.
 */

const money = (name: string) => numeric(name, { precision: 18, scale: 2 });
const ts = (name: string) => timestamp(name, { withTimezone: true });

export const tillSessions = pgTable(
  'till_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The client's idempotency key of the opening. */
    reference: text('reference').notNull().unique(),
    branchCode: text('branch_code')
      .notNull()
      .references(() => branches.code),
    tillCode: text('till_code').notNull(),
    currency: text('currency').notNull(),
    tellerId: uuid('teller_id').notNull(),
    tellerEmail: text('teller_email').notNull(),
    businessDate: date('business_date').notNull(),
    status: text('status', { enum: TILL_SESSION_STATUSES }).notNull().default('open'),
    openingAllocation: money('opening_allocation').notNull(),
    openingDenominations: jsonb('opening_denominations').notNull(),
    /** The allocation's journal entry (none for an empty till): ledger_violations() checks it. */
    openingEntryId: bigint('opening_entry_id', { mode: 'number' }).references(() => journalEntries.id),
    /** Cash the till holds by its lines; kept by the gl_lines trigger, never written by the app. */
    balance: money('balance').notNull().default('0'),
    /** The blind count at close: what it expected then, what was counted, and by denomination. */
    expected: money('expected'),
    counted: money('counted'),
    countedDenominations: jsonb('counted_denominations'),
    closeReference: text('close_reference').unique(),
    closeApprovalId: uuid('close_approval_id'),
    closeEntryId: bigint('close_entry_id', { mode: 'number' }).references(() => journalEntries.id),
    signedOffBy: text('signed_off_by'),
    openedAt: ts('opened_at').notNull().defaultNow(),
    closedAt: ts('closed_at'),
  },
  (t) => [
    check('till_sessions_status_check', sql`${t.status} in (${inList(TILL_SESSION_STATUSES)})`),
    check('till_sessions_currency_check', sql`${t.currency} in ('SLE', 'USD')`),
    check('till_sessions_allocation_check', sql`${t.openingAllocation} >= 0`),
    // A till cannot pay out cash it does not hold.
    check('till_sessions_cash_check', sql`${t.balance} >= 0`),
    // A closed till has returned all its cash (to the vault, or to shortage after sign-off).
    check('till_sessions_closed_empty', sql`${t.status} <> 'closed' or ${t.balance} = 0`),
    // One session per teller and one per till, until closed.
    uniqueIndex('till_sessions_one_per_teller')
      .on(t.tellerId)
      .where(sql`${t.status} <> 'closed'`),
    uniqueIndex('till_sessions_one_per_till')
      .on(t.branchCode, t.tillCode)
      .where(sql`${t.status} <> 'closed'`),
    index('till_sessions_branch_date_idx').on(t.branchCode, t.businessDate, t.openedAt),
    index('till_sessions_date_idx').on(t.businessDate),
  ],
);

/** A cash deposit or withdrawal at the counter; a withdrawal over the limit waits for approval here. */
export const tellerTransactions = pgTable(
  'teller_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    reference: text('reference').notNull().unique(),
    kind: text('kind', { enum: TELLER_TRANSACTION_KINDS }).notNull(),
    status: text('status', { enum: TELLER_TRANSACTION_STATUSES }).notNull(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => tillSessions.id),
    branchCode: text('branch_code').notNull(),
    tellerId: uuid('teller_id').notNull(),
    tellerEmail: text('teller_email').notNull(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    accountNumber: text('account_number').notNull(),
    accountName: text('account_name').notNull(),
    currency: text('currency').notNull(),
    amount: money('amount').notNull(),
    partyName: text('party_name').notNull(),
    partyIdNumber: text('party_id_number').notNull(),
    narration: text('narration').notNull(),
    signatureConfirmed: boolean('signature_confirmed').notNull().default(false),
    ctrFlag: boolean('ctr_flag').notNull().default(false),
    approvalId: uuid('approval_id'),
    entryId: bigint('entry_id', { mode: 'number' })
      .unique()
      .references(() => journalEntries.id),
    businessDate: date('business_date').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    postedAt: ts('posted_at'),
  },
  (t) => [
    check('teller_transactions_kind_check', sql`${t.kind} in (${inList(TELLER_TRANSACTION_KINDS)})`),
    check('teller_transactions_status_check', sql`${t.status} in (${inList(TELLER_TRANSACTION_STATUSES)})`),
    check('teller_transactions_amount_check', sql`${t.amount} > 0`),
    check('teller_transactions_posted_entry', sql`(${t.status} = 'posted') = (${t.entryId} is not null)`),
    // Cash is paid out (a withdrawal, a loan disbursement) only with the identity or signature confirmed.
    check(
      'teller_transactions_signature',
      sql`${t.kind} not in ('withdrawal', 'loan_disbursement') or ${t.signatureConfirmed}`,
    ),
    index('teller_transactions_session_idx').on(t.sessionId, t.id),
    // The compliance list: flagged postings by day, newest first.
    index('teller_transactions_ctr_idx')
      .on(t.businessDate, t.id)
      .where(sql`${t.ctrFlag} and ${t.status} = 'posted'`),
    // CTRs per customer per day (docs/decisions/0048-goaml-filing.md): a day's posted cash, read from
    // the index alone, then summed per customer through accounts.
    index('teller_transactions_cash_day_idx')
      .on(t.businessDate, t.accountId, t.kind, t.currency, t.amount)
      .where(sql`${t.status} = 'posted'`),
  ],
);

/** A till buying cash from (buy) or selling cash to (sell) its branch vault; four-eyes. */
export const tillVaultTransfers = pgTable(
  'till_vault_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull().unique(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => tillSessions.id),
    direction: text('direction', { enum: VAULT_DIRECTIONS }).notNull(),
    currency: text('currency').notNull(),
    amount: money('amount').notNull(),
    denominations: jsonb('denominations').notNull(),
    status: text('status', { enum: VAULT_TRANSFER_STATUSES }).notNull().default('pending_approval'),
    approvalId: uuid('approval_id'),
    entryId: bigint('entry_id', { mode: 'number' }).references(() => journalEntries.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('till_vault_transfers_direction_check', sql`${t.direction} in (${inList(VAULT_DIRECTIONS)})`),
    check('till_vault_transfers_status_check', sql`${t.status} in (${inList(VAULT_TRANSFER_STATUSES)})`),
    check('till_vault_transfers_amount_check', sql`${t.amount} > 0`),
    index('till_vault_transfers_session_idx').on(t.sessionId, t.createdAt),
  ],
);

/**
 * The branch's till register (Teller administration): the tills a teller may open a session on. A
 * session's `till_code` names one of them (the service checks it: active, and free or assigned to
 * the teller); codes used before the register existed were registered by its migration.
 */
export const tills = pgTable(
  'tills',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    branchCode: text('branch_code')
      .notNull()
      .references(() => branches.code),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** The one teller who may open it; none: any teller of the branch. */
    assignedTellerId: uuid('assigned_teller_id'),
    active: boolean('active').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tills_branch_code_key').on(t.branchCode, t.code),
    check('tills_code_check', sql`${t.code} ~ '^[A-Z0-9-]{1,12}$'`),
    index('tills_assigned_idx').on(t.assignedTellerId),
  ],
);
