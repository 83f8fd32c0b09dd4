import { sql } from 'drizzle-orm';
import {
  SANCTIONS_TEXT,
  type Page,
  type SanctionsHit,
  type SanctionsHitDecision,
  type SanctionsHitQuery,
} from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import type { PageWindow } from '../../lib/paging.ts';
import { writeAudit } from '../audit/index.ts';
import type { ApprovalActor } from '../approvals/index.ts';

interface HitRow extends Record<string, unknown> {
  id: string;
  status: SanctionsHit['status'];
  trigger: SanctionsHit['trigger'];
  score: string;
  matched_fields: SanctionsHit['matchedFields'];
  matched_name: string;
  cust_id: number;
  screened_name: string;
  cust_status: string;
  branch_code: string;
  date_of_birth: string | null;
  entry_id: string;
  source: SanctionsHit['entry']['source'];
  ref: string;
  kind: SanctionsHit['entry']['kind'];
  entry_name: string;
  aliases: string[];
  reference_number: string | null;
  list_type: string | null;
  dates_of_birth: string[];
  nationalities: string[];
  listed_on: string | null;
  comments: string | null;
  created_at: string;
  reason: string | null;
  decided_by: string | null;
  decided_at: string | null;
}

const HIT_COLUMNS = sql`h.id::text, h.status, h.trigger, h.score::text, h.matched_fields, h.matched_name,
  h.cust_id, h.screened_name, c.status as cust_status, c.branch_code, c.date_of_birth::text,
  e.id::text as entry_id, v.source, e.ref, e.kind, e.name as entry_name, e.aliases, e.reference_number,
  e.list_type, e.dates_of_birth, e.nationalities, e.listed_on, e.comments,
  h.created_at::text, h.reason, h.decided_by, h.decided_at::text`;
const HIT_FROM = sql`sanctions_hits h join customers c on c.cust_id = h.cust_id
  join sanctions_entries e on e.id = h.entry_id join sanctions_list_versions v on v.id = e.version_id`;

const hitOf = (r: HitRow): SanctionsHit => ({
  id: r.id,
  status: r.status,
  trigger: r.trigger,
  score: r.score,
  matchedFields: r.matched_fields,
  matchedName: r.matched_name,
  customer: {
    id: Number(r.cust_id),
    name: r.screened_name,
    status: r.cust_status,
    branch: r.branch_code,
    dateOfBirth: r.date_of_birth,
  },
  entry: {
    id: r.entry_id,
    source: r.source,
    ref: r.ref,
    kind: r.kind,
    name: r.entry_name,
    aliases: r.aliases,
    referenceNumber: r.reference_number,
    listType: r.list_type,
    datesOfBirth: r.dates_of_birth,
    nationalities: r.nationalities,
    listedOn: r.listed_on,
    comments: r.comments,
  },
  createdAt: r.created_at,
  reason: r.reason,
  decidedBy: r.decided_by,
  decidedAt: r.decided_at,
});

/** The hits queue: filtered, searched, sorted and paged in the database (status-led indexes). */
export async function listHits(
  db: Database,
  q: SanctionsHitQuery,
  w: PageWindow,
  branch: string | undefined,
): Promise<Page<SanctionsHit>> {
  const pattern = q.q ? `%${q.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
  const where = sql`true
    ${branch !== undefined ? sql`and c.branch_code = ${branch}` : sql``}
    ${q.status ? sql`and h.status = ${q.status}` : sql``}
    ${pattern ? sql`and (h.screened_name ilike ${pattern} or h.matched_name ilike ${pattern})` : sql``}`;
  const order = q.sort === 'score' ? sql`h.score desc, h.id desc` : sql`h.created_at desc, h.id desc`;
  const rows = await queryRows<HitRow>(
    db,
    sql`select ${HIT_COLUMNS} from ${HIT_FROM} where ${where} order by ${order} limit ${w.limit} offset ${w.offset}`,
  );
  const [t] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from sanctions_hits h join customers c on c.cust_id = h.cust_id where ${where}`,
  );
  return { rows: rows.map(hitOf), total: Number(t!.n) };
}

export async function getHit(db: Database, id: string, lock = false): Promise<SanctionsHit> {
  const [row] = await queryRows<HitRow>(
    db,
    sql`select ${HIT_COLUMNS} from ${HIT_FROM} where h.id = ${id}::bigint ${lock ? sql`for update of h` : sql``}`,
  );
  if (!row) throw notFound(SANCTIONS_TEXT.hitNotFound);
  return hitOf(row);
}

/**
 * A Compliance Officer's decision on an open hit, with its reason and audit row. Clearing it lets the
 * customer be activated (if nothing else blocks); confirming keeps activation blocked for good, and
 * the customer's accounts are then frozen through the customers' own four-eyes block.
 */
export async function decideHit(
  tx: Database,
  id: string,
  d: SanctionsHitDecision,
  by: ApprovalActor,
): Promise<SanctionsHit> {
  const hit = await getHit(tx, id, true);
  if (hit.status !== 'open') throw conflict(SANCTIONS_TEXT.notOpen, { code: 'hit_decided' });
  const status = d.decision === 'clear' ? 'cleared' : 'confirmed';
  await tx.execute(sql`update sanctions_hits set status = ${status}, reason = ${d.reason},
      decided_by = ${by.email}, decided_at = now() where id = ${id}::bigint`);
  await writeAudit(tx, {
    action: `sanctions.hit_${d.decision}`,
    outcome: 'success',
    actorId: by.id,
    actorEmail: by.email,
    ip: by.ip,
    targetType: 'sanctions_hit',
    targetId: id,
    details: {
      custId: hit.customer.id,
      entry: `${hit.entry.source}:${hit.entry.ref}`,
      score: hit.score,
      reason: d.reason,
    },
  });
  return getHit(tx, id);
}
