import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { CUSTOMER_ACTION_LIST } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { type Approvals } from '../approvals/index.ts';
import { findCustomer, getCustomer } from './customer-row.ts';
import { applyAction, assertActionAllowed } from './lifecycle.ts';
import { registerEditCommands } from './edit-commands.ts';

const statusCommand = z.object({
  custId: z.number().int(),
  action: z.enum(CUSTOMER_ACTION_LIST),
  reason: z.string(),
});

/** The customer's version, which a request records and its approval compares (null: deleted). */
export const customerVersion = async (tx: Database, subjectId: string) =>
  (await findCustomer(tx, Number(subjectId)))?.version.toString() ?? 'deleted';

/**
 * What a checker's approval runs for customers. Each re-checks its rule on the locked row,
 * because the file may have changed since the maker asked; the engine compares versions first.
 */
export function registerCustomerCommands(approvals: Approvals): void {
  // The inbox names a customer's requests by the customer's name (ids that are not numbers stay unnamed).
  approvals.nameSubjects(
    'customer',
    ({ subjectId }) =>
      sql`(select c.name from customers c where c.cust_id = case when ${subjectId} ~ '^[0-9]{1,9}$' then ${subjectId}::int end)`,
  );
  approvals.register({
    type: 'customer.status',
    currentVersion: customerVersion,
    async execute(tx, raw, { approvalId, maker, checker }) {
      const { custId, action, reason } = statusCommand.parse(raw);
      const c = await getCustomer(tx, custId, true);
      await assertActionAllowed(tx, c, action);
      await applyAction(tx, c, action, reason, maker, { approvalId, checker });
    },
  });
  registerEditCommands(approvals);
}
