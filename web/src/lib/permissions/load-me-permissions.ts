import { mePermissionsSchema, type MePermissions } from '@bankmanager/contracts/roles';
import { api } from '@/lib/api-client';

/** GET /api/me/permissions. Loaded on demand so the first visit (/ then /signin) carries no zod or API client. */
export function loadMePermissions(signal: AbortSignal): Promise<MePermissions> {
  return api.get('/me/permissions', { schema: mePermissionsSchema, signal });
}
