import { customType } from 'drizzle-orm/pg-core';
import type { AccountStatus, AccountType, Currency, JournalSource, Side } from '@bankmanager/contracts';

/**
 * Column types that are PostgreSQL domains: the rule of one column is the domain's constraint
 * (migrations 0136 and 0139, ADRs 0092 and 0094), checked only where a value of it is written and
 * prepared once per session, instead of a table CHECK that every statement writing the table reads
 * back from its text. Read and written as the base type.
 */

/** 13 digits with ISO 7064 MOD 97-10 check digits (ADR 0019). */
export const accountNumber = customType<{ data: string }>({ dataType: () => 'account_number' });
/** One of the contracts' ACCOUNT_TYPES. */
export const accountType = customType<{ data: AccountType }>({ dataType: () => 'account_type' });
/** One of the contracts' ACCOUNT_STATUSES. */
export const accountStatus = customType<{ data: AccountStatus }>({ dataType: () => 'account_status' });
/** One of the contracts' CURRENCIES. */
export const currencyCode = customType<{ data: Currency }>({ dataType: () => 'currency_code' });
/** numeric(18,2), zero or more, as a decimal string (ADR 0005). */
export const nonNegativeMoney = customType<{ data: string }>({
  dataType: () => 'non_negative_money',
});
/** numeric(18,2), more than zero: a journal line's amount. */
export const positiveMoney = customType<{ data: string }>({ dataType: () => 'positive_money' });
/** 'credit' or 'debit': a customer line's side. */
export const postingSide = customType<{ data: Side }>({ dataType: () => 'posting_side' });
/** One of the contracts' JOURNAL_SOURCES. */
export const journalSource = customType<{ data: JournalSource }>({ dataType: () => 'journal_source' });
/** numeric(16,6), more than zero: SLE per 1 USD. */
export const exchangeRate = customType<{ data: string }>({ dataType: () => 'exchange_rate' });
