import { apiErrorSchema } from '@bankmanager/contracts';

/** The error statuses a guarded `/api` route can answer, for its `response` schema. */
export const apiErrors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  503: apiErrorSchema,
} as const;

/** OpenAPI: the route needs `Authorization: Bearer <access token>`. */
export const bearerSecurity = [{ bearer: [] }];
