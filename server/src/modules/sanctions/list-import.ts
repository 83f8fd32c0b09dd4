import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { SANCTIONS_TEXT, type SanctionsSource } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { conflict } from '../../lib/http-error.ts';
import { stillPendingSql } from '../approvals/index.ts';
import { ListFileError, type ParsedList } from './parsed-entry.ts';

export interface StagedVersion {
  versionId: string;
  version: number;
  entries: number;
  added: number;
  changed: number;
  removed: number;
}

/** What matching and the evidence read of an entry: a different digest next time counts as a change. */
const fingerprint = (e: ParsedList['entries'][number]) =>
  createHash('sha256')
    .update(
      JSON.stringify([
        e.kind,
        e.name,
        [...e.aliases].sort(),
        [...e.datesOfBirth].sort(),
        [...e.nationalities].sort(),
        e.referenceNumber,
        e.listType,
        e.listedOn,
        e.comments,
      ]),
    )
    .digest('hex');

/** The version in force of a list, the approval's stale check (`none` before the first import). */
export async function activeVersionOf(db: Database, source: SanctionsSource): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`select id::text from sanctions_list_versions where source = ${source} and status = 'active'`,
  );
  return row?.id ?? 'none';
}

/**
 * A pending import whose request expired unanswered is closed as rejected first (expiry writes nothing
 * of its own), so it does not hold the list forever; one still awaiting a checker refuses a second.
 */
async function refuseSecondPending(tx: Database, source: SanctionsSource): Promise<void> {
  await tx.execute(sql`
    update sanctions_list_versions v set status = 'rejected', decided_at = now()
     where v.source = ${source} and v.status = 'pending'
       and not exists (select 1 from approval_requests a where a.id = v.approval_id and ${stillPendingSql(sql.raw('a'))})`);
  await tx.execute(sql`delete from sanctions_names n using sanctions_list_versions v
     where v.id = n.version_id and v.source = ${source} and v.status = 'rejected'`);
  const [open] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from sanctions_list_versions where source = ${source} and status = 'pending'`,
  );
  if (Number(open!.n) > 0) throw conflict(SANCTIONS_TEXT.pendingExists, { code: 'import_pending' });
}

/**
 * Stores a parsed file as the list's next version, pending, with its counts against the version in
 * force: added (a reference not in force), removed (in force, not in the file), changed (the same
 * reference, a different digest). Its names are indexed now, so the checker's approval is a flip.
 */
export async function stageVersion(
  tx: Database,
  source: SanctionsSource,
  fileName: string,
  parsed: ParsedList,
  uploadedBy: string,
): Promise<StagedVersion> {
  const seen = new Set<string>();
  for (const e of parsed.entries) {
    if (seen.has(e.ref)) throw new ListFileError(SANCTIONS_TEXT.duplicateRef(e.ref));
    seen.add(e.ref);
  }
  await refuseSecondPending(tx, source);
  const [v] = await queryRows<{ id: string; version: number }>(
    tx,
    sql`insert into sanctions_list_versions (source, version, file_name, generated_at, entries, uploaded_by)
        select ${source}, coalesce(max(version), 0) + 1, ${fileName}, ${parsed.generatedAt}, ${parsed.entries.length}, ${uploadedBy}
          from sanctions_list_versions where source = ${source}
        returning id::text, version`,
  );
  const versionId = v!.id;
  const rows = parsed.entries.map((e) => ({ ...e, fingerprint: fingerprint(e) }));
  await tx.execute(sql`
    insert into sanctions_entries (version_id, ref, kind, name, aliases, reference_number, list_type,
                                   dates_of_birth, nationalities, listed_on, comments, fingerprint)
    select ${versionId}::bigint, x.ref, x.kind, x.name,
           array(select jsonb_array_elements_text(x.aliases)), x."referenceNumber", x."listType",
           array(select jsonb_array_elements_text(x."datesOfBirth")),
           array(select jsonb_array_elements_text(x.nationalities)), x."listedOn", x.comments, x.fingerprint
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(ref text, kind text, name text, aliases jsonb,
           "referenceNumber" text, "listType" text, "datesOfBirth" jsonb, nationalities jsonb, "listedOn" text,
           comments text, fingerprint text)`);
  await tx.execute(sql`
    insert into sanctions_names (entry_id, version_id, name, field, norm)
    select e.id, e.version_id, n.name, n.field, sanctions_norm(n.name)
      from sanctions_entries e
      cross join lateral (select e.name, 'name' union all select a, 'alias' from unnest(e.aliases) a) as n(name, field)
     where e.version_id = ${versionId}::bigint and sanctions_norm(n.name) <> ''`);
  const [c] = await queryRows<{ added: number; changed: number; removed: number }>(
    tx,
    sql`with cur as (select e.ref, e.fingerprint from sanctions_entries e
                       join sanctions_list_versions v on v.id = e.version_id
                      where v.source = ${source} and v.status = 'active'),
             nxt as (select ref, fingerprint from sanctions_entries where version_id = ${versionId}::bigint)
        select count(*) filter (where cur.ref is null)::int as added,
               count(*) filter (where nxt.ref is null)::int as removed,
               count(*) filter (where cur.fingerprint <> nxt.fingerprint)::int as changed
          from nxt full join cur on cur.ref = nxt.ref`,
  );
  await tx.execute(sql`update sanctions_list_versions set added = ${c!.added}, changed = ${c!.changed},
      removed = ${c!.removed} where id = ${versionId}::bigint`);
  return { versionId, version: Number(v!.version), entries: parsed.entries.length, ...c! };
}
