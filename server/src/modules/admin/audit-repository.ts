import { and, count, desc, eq, gte, ilike, inArray, like, lt, max, sql, type SQL } from 'drizzle-orm';
import type { AuditDetail, AuditFilters, AuditRow } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { authUsers } from '../../db/schema/auth.ts';
import { containsPattern } from '../../lib/search-pattern.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** Years 1 to 9999: "9999-12-31" as `to` (the next midnight), or year 0, were a 500 in SQL. */
const SQL_MIN = Date.parse('0001-01-01T00:00:00Z');
const SQL_MAX = Date.parse('9999-12-31T23:59:59.999Z');
const clampToSql = (d: Date): Date => new Date(Math.min(SQL_MAX, Math.max(SQL_MIN, d.getTime())));

/** `from` inclusive; `to` exclusive, except that a bare date as `to` includes that whole (UTC) day. */
export function dateRange(from?: string, to?: string): { from?: Date; to?: Date } {
  const range: { from?: Date; to?: Date } = {};
  if (from) range.from = clampToSql(new Date(DATE_ONLY.test(from) ? `${from}T00:00:00Z` : from));
  if (to)
    range.to = clampToSql(
      DATE_ONLY.test(to) ? new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS) : new Date(to),
    );
  return range;
}

/** Each filter is a condition on an indexed column where it can be (actor id, action, target). */
export function auditWhere(f: AuditFilters): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (f.actor) {
    parts.push(
      UUID.test(f.actor)
        ? eq(auditLog.actorId, f.actor.toLowerCase())
        : ilike(auditLog.actorEmail, containsPattern(f.actor)),
    );
  }
  if (f.action) {
    // 'auth.' lists a whole area; the pattern is a literal prefix (LIKE wildcards escaped).
    parts.push(
      f.action.endsWith('.')
        ? like(auditLog.action, `${f.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
        : eq(auditLog.action, f.action),
    );
  }
  if (f.target) parts.push(eq(auditLog.targetId, f.target));
  if (f.targetType) parts.push(eq(auditLog.targetType, f.targetType));
  if (f.outcome) parts.push(eq(auditLog.outcome, f.outcome));
  const range = dateRange(f.from, f.to);
  if (range.from) parts.push(gte(auditLog.occurredAt, range.from));
  if (range.to) parts.push(lt(auditLog.occurredAt, range.to));
  return and(...parts);
}

const LIST_COLUMNS = {
  id: auditLog.id,
  occurredAt: auditLog.occurredAt,
  actorId: auditLog.actorId,
  actorEmail: auditLog.actorEmail,
  action: auditLog.action,
  targetType: auditLog.targetType,
  targetId: auditLog.targetId,
  outcome: auditLog.outcome,
  ip: auditLog.ip,
};

type ListRow = { [K in keyof typeof LIST_COLUMNS]: (typeof LIST_COLUMNS)[K]['_']['data'] | null };

const toRow = (r: ListRow): AuditRow => ({
  id: Number(r.id),
  occurredAt: new Date(r.occurredAt!).toISOString(),
  actorId: r.actorId,
  actorEmail: r.actorEmail,
  action: r.action!,
  targetType: r.targetType,
  targetId: r.targetId,
  outcome: r.outcome!,
  ip: r.ip,
});

/** Newest first: ids are assigned in chain (commit) order. */
export async function listAudit(
  db: Database,
  f: AuditFilters,
  offset: number,
  limit: number,
): Promise<AuditRow[]> {
  const rows = await db
    .select(LIST_COLUMNS)
    .from(auditLog)
    .where(auditWhere(f))
    .orderBy(desc(auditLog.id))
    .limit(limit)
    .offset(offset);
  return withActorNames(db, rows.map(toRow));
}

/** Audit targets that are people (their id is a user's uuid). */
const PERSON_TARGETS = new Set(['staff', 'user', 'profile']);
const personTarget = (r: AuditRow) =>
  r.targetId && r.targetType && PERSON_TARGETS.has(r.targetType) && UUID.test(r.targetId) ? r.targetId : null;

/**
 * Names for the page's actors and the people it acts on, in one query: the screen shows people, the raw
 * id stays in the detail, for whoever needs to trace it.
 */
async function withActorNames<R extends AuditRow>(db: Database, rows: R[]): Promise<R[]> {
  const ids = [
    ...new Set(
      rows.flatMap((r) => [
        ...(r.actorId && UUID.test(r.actorId) ? [r.actorId] : []),
        ...(personTarget(r) ? [personTarget(r)!] : []),
      ]),
    ),
  ];
  if (ids.length === 0) return rows;
  const found = await db
    .select({
      id: authUsers.id,
      name: sql<string | null>`nullif(${authUsers.userMetadata}->>'fullName', '')`,
      email: authUsers.email,
    })
    .from(authUsers)
    .where(inArray(authUsers.id, ids));
  const names = new Map(found.map((f) => [String(f.id), f.name]));
  const people = new Map(found.map((f) => [String(f.id), f.name ?? f.email]));
  return rows.map((r) => {
    const target = personTarget(r);
    return {
      ...r,
      actorName: (r.actorId && names.get(r.actorId)) || null,
      targetName: (target && people.get(target)) || null,
    };
  });
}

export async function countAudit(db: Database, f: AuditFilters): Promise<number> {
  const [r] = await db.select({ n: count() }).from(auditLog).where(auditWhere(f));
  return Number(r?.n ?? 0);
}

export async function getAudit(db: Database, id: number): Promise<AuditDetail | null> {
  const [r] = await db.select().from(auditLog).where(eq(auditLog.id, id));
  if (!r) return null;
  const [named] = await withActorNames(db, [toRow(r)]);
  return { ...named!, details: r.details, prevHash: r.prevHash, hash: r.hash };
}

/** How many rows match, and the newest of them: an export stops there, whatever is written meanwhile. */
export async function auditExtent(db: Database, f: AuditFilters): Promise<{ total: number; maxId: number }> {
  const [r] = await db
    .select({ n: count(), maxId: max(auditLog.id) })
    .from(auditLog)
    .where(auditWhere(f));
  return { total: Number(r?.n ?? 0), maxId: Number(r?.maxId ?? 0) };
}

/**
 * Export batches, newest first, by keyset on id so memory stays bounded for large exports. Ids are
 * assigned under the chain lock held to commit, so every id up to `maxId` is already committed.
 */
export async function* auditBatches(
  db: Database,
  f: AuditFilters,
  maxId: number,
  batchSize = 2000,
): AsyncGenerator<AuditDetail[]> {
  let before = maxId + 1;
  for (;;) {
    const rows = await db
      .select()
      .from(auditLog)
      .where(and(auditWhere(f), lt(auditLog.id, before)))
      .orderBy(desc(auditLog.id))
      .limit(batchSize);
    if (rows.length === 0) return;
    yield rows.map((r) => ({ ...toRow(r), details: r.details, prevHash: r.prevHash, hash: r.hash }));
    if (rows.length < batchSize) return;
    before = Number(rows[rows.length - 1]!.id);
  }
}
