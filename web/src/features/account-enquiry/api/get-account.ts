import { z } from 'zod';
import { accountDetailsSchema } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/**
 * The account, plus the holder's customer id when the server sends it (issue 17: the photo and the
 * specimen signature are shown next to the account). The contract's accountDetailsSchema does not
 * carry it yet, so it is read here as optional and the screen simply shows no images without it.
 */
const enquirySchema = accountDetailsSchema.extend({
  customerId: z.number().int().positive().optional(),
  cust_id: z.number().int().positive().optional(),
});
export type EnquiredAccount = z.infer<typeof accountDetailsSchema> & { customerId?: number };

/** GET /api/accounts/:number — each call is an audited view on the server. */
export async function getAccount(number: string): Promise<EnquiredAccount> {
  const { cust_id, ...found } = await api.get(`/accounts/${encodeURIComponent(number)}`, {
    schema: enquirySchema,
  });
  return { ...found, customerId: found.customerId ?? cust_id };
}
