import { sql, type SQL } from 'drizzle-orm';
import type { StaffListItem, StaffSort, StaffStatus } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { containsPattern } from '../../lib/search-pattern.ts';

export interface StaffFilters {
  q?: string | undefined;
  status?: StaffStatus | undefined;
  superuser?: boolean | undefined;
}

export interface StaffListParams extends StaffFilters {
  sort: StaffSort;
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
}

// A ban wins over everything; a superuser counts as active (docs/product.md §6: superusers bypass
// activation).
const STATUS = sql`case when u.banned_until > now() then 'banned'
  when coalesce(s.approved, false) or coalesce(s.is_superuser, false) then 'active' else 'pending' end`;
const MFA = sql`exists (select 1 from auth_mfa_factors f where f.user_id = u.id and f.status = 'verified')`;

/** Sort columns are fixed expressions chosen by a whitelist key, never text from the request. */
const SORT_COLUMNS: Record<StaffSort, SQL> = {
  name: sql`lower(coalesce(p.full_name, ''))`,
  email: sql`u.email`,
  mobile: sql`p.mobile_no`,
  bankCode: sql`p.bank_code`,
  status: STATUS,
  superuser: sql`coalesce(s.is_superuser, false)`,
  lastSignIn: sql`u.last_sign_in_at`,
  mfa: MFA,
  createdAt: sql`u.created_at`,
};

const FROM = sql`from auth_users u left join profiles p on p.id = u.id left join staff s on s.user_id = u.id`;

function where(f: StaffFilters): SQL {
  const parts: SQL[] = [sql`not u.is_anonymous`];
  if (f.q) {
    const p = containsPattern(f.q);
    parts.push(sql`(p.full_name ilike ${p} or u.email ilike ${p} or p.mobile_no ilike ${p})`);
  }
  if (f.status) parts.push(sql`${STATUS} = ${f.status}`);
  if (f.superuser !== undefined) parts.push(sql`coalesce(s.is_superuser, false) = ${f.superuser}`);
  return sql`where ${sql.join(parts, sql` and `)}`;
}

interface Row extends Record<string, unknown> {
  id: string;
  full_name: string | null;
  email: string | null;
  mobile_no: string | null;
  bank_code: string | null;
  status: StaffStatus;
  is_superuser: boolean;
  last_sign_in_at: string | Date | null;
  mfa: boolean;
  created_at: string | Date;
  approved_at: string | Date | null;
  approved_by: string | null;
  banned_until: string | Date | null;
}

// PGlite returns Date objects for timestamptz, node-postgres too; both normalised to ISO strings.
const iso = (v: string | Date | null): string | null => (v === null ? null : new Date(v).toISOString());

const toItem = (r: Row): StaffListItem => ({
  id: r.id,
  fullName: r.full_name ?? '',
  email: r.email ?? '',
  mobileNo: r.mobile_no,
  bankCode: r.bank_code ?? '',
  status: r.status,
  isSuperuser: r.is_superuser,
  lastSignInAt: iso(r.last_sign_in_at),
  mfaEnabled: r.mfa,
  createdAt: iso(r.created_at)!,
  approvedAt: iso(r.approved_at),
  approvedBy: r.approved_by,
  // A ban that has run out is no ban.
  bannedUntil: r.status === 'banned' ? iso(r.banned_until) : null,
});

const SELECT = sql`select u.id, p.full_name, u.email, p.mobile_no, p.bank_code, ${STATUS} as status,
  coalesce(s.is_superuser, false) as is_superuser, u.last_sign_in_at, ${MFA} as mfa, u.created_at,
  s.approved_at, s.approved_by, u.banned_until`;

export async function listStaff(db: Database, p: StaffListParams): Promise<StaffListItem[]> {
  const dir = p.order === 'desc' ? sql`desc` : sql`asc`;
  const nulls = p.order === 'desc' ? sql`nulls last` : sql`nulls first`;
  const rows = await queryRows<Row>(
    db,
    sql`${SELECT} ${FROM} ${where(p)}
        order by ${SORT_COLUMNS[p.sort]} ${dir} ${nulls}, u.id ${dir}
        limit ${p.limit} offset ${p.offset}`,
  );
  return rows.map(toItem);
}

export async function countStaff(db: Database, f: StaffFilters): Promise<number> {
  const [r] = await queryRows<{ n: string | number }>(db, sql`select count(*) as n ${FROM} ${where(f)}`);
  return Number(r?.n ?? 0);
}

export async function getStaff(db: Database, id: string): Promise<StaffListItem | null> {
  const [r] = await queryRows<Row>(db, sql`${SELECT} ${FROM} where u.id = ${id}`);
  return r ? toItem(r) : null;
}
