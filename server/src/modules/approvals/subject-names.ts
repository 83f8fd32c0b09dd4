import { sql } from 'drizzle-orm';
import { approvalSubjectText } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { Approvals } from './registry.ts';

/**
 * The subject of each request on a page, by name: one query for the whole page, each subject type
 * named by the SQL its owning module registered (`approvals.nameSubjects`), so the inbox costs two
 * queries whatever it shows, never one per row.
 */
export async function nameSubjects(
  db: Database,
  approvals: Approvals,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  // An alias no namer's own subquery uses (they alias their tables with a letter or two).
  const subjectId = sql.raw('named_request.subject_id');
  const after = sql.raw('named_request.after');
  const branches = [...approvals.subjectNamers()].map(
    ([type, namer]) => sql`when ${type} then (${namer({ subjectId, after })})::text`,
  );
  const name = branches.length
    ? sql`case named_request.subject_type ${sql.join(branches, sql` `)} end`
    : sql`null::text`;
  const idList = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = await queryRows<{ id: string; subject_type: string; subject_id: string; name: string | null }>(
    db,
    sql`select named_request.id::text as id, named_request.subject_type, named_request.subject_id, ${name} as name
          from approval_requests named_request where named_request.id in (${idList})`,
  );
  return new Map(rows.map((r) => [r.id, approvalSubjectText(r.subject_type, r.subject_id, r.name)]));
}
