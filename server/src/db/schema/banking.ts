import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  ACCOUNT_TYPES,
  CONTACT_CHANNELS,
  CURRENCIES,
  CUSTOMER_STATUSES,
  CUSTOMER_TYPES,
  DISTRICTS,
  RISK_RATINGS,
  BLOCK_KINDS,
  INTEREST_POSTING_FREQUENCIES,
  PRODUCT_STATUSES,
} from '@bankmanager/contracts';
import { glAccounts, journalEntries } from './ledger.ts';
import {
  accountNumber,
  accountStatus,
  accountType,
  currencyCode,
  nonNegativeMoney,
  positiveMoney,
  postingSide,
} from './domains.ts';

/** `'a', 'b'` for a CHECK (… IN (…)) from a contracts list: constants, never input. */
export const inList = (values: readonly string[]) =>
  sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', '));

/** Money is numeric(18,2), read and written as strings. */
const money = (name: string) => numeric(name, { precision: 18, scale: 2 });

export const branches = pgTable('branches', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  town: text('town').notNull(),
});

/** Sellable products; each is one account type in one currency, booked to one ledger code. */
export const products = pgTable(
  'products',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    accountType: text('account_type', { enum: ACCOUNT_TYPES }).notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    /** The GL control account of every account of this product. */
    ledgerCode: text('ledger_code')
      .notNull()
      .references(() => glAccounts.code),
    // Deposits: the product's other GL mappings (contracts/deposits/products.ts) and its state.
    interestExpenseGl: text('interest_expense_gl')
      .notNull()
      .default('5010')
      .references(() => glAccounts.code),
    interestPayableGl: text('interest_payable_gl')
      .notNull()
      .default('2510')
      .references(() => glAccounts.code),
    feeIncomeGl: text('fee_income_gl')
      .notNull()
      .default('4020')
      .references(() => glAccounts.code),
    whtPayableGl: text('wht_payable_gl')
      .notNull()
      .default('2520')
      .references(() => glAccounts.code),
    status: text('status', { enum: PRODUCT_STATUSES }).notNull().default('active'),
  },
  (t) => [
    check('products_account_type_check', sql`${t.accountType} in (${inList(ACCOUNT_TYPES)})`),
    check('products_currency_check', sql`${t.currency} in (${inList(CURRENCIES)})`),
    check('products_status_check', sql`${t.status} in (${inList(PRODUCT_STATUSES)})`),
  ],
);

/**
 * A product's pricing and rules, versioned (docs/deposits.md): a version applies from `effective_from` and is
 * never changed afterwards; end of day reads the version in force on the day it accrues. Rates are
 * yearly percentages. The columns end of day computes with are columns; the rest is in `terms`.
 */
export const productVersions = pgTable(
  'product_versions',
  {
    productCode: text('product_code')
      .notNull()
      .references(() => products.code),
    version: integer('version').notNull(),
    effectiveFrom: date('effective_from').notNull(),
    creditRate: numeric('credit_rate', { precision: 9, scale: 4 }).notNull(),
    /** [{ minBalance, rate }], ascending from 0.00; empty when the rate is flat. */
    creditTiers: jsonb('credit_tiers').notNull().default([]),
    debitRate: numeric('debit_rate', { precision: 9, scale: 4 }),
    minOpeningBalance: money('min_opening_balance').notNull().default('0.00'),
    minOperatingBalance: money('min_operating_balance').notNull().default('0.00'),
    monthlyFee: money('monthly_fee').notNull().default('0.00'),
    belowMinimumFee: money('below_minimum_fee').notNull().default('0.00'),
    closureFee: money('closure_fee').notNull().default('0.00'),
    dormancyDays: integer('dormancy_days').notNull(),
    postingFrequency: text('posting_frequency', { enum: INTEREST_POSTING_FREQUENCIES }).notNull(),
    dayCount: text('day_count').notNull().default('actual/365'),
    /** { tenors: [{ months, rate }], rollover: [...], earlyWithdrawalPenaltyRate } for fixed deposits. */
    fixedDeposit: jsonb('fixed_deposit'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The checker who approved it; null for the versions the migration seeded. */
    approvedBy: text('approved_by'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.productCode, t.version] }),
    unique('product_versions_effective_unique').on(t.productCode, t.effectiveFrom),
    check(
      'product_versions_rates_check',
      sql`${t.creditRate} between 0 and 100 and coalesce(${t.debitRate}, 0) between 0 and 100`,
    ),
    check(
      'product_versions_fees_check',
      sql`${t.minOpeningBalance} >= 0 and ${t.minOperatingBalance} >= 0 and ${t.monthlyFee} >= 0 and ${t.belowMinimumFee} >= 0 and ${t.closureFee} >= 0`,
    ),
    check('product_versions_dormancy_check', sql`${t.dormancyDays} between 30 and 3650`),
    check(
      'product_versions_frequency_check',
      sql`${t.postingFrequency} in (${inList(INTEREST_POSTING_FREQUENCIES)})`,
    ),
  ],
);

export const customers = pgTable(
  'customers',
  {
    custId: integer('cust_id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    type: text('type', { enum: CUSTOMER_TYPES }).notNull(),
    /** E.164, e.g. +23276123456. */
    mobileNo: text('mobile_no').notNull(),
    status: text('status', { enum: CUSTOMER_STATUSES }).notNull().default('Pending'),
    branchCode: text('branch_code')
      .notNull()
      .references(() => branches.code),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // KYC profile: what the compliance score counts.
    idType: text('id_type', { enum: ['national_id', 'passport', 'voter_card', 'business_registration'] }),
    idNumber: text('id_number'),
    dateOfBirth: date('date_of_birth'),
    address: text('address'),
    kycVerifiedAt: timestamp('kyc_verified_at', { withTimezone: true }),
    /** Derived so the rule lives in one place (and the stats triggers can read it). */
    kycComplete: boolean('kyc_complete')
      .notNull()
      .generatedAlwaysAs(
        sql`id_number is not null and address is not null and kyc_verified_at is not null and (date_of_birth is not null or type in ('corporate', 'government', 'organisation'))`,
      ),
    // Customers: the kind's full record (contracts/customers/record.ts) for the details tab and edits;
    // what lists, searches, reports and CHECKs need is also kept in its own column below.
    profile: jsonb('profile').notNull().default({}),
    /** Optimistic locking for PATCH and four-eyes requests (each change adds one). */
    version: integer('version').notNull().default(1),
    district: text('district', { enum: DISTRICTS }),
    idExpiresOn: date('id_expires_on'),
    pep: boolean('pep').notNull().default(false),
    mandate: text('mandate'),
    riskRating: text('risk_rating', { enum: RISK_RATINGS }).notNull().default('low'),
    riskReasons: jsonb('risk_reasons').$type<string[]>().notNull().default([]),
    /** A Compliance Officer's rating (four-eyes), which wins over the computed one while set. */
    riskOverride: text('risk_override', { enum: RISK_RATINGS }),
    riskOverrideReason: text('risk_override_reason'),
    eddNotes: text('edd_notes'),
    reviewOn: date('review_on'),
    preferredChannel: text('preferred_channel', { enum: CONTACT_CHANNELS }),
    mergedInto: integer('merged_into').references((): AnyPgColumn => customers.custId),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The name as sanctions screening compares it (SQL `sanctions_norm`, ADR 0044), trigram-indexed. */
    screenName: text('screen_name').generatedAlwaysAs(sql`sanctions_norm(name)`),
  },
  (t) => [
    check('customers_type_check', sql`${t.type} in (${inList(CUSTOMER_TYPES)})`),
    check('customers_status_check', sql`${t.status} in (${inList(CUSTOMER_STATUSES)})`),
    check('customers_mobile_e164_check', sql`${t.mobileNo} ~ '^\\+[1-9][0-9]{7,14}$'`),
    check(
      'customers_id_type_check',
      sql`${t.idType} is null or ${t.idType} in ('national_id', 'passport', 'voter_card', 'business_registration')`,
    ),
    check('customers_district_check', sql`${t.district} is null or ${t.district} in (${inList(DISTRICTS)})`),
    check('customers_risk_check', sql`${t.riskRating} in (${inList(RISK_RATINGS)})`),
    check(
      'customers_risk_override_check',
      sql`${t.riskOverride} is null or ${t.riskOverride} in (${inList(RISK_RATINGS)})`,
    ),
    check(
      'customers_channel_check',
      sql`${t.preferredChannel} is null or ${t.preferredChannel} in (${inList(CONTACT_CHANNELS)})`,
    ),
    // A high-risk customer carries enhanced due diligence and a review date (docs/customers.md).
    check(
      'customers_edd_check',
      sql`coalesce(${t.riskOverride}, ${t.riskRating}) <> 'high' or ${t.kycVerifiedAt} is null or (${t.eddNotes} is not null and ${t.reviewOn} is not null)`,
    ),
    check('customers_merged_check', sql`${t.mergedInto} is null or ${t.mergedInto} <> ${t.custId}`),
    // One customer per identity document, so a person cannot be onboarded twice; registration numbers
    // are id_type business_registration.
    uniqueIndex('customers_id_unique')
      .on(t.idType, t.idNumber)
      .where(sql`${t.idNumber} is not null`),
    // Sorting and keyset paging by name; cust_id makes the order total.
    index('customers_name_idx').on(t.name, t.custId),
    // Customers list search: ILIKE '%…%' on name, zero-padded id, id number and mobile,
    // a BitmapOr over four trigram indexes, as registered_user_keys does for its screen.
    index('customers_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('customers_id_text_trgm_idx').using('gin', sql`lpad(${t.custId}::text, 6, '0') gin_trgm_ops`),
    index('customers_id_number_trgm_idx').using('gin', sql`${t.idNumber} gin_trgm_ops`),
    index('customers_mobile_trgm_idx').using('gin', sql`${t.mobileNo} gin_trgm_ops`),
    index('customers_created_idx').on(t.createdAt, t.custId),
    // The risk filter and the PEP/high-risk report read the rating in force.
    index('customers_risk_idx').using('btree', sql`coalesce(${t.riskOverride}, ${t.riskRating})`, t.custId),
    index('customers_merged_into_idx').on(t.mergedInto),
    // The possible-duplicate warning looks up the same date of birth (about 50 people per day at 1M).
    index('customers_dob_idx').on(t.dateOfBirth),
    index('customers_mobile_idx').on(t.mobileNo),
    index('customers_branch_idx').on(t.branchCode),
    // The nightly sanctions re-screen probes this index once per list name (ADR 0044).
    index('customers_screen_name_trgm').using('gin', sql`${t.screenName} gin_trgm_ops`),
    // Substring search for the registered-users screen runs on registered_user_keys (below).
  ],
);

export const accounts = pgTable(
  'accounts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    accountNumber: accountNumber('account_number').notNull().unique(),
    custId: integer('cust_id')
      .notNull()
      .references(() => customers.custId),
    productCode: text('product_code')
      .notNull()
      .references(() => products.code),
    accountType: accountType('account_type').notNull(),
    currency: currencyCode('currency').notNull(),
    status: accountStatus('status').notNull().default('Active'),
    openedOn: date('opened_on').notNull(),
    branchCode: text('branch_code')
      .notNull()
      .references(() => branches.code),
    /** The product's GL control account (kept equal to it by a trigger). */
    ledgerCode: text('ledger_code')
      .notNull()
      .references(() => glAccounts.code),
    /** Maintained only by the posting trigger: always the sum of this account's postings. */
    balance: money('balance').notNull().default('0.00'),
    /**
     * The balance's quarter-octave (ADR 0029, addendum): it never decreases as the balance grows, so
     * lists sort by it and then by the balance. A posting that keeps it leaves the row's indexes alone.
     * The posting writers set it with the SQL function balance_band_of(balance) (ADR 0096).
     */
    balanceBand: smallint('balance_band').notNull().default(0),
    /** How far a Current account may go below zero; 0 for the others. */
    overdraftLimit: nonNegativeMoney('overdraft_limit').notNull().default('0.00'),
    // Deposits: the lifecycle, holds, overdrafts and fixed-deposit terms.
    /** Set exactly when status is Blocked: 'debit' lets credits in, 'total' stops everything. */
    blockKind: text('block_kind', { enum: BLOCK_KINDS }),
    closedOn: date('closed_on'),
    /** After this date the limit no longer counts in the available balance. */
    overdraftExpiresOn: date('overdraft_expires_on'),
    /** Business date the balance last went below zero; null while it is zero or above. */
    overdrawnSince: date('overdrawn_since'),
    /** Sum of the active holds, kept by the holds trigger (available = balance − held + limit). */
    held: nonNegativeMoney('held').notNull().default('0.00'),
    tenorMonths: integer('tenor_months'),
    maturityDate: date('maturity_date'),
    rollover: text('rollover', { enum: ['none', 'principal', 'principal_and_interest'] }),
    /** Where a matured fixed deposit or a closed account's remainder goes. */
    payoutAccountId: bigint('payout_account_id', { mode: 'number' }).references(
      (): AnyPgColumn => accounts.id,
    ),
    /** POST /api/accounts's idempotency key. */
    openingReference: text('opening_reference').unique(),
  },
  (t) => [
    // Lets mobile_banking_subscriptions require "an account of THAT customer" with a composite FK.
    unique('accounts_id_cust_unique').on(t.id, t.custId),
    // The rules of single columns (number, type, currency, status, limit, held) are their domains'
    // (./domains.ts). The rules that join columns are triggers' (ADR 0096), so that a posting's
    // UPDATE does not prepare them: a loan is money owed (balance <= 0), anything else stays within
    // its overdraft limit (accounts_balance_check, raised by the posting writers and by
    // accounts_limits_kept); a block kind is set exactly when Blocked (accounts_block_kind_check).
    index('accounts_cust_idx').on(t.custId),
    // The managers' lists: by branch/type/status, by number prefix, by product, overdrawn, by maturity.
    index('accounts_type_status_number_idx').on(t.accountType, t.status, t.accountNumber),
    index('accounts_branch_type_number_idx').on(t.branchCode, t.accountType, t.accountNumber),
    // bench:accounts: a branch's accounts of one type and status, in number order, counted index-only.
    index('accounts_branch_type_status_number_idx').on(
      t.branchCode,
      t.accountType,
      t.status,
      t.accountNumber,
    ),
    index('accounts_product_number_idx').on(t.productCode, t.accountNumber),
    index('accounts_overdrawn_idx')
      .on(t.overdrawnSince)
      .where(sql`${t.overdrawnSince} is not null`),
    index('accounts_maturity_idx')
      .on(t.maturityDate)
      .where(sql`${t.maturityDate} is not null`),
    // No index on balance: every posting changes it, and an unindexed column lets PostgreSQL update the
    // row in place (a HOT update, with the table's fillfactor leaving room) instead of writing an entry
    // into each of the table's indexes (ADR 0029). The lists sorted by balance walk its band instead,
    // which a posting changes only when the balance moves by about a fifth.
    index('accounts_type_band_idx').on(t.accountType, t.balanceBand),
    index('accounts_product_band_idx').on(t.productCode, t.balanceBand),
    // The executive dashboard's accounts opened this month (opened_on never changes: no HOT cost).
    index('accounts_opened_idx').on(t.openedOn, t.branchCode),
    // Bulk statements walk a branch's accounts in number order, a page at a time (ADR 0060).
    index('accounts_branch_number_idx').on(t.branchCode, t.accountNumber),
  ],
);

/**
 * One narrow row per account for the managers' name search (migration account_search, ADR 0029
 * addendum 2): the holder's name beside every column the lists filter and sort on, kept by triggers
 * on accounts and customers. A common surname's hits are rechecked on these small pages, not on the customers'
 * and accounts' wide ones (bench:accounts, "kamara": 420 ms through customers, 45 ms here).
 */
export const accountSearch = pgTable(
  'account_search',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    accountNumber: text('account_number').notNull(),
    custId: integer('cust_id').notNull(),
    accountType: text('account_type').notNull(),
    status: text('status').notNull(),
    branchCode: text('branch_code').notNull(),
    productCode: text('product_code').notNull(),
    overdrawnSince: date('overdrawn_since'),
    openedOn: date('opened_on').notNull(),
    maturityDate: date('maturity_date'),
    /** accounts.balance_band: a name search sorted by balance reads balances only in the bands its page reaches. */
    balanceBand: smallint('balance_band').notNull(),
    /** The holder's name (customers.name). */
    name: text('name').notNull(),
  },
  (t) => [index('account_search_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`)],
);

/**
 * How many accounts there are per type, status, branch and product, kept exact by triggers (migrations
 * account_counts, account_counts_by_product): a manager's list filtered by any of the four reads its
 * X-Total-Count here instead of counting up to 1.4 million index entries.
 */
export const accountCounts = pgTable(
  'account_counts',
  {
    accountType: text('account_type').notNull(),
    status: text('status').notNull(),
    branchCode: text('branch_code').notNull(),
    productCode: text('product_code').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountType, t.status, t.branchCode, t.productCode] })],
);

/** Amounts set aside on an account (holds): they lower the available balance until released or expired. */
export const accountHolds = pgTable(
  'account_holds',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    amount: money('amount').notNull(),
    reason: text('reason').notNull(),
    expiresOn: date('expires_on'),
    placedBy: text('placed_by').notNull(),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
    releasedBy: text('released_by'),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    releaseReason: text('release_reason'),
  },
  (t) => [
    check('account_holds_amount_check', sql`${t.amount} > 0`),
    check('account_holds_release_check', sql`(${t.releasedAt} is null) = (${t.releasedBy} is null)`),
    index('account_holds_active_idx')
      .on(t.accountId)
      .where(sql`${t.releasedAt} is null`),
  ],
);

export const transactions = pgTable(
  'transactions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    /** System time of posting; never earlier than the account's previous posting. */
    postedAt: timestamp('posted_at', { withTimezone: true }).notNull(),
    /** Business date the money counts from (may be back-dated, unlike posted_at). */
    valueDate: date('value_date').notNull(),
    description: text('description').notNull(),
    amount: positiveMoney('amount').notNull(),
    direction: postingSide('direction').notNull(),
    /** Running balance after this posting, checked by the posting trigger. */
    balanceAfter: money('balance_after').notNull(),
    /** Its journal entry's reference (unique there, not here: a transfer has two lines). */
    reference: text('reference').notNull(),
    /** The journal entry this customer-account line belongs to. */
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntries.id),
  },
  (t) => [
    // History keyset-paged on (posted_at, id), id being the unique tiebreaker. Ascending on purpose:
    // read backwards it gives `order by posted_at desc, id desc` (newest first, NULLS FIRST as the
    // default DESC wants), forwards it gives statements in date order.
    index('transactions_account_history_asc_idx').on(t.accountId, t.postedAt, t.id),
    // The idempotency key moved to journal_entries.reference; lines are found by entry.
    index('transactions_entry_idx').on(t.entryId),
  ],
);

export const mobileBankingSubscriptions = pgTable(
  'mobile_banking_subscriptions',
  {
    custId: integer('cust_id')
      .primaryKey()
      .references(() => customers.custId),
    mobileNo: text('mobile_no').notNull(),
    payAccountId: bigint('pay_account_id', { mode: 'number' }).notNull(),
    subscribed: boolean('subscribed').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Staff user id or a system name such as 'seed'. */
    updatedBy: text('updated_by').notNull(),
    /** Optimistic concurrency: a save must name the version it read; each save adds one. */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    foreignKey({
      name: 'mbs_pay_account_of_customer_fk',
      columns: [t.payAccountId, t.custId],
      foreignColumns: [accounts.id, accounts.custId],
    }),
    check('mbs_mobile_e164_check', sql`${t.mobileNo} ~ '^\\+[1-9][0-9]{7,14}$'`),
    check('mbs_version_check', sql`${t.version} >= 1`),
    // Sorting by mobile with cust_id as the tiebreaker, straight from the index.
    index('mbs_mobile_cust_idx').on(t.mobileNo, t.custId),
    index('mbs_pay_account_idx').on(t.payAccountId),
  ],
);

/**
 * The registered-users screen's search and sort keys in one narrow table, one row per subscription,
 * kept equal to the live values by triggers (migrations `registered_user_keys_sync`,
 * `registered_user_keys_branch`): the customer's name and branch, the registered mobile number and the
 * payment account's balance. With every key of a page in
 * one table, a page is an index-only walk and a search one bitmap scan over three trigram indexes,
 * instead of joins across three big tables. `registered_user_keys_violations()` lists any drift.
 */
export const registeredUserKeys = pgTable(
  'registered_user_keys',
  {
    custId: integer('cust_id')
      .primaryKey()
      .references(() => mobileBankingSubscriptions.custId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /**
     * lower(name), what ILIKE compares, computed once per row: a 1–2 character search filters a sort
     * index with a byte-wise LIKE on it instead of lower-casing every name it passes (ADR 0030).
     */
    nameFolded: text('name_folded')
      .notNull()
      .generatedAlwaysAs(sql`lower(name)`),
    mobileNo: text('mobile_no').notNull(),
    // The customer's branch (branch scope, ADR 0015): a branch-scoped caller's list walks the branch's
    // own indexes.
    branchCode: text('branch_code').notNull(),
    /**
     * The payment account's accounts.balance_band (monotone in the balance): a search sorted by balance
     * reads balances only for the hits in the bands its page reaches (ADR 0033). A posting changes it
     * only when the balance moves by about a fifth.
     */
    balanceBand: smallint('balance_band').notNull().default(0),
  },
  (t) => [
    // A branch-scoped page: the same sorts within one branch.
    index('ruk_branch_id_idx').on(t.branchCode, t.custId, t.nameFolded, t.mobileNo),
    index('ruk_branch_name_idx').on(t.branchCode, t.name, t.custId, t.nameFolded, t.mobileNo),
    index('ruk_branch_mobile_idx').on(t.branchCode, t.mobileNo, t.custId, t.nameFolded),
    // Every sort, cust_id making the order total; the page's keys come from the index alone. The
    // trailing columns (after the unique cust_id, so the order is unchanged) carry what a short search
    // filters on (the folded name, the mobile): it walks the sort index and filters without the heap.
    index('ruk_id_cover_idx').on(t.custId, t.nameFolded, t.mobileNo),
    index('ruk_name_idx').on(t.name, t.custId, t.nameFolded, t.mobileNo),
    index('ruk_mobile_idx').on(t.mobileNo, t.custId, t.nameFolded),
    // Substring search on the name, the zero-padded id the UI shows and the mobile: a LIKE of the
    // lower-cased term, so a hit's recheck compares bytes instead of lower-casing the name (ADR 0030).
    index('ruk_name_trgm_idx').using('gin', sql`${t.nameFolded} gin_trgm_ops`),
    index('ruk_mobile_trgm_idx').using('gin', sql`${t.mobileNo} gin_trgm_ops`),
    index('ruk_id_text_trgm_idx').using('gin', sql`lpad(${t.custId}::text, 6, '0') gin_trgm_ops`),
  ],
);

/**
 * The registered-users list's balance sort, apart from registered_user_keys (ADR 0029): a posting
 * changes the payment account's balance, and a row whose indexed column changes is rewritten into
 * every index of its table. Here that is two narrow btrees; there it was nine more and three trigram
 * indexes. Same keys as registered_user_keys (the trailing columns let a short term filter the
 * balance walk without the heap); the same triggers keep both equal to the customer, subscription
 * and payment account.
 */
export const registeredUserBalances = pgTable(
  'registered_user_balances',
  {
    custId: integer('cust_id')
      .primaryKey()
      .references(() => registeredUserKeys.custId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameFolded: text('name_folded')
      .notNull()
      .generatedAlwaysAs(sql`lower(name)`),
    mobileNo: text('mobile_no').notNull(),
    balance: money('balance').notNull(),
    branchCode: text('branch_code').notNull(),
  },
  (t) => [
    index('rub_balance_idx').on(t.balance, t.custId, t.nameFolded, t.mobileNo),
    index('rub_branch_balance_idx').on(t.branchCode, t.balance, t.custId, t.nameFolded, t.mobileNo),
  ],
);

/**
 * How many subscriptions of each branch a 1- or 2-character term matches (ADR 0030): the distinct
 * 1–2 character pieces of the folded name, the zero-padded id and the mobile, counted once per row,
 * kept exact by statement triggers on registered_user_keys. Such a term matches most rows, and
 * pg_trgm cannot index it: a search's X-Total-Count is then a few rows' sum instead of a scan.
 * `registered_user_term_count_violations()` recounts and lists any drift.
 */
export const registeredUserTermCounts = pgTable(
  'registered_user_term_counts',
  {
    term: text('term').notNull(),
    branchCode: text('branch_code').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.term, t.branchCode] })],
);

/**
 * The number of rows in registered_user_keys (= subscriptions), kept exact by statement triggers, so
 * an unfiltered page's X-Total-Count is one row read instead of counting ~900,000 index entries.
 */
export const registeredUserCount = pgTable(
  'registered_user_count',
  {
    id: boolean('id').primaryKey().default(true),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [check('registered_user_count_one_row', sql`${t.id}`)],
);

/**
 * Running totals for the dashboard, maintained by triggers on customers and accounts. Each metric is
 * spread over a few slots (by row id) so concurrent postings rarely update the same row.
 */
export const bankingStats = pgTable(
  'banking_stats',
  {
    metric: text('metric').notNull(),
    /** '' for metrics that are not per currency. */
    currency: text('currency').notNull().default(''),
    slot: integer('slot').notNull(),
    value: numeric('value', { precision: 20, scale: 2 }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.metric, t.currency, t.slot] })],
);
