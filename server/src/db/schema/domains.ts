import { customType } from 'drizzle-orm/pg-core';
import type { AccountStatus, AccountType, Currency } from '@bankmanager/contracts';

/**
 * Column types that are PostgreSQL domains: the rule of one column is the domain's constraint
 * (migration 0136, ADR 0092), checked only where a value of it is written, instead of a table CHECK
 * that every UPDATE of the row evaluates. Read and written as the base type.
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
