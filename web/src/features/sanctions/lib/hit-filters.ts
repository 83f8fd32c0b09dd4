import { sanctionsHitQuerySchema } from '@bankmanager/contracts';

/** The queue's filters as they live in the URL: each read through the contract's own field. */
export const hitFiltersSchema = sanctionsHitQuerySchema.pick({ status: true, q: true, sort: true }).partial();
