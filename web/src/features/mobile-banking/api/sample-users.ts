import { REGISTERED_USERS_PAGE_SIZE, toCents, type RegisteredUser } from '@bankmanager/contracts';
import type { UsersPageParams } from './get-registered-users';

/**
 * The demo-only sample file (docs/product.md §7 fallback), searched, sorted and paged here because it is
 * small. Loaded lazily, so it costs nothing unless the demo server is unreachable.
 */
export async function loadSampleUsers(
  p: UsersPageParams,
): Promise<{ rows: RegisteredUser[]; total: number }> {
  const all = (await import('./sample-registered-users.json')).default as RegisteredUser[];
  const q = p.q.toLowerCase();
  const hits = q
    ? all.filter((u) =>
        [String(u.cust_id).padStart(6, '0'), u.cust_name, u.mobile_no].some((v) =>
          v.toLowerCase().includes(q),
        ),
      )
    : all;
  const key: Record<UsersPageParams['sort'], (u: RegisteredUser) => string | number | bigint> = {
    id: (u) => u.cust_id,
    name: (u) => u.cust_name,
    mobile: (u) => u.mobile_no,
    balance: (u) => toCents(u.balance),
  };
  const dir = p.order === 'desc' ? -1 : 1;
  const sorted = [...hits].sort((a, b) =>
    key[p.sort](a) < key[p.sort](b) ? -dir : key[p.sort](a) > key[p.sort](b) ? dir : 0,
  );
  const start = p.page * REGISTERED_USERS_PAGE_SIZE;
  return { rows: sorted.slice(start, start + REGISTERED_USERS_PAGE_SIZE), total: sorted.length };
}
