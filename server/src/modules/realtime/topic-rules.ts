import { sql, type SQL } from 'drizzle-orm';
import { holds, type Permission } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { Reader } from './published-tables.ts';

/**
 * Authorization rules for private channels (`config.private: true`), by topic (without `realtime:`).
 * A private topic that no rule matches is refused, as Supabase refuses one with no policy.
 */
export interface TopicRule {
  pattern: RegExp;
  /** For docs/realtime-protocol.md and the error message. */
  who: string;
  allows(reader: Reader, match: RegExpExecArray, db: Database): boolean | Promise<boolean>;
}

const activated = (r: Reader) => r.isActivated || r.isSuperuser;

/**
 * The "also viewing" topic of one record: only for a reader who could open that record over /api,
 * i.e. holds the screen's permission and works in the record's branch (or every branch). Otherwise
 * its presence would tell another branch who is looking at whose account. A record that does not
 * exist is refused too, so nobody waits on a topic for a record another branch creates later.
 */
function readableRecord(permission: Permission, branchOf: (key: string) => SQL) {
  return async (r: Reader, m: RegExpExecArray, db: Database): Promise<boolean> => {
    if (!activated(r) || !holds(r, permission)) return false;
    const [row] = await queryRows<{ branch_code: string }>(db, branchOf(m[1]!));
    if (!row) return false;
    return holds(r, 'branches.all') || row.branch_code === r.homeBranch;
  };
}

export const PRIVATE_TOPIC_RULES: readonly TopicRule[] = [
  // One user's own channel (their tabs and devices talk to each other).
  { pattern: /^user:([0-9a-f-]{36})$/, who: 'that user', allows: (r, m) => r.userId === m[1] },
  // Screens staff share: "also viewing" presence on a customer (by id) or an account (by number).
  {
    pattern: /^customer:(\d{1,18})$/,
    who: 'staff who may read that customer (customers.read, its branch)',
    allows: readableRecord(
      'customers.read',
      (id) => sql`select branch_code from customers where cust_id = ${id}::bigint`,
    ),
  },
  {
    pattern: /^account:([0-9]{1,34})$/,
    who: 'staff who may read that account (enquiries.read, its branch)',
    allows: readableRecord(
      'enquiries.read',
      (number) => sql`select branch_code from accounts where account_number = ${number}`,
    ),
  },
  { pattern: /^staff:[A-Za-z0-9_:-]{1,64}$/, who: 'activated staff', allows: activated },
  // Administration screens (approvals, staff administration).
  { pattern: /^admin:[A-Za-z0-9_:-]{1,64}$/, who: 'superusers', allows: (r) => r.isSuperuser },
];

/** True when some rule matches the private topic and allows this reader. */
export async function mayJoinPrivate(reader: Reader, subTopic: string, db: Database): Promise<boolean> {
  for (const rule of PRIVATE_TOPIC_RULES) {
    const m = rule.pattern.exec(subTopic);
    if (m) return rule.allows(reader, m, db);
  }
  return false;
}

/**
 * Public topics: any signed-in user may join (postgres_changes still deliver only readable rows), but
 * only activated staff send and receive broadcast and presence there.
 */
export const mayTalkInPublic = activated;
