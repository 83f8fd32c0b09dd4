import { accountDetailsSchema, type AccountDetails } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** GET /api/accounts/:number — each call is an audited view on the server. */
export function getAccount(number: string): Promise<AccountDetails> {
  return api.get(`/accounts/${encodeURIComponent(number)}`, { schema: accountDetailsSchema });
}
