import { amlAlertQuerySchema, amlCaseQuerySchema } from '@bankmanager/contracts';

/** The lists' filters as they live in the URL: each read through the contract's own field. */
export const alertFiltersSchema = amlAlertQuerySchema
  .pick({ scenario: true, state: true, q: true, from: true, to: true, sort: true })
  .partial();
export const caseFiltersSchema = amlCaseQuerySchema
  .pick({ status: true, q: true, mine: true, sort: true })
  .partial();
