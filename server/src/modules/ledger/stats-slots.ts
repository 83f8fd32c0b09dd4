/**
 * The dashboard's running totals are spread over banking_stats rows keyed by (metric, currency, slot),
 * slot = account id mod STATS_SLOTS (SQL: banking_stats_slot(), migration 0055), so concurrent postings
 * seldom wait on the same row. An entry takes its accounts' slots in one global order (slot, currency,
 * id) so two entries never wait on each other's slots in a cycle.
 */
export const STATS_SLOTS = 1024;

export const statsSlot = (accountId: number): number => accountId % STATS_SLOTS;
