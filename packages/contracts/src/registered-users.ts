import { z } from 'zod';
import { validatePhoneNumber } from './phone.ts';
import { PAGINATION_TEXT, pageQuerySchema } from './paging.ts';

/** docs/product.md §9: users table constants. */
export const REGISTERED_USERS_PAGE_SIZE = 10;
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * docs/product.md §3 "Registered user (customer) record". `balance` is a decimal string (numeric(18,2) in the
 * database) so money never passes through a float; `version` supports optimistic concurrency on save.
 */
export const registeredUserSchema = z.object({
  cust_id: z.number().int(),
  cust_name: z.string(),
  mobile_no: z.string(),
  pay_acct: z.string(),
  balance: z.string(),
  ledger: z.string(),
  status: z.string(),
  mb_sub: z.boolean(),
  version: z.number().int(),
});
export type RegisteredUser = z.infer<typeof registeredUserSchema>;

export const REGISTERED_USER_SORTS = ['id', 'name', 'mobile', 'balance'] as const;
export type RegisteredUserSort = (typeof REGISTERED_USER_SORTS)[number];

/** Query of GET /api/registered-users. Without any of these, the whole list (bounded) is returned. */
export const registeredUsersQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
  sort: z.enum(REGISTERED_USER_SORTS).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  /** One branch (needs `branches.all` unless it is the caller's own); branch-scoped callers see theirs. */
  branch: z.string().max(10).optional(),
});
export type RegisteredUsersQuery = z.infer<typeof registeredUsersQuerySchema>;

export const customerAccountSchema = z.object({
  account_number: z.string(),
  account_type: z.string(),
  currency: z.string(),
  status: z.string(),
  balance: z.string(),
});

/** GET /api/customers/:id — the add-mode lookup. */
export const customerLookupSchema = z.object({
  cust_id: z.number().int(),
  cust_name: z.string(),
  mobile_no: z.string(),
  accounts: z.array(customerAccountSchema),
  subscription: z
    .object({ mobile_no: z.string(), pay_acct: z.string(), mb_sub: z.boolean(), version: z.number().int() })
    .nullable(),
});
export type CustomerLookup = z.infer<typeof customerLookupSchema>;

export const CUSTOMER_ID_REQUIRED = 'Please enter a customer ID';
export const PAY_ACCOUNT_REQUIRED = 'Please choose a payment account';

/** Body of PUT /api/registered-users/:custId/subscription; the form validates with the same schema. */
export const subscriptionUpdateSchema = z.object({
  /**
   * Validated by the docs/product.md §5 rules and parsed to its normalized E.164 form (spaces, hyphens gone).
   */
  mobile_no: z.string().transform((value, ctx) => {
    const r = validatePhoneNumber(value);
    if (r.valid) return r.normalized;
    ctx.addIssue({ code: 'custom', message: r.message });
    return z.NEVER;
  }),
  pay_acct: z.string().trim().min(1, PAY_ACCOUNT_REQUIRED).max(34),
  mb_sub: z.boolean(),
  /** The version the user loaded; 0 when the customer has no subscription yet. */
  version: z.number().int().min(0),
});
export type SubscriptionUpdate = z.infer<typeof subscriptionUpdateSchema>;

/** docs/product.md §2 and §8 texts of the Registered Mobile Banking Users screen. */
export const REGISTERED_USERS_TEXT = {
  title: 'Registered Mobile Banking Users',
  searchPlaceholder: 'Search by ID, name or mobile...',
  loading: 'Loading users...',
  empty: 'No registered users found.',
  noResults: (query: string) => `No results found for "${query}"`,
  clearSearch: 'Clear search',
  showing: PAGINATION_TEXT.showing,
  loadError: (statusText: string) => `Error fetching users: ${statusText}`,
  loadFailed: 'Failed to load registered users',
  addTitle: 'Add Mobile Banking Subscription',
  editTitle: 'Edit Mobile Banking Subscription',
  customerIdPlaceholder: 'Enter customer ID',
  searchFailed: 'Failed to search for customer',
  saveFailed: 'Failed to save subscription',
  savedTitle: 'Subscription Updated',
  saved: (name: string) => `Subscription for ${name} was successfully updated.`,
  subscribed: 'Subscribed',
  notSubscribed: 'Not Subscribed',
} as const;
