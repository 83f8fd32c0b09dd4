import { activateFirstUserResponseSchema, type ActivateFirstUserResponse } from '@bankmanager/contracts/auth';
import { api } from '@/lib/api-client';

/** POST /api/users/activate-first-user: the very first staff user becomes an activated superuser. */
export function activateFirstUser(): Promise<ActivateFirstUserResponse> {
  return api.post('/users/activate-first-user', { schema: activateFirstUserResponseSchema });
}
