import { sql } from 'drizzle-orm';
import type { DashboardEvent } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

interface PendingRow extends Record<string, unknown> {
  user_id: string;
  full_name: string;
  email: string | null;
  created_at: string;
}

interface AuditRow extends Record<string, unknown> {
  id: string | number;
  action: string;
  outcome: string;
  actor_email: string | null;
  target_id: string | null;
  account: string | null;
  occurred_at: string;
  actor_name: string | null;
  target_name: string | null;
}

const iso = (col: string) => sql.raw(`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);

/**
 * Recent events from real activity: staff sign-ups awaiting approval (pending `new_user`, which a
 * superuser can review), then the latest approvals, subscription changes and failed sign-ins.
 * Superusers also see accounts under attack (many failed sign-ins in an hour, auth/sign-in-throttle.ts).
 */
export async function getRecentEvents(
  db: Database,
  limit = 10,
  options: { superuser?: boolean } = {},
): Promise<DashboardEvent[]> {
  const attacks = options.superuser ? sql`or action = 'auth.account_under_attack'` : sql``;
  const pending = await queryRows<PendingRow>(
    db,
    sql`select s.user_id, coalesce(p.full_name, '') as full_name, u.email, ${iso('s.created_at')} as created_at
        from staff s join auth_users u on u.id = s.user_id left join profiles p on p.id = s.user_id
        where not s.approved and not s.is_superuser
        order by s.created_at desc limit ${limit}`,
  );
  // People's and customers' names, not ids (a reader knows who at a glance), joined on the ten rows only.
  const activity = await queryRows<AuditRow>(
    db,
    sql`select a.*, nullif(pa.full_name, '') as actor_name,
               coalesce(nullif(pt.full_name, ''), c.name) as target_name
        from (select id, action, outcome, actor_id, actor_email, target_id, details->>'account' as account,
                     ${iso('occurred_at')} as occurred_at
              from audit_log
              where (action = 'auth.sign_in' and outcome = 'failure')
                 or action in ('staff.approve', 'staff.activate_first_user', 'mobile_banking.subscription_saved')
                 ${attacks}
              order by id desc limit ${limit}) a
        left join profiles pa on pa.id::text = a.actor_id::text
        left join profiles pt on a.action <> 'mobile_banking.subscription_saved' and pt.id::text = a.target_id
        left join customers c on a.action = 'mobile_banking.subscription_saved'
          and c.cust_id = case when a.target_id ~ '^[0-9]{1,9}$' then a.target_id::int end
        order by a.id desc`,
  );
  const by = (a: AuditRow) => a.actor_name ?? a.actor_email;
  const events: DashboardEvent[] = pending.map((p) => ({
    id: `new_user:${p.user_id}`,
    type: 'new_user',
    title: 'New staff sign-up awaiting approval',
    description: `${p.full_name || p.email || 'A new user'}${p.email && p.full_name ? ` (${p.email})` : ''} is waiting for an administrator to activate the account.`,
    date: p.created_at,
    status: 'pending',
    userId: p.user_id,
    userName: p.full_name || p.email || undefined,
  }));
  for (const a of activity) {
    const base = { id: `audit:${a.id}`, date: a.occurred_at };
    if (a.action === 'auth.account_under_attack') {
      events.push({
        ...base,
        type: 'alert',
        title: 'Account under attack',
        description: `Sign-ins as ${a.account ?? 'an account'} keep failing from many places; it is being slowed down. Check with its owner.`,
      });
    } else if (a.action === 'auth.sign_in') {
      events.push({
        ...base,
        type: 'alert',
        title: 'Failed sign-in',
        // The person by name when the e-mail is theirs; never a raw id, which tells a reader nothing.
        description: `A sign-in as ${a.actor_name && a.actor_email ? `${a.actor_name} (${a.actor_email})` : (a.actor_email ?? 'an unknown user')} failed.`,
      });
    } else if (a.action === 'mobile_banking.subscription_saved') {
      events.push({
        ...base,
        type: 'transaction',
        title: 'Mobile banking subscription updated',
        description: `${a.target_name ?? `Customer ${a.target_id ?? ''}`} updated by ${by(a) ?? 'staff'}.`,
      });
    } else {
      events.push({
        ...base,
        type: 'new_user',
        title: 'Staff account activated',
        description: `${a.target_name ?? 'A member of staff'} was activated${by(a) ? ` by ${by(a)}` : ''}.`,
      });
    }
  }
  // Pending approvals first (they need action), then the newest activity.
  return events.slice(0, limit);
}
