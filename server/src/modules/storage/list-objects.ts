import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

export interface ListQuery {
  prefix: string; // '' or ending in '/'
  limit: number;
  offset: number;
  sortColumn: 'name' | 'created_at' | 'updated_at' | 'last_accessed_at';
  sortOrder: 'asc' | 'desc';
  search: string;
}

export interface ListEntry {
  name: string;
  id: string | null;
  updated_at: string | null;
  created_at: string | null;
  last_accessed_at: string | null;
  metadata: Record<string, unknown> | null;
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The first string after every string that starts with `prefix` (byte order), for an index range. */
function prefixEnd(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}

/**
 * One level of a bucket under `prefix`, as the real service's `storage.search`: objects directly
 * under it, and each deeper path as one folder entry with null id and dates. `search` keeps entries
 * whose name starts with it (case-insensitive). Sorted in the database, then paged.
 */
export async function listObjects(db: Database, bucket: string, q: ListQuery): Promise<ListEntry[]> {
  const plen = q.prefix.length;
  const range = q.prefix
    ? sql`and (o.name collate "C") >= ${q.prefix} and (o.name collate "C") < ${prefixEnd(q.prefix)}`
    : sql``;
  const search = q.search
    ? sql`and split_part(substr(o.name, ${plen + 1}), '/', 1) ilike ${`${likeEscape(q.search)}%`}`
    : sql``;
  // Whitelisted identifiers only (never the request's text).
  const column = sql.raw(q.sortColumn === 'last_accessed_at' ? 'updated_at' : q.sortColumn);
  const order = sql.raw(q.sortOrder === 'desc' ? 'desc' : 'asc');
  const rows = await queryRows(
    db,
    sql`
    with entries as (
      select split_part(substr(o.name, ${plen + 1}), '/', 1) as entry,
             strpos(substr(o.name, ${plen + 1}), '/') > 0 as is_folder,
             o.id, o.size, o.mime_type, o.sha256, o.cache_control, o.created_at, o.updated_at
        from storage_objects o
       where o.bucket_id = ${bucket} ${range} ${search}
    ), listed as (
      select entry as name, null::uuid as id, null::timestamptz as created_at, null::timestamptz as updated_at,
             null::bigint as size, null::text as mime_type, null::text as sha256, null::text as cache_control
        from entries where is_folder group by entry
      union all
      select entry, id, created_at, updated_at, size, mime_type, sha256, cache_control
        from entries where not is_folder
    )
    select * from listed
     order by ${column} ${order}, name collate "C" ${order}
     limit ${q.limit} offset ${q.offset}`,
  );
  return rows.map((r) => {
    const iso = (v: unknown) => (v === null ? null : new Date(v as string).toISOString());
    const updated = iso(r.updated_at);
    return {
      name: r.name as string,
      id: (r.id as string | null) ?? null,
      updated_at: updated,
      created_at: iso(r.created_at),
      last_accessed_at: updated,
      metadata:
        r.id === null
          ? null
          : {
              eTag: `"${r.sha256 as string}"`,
              size: Number(r.size),
              mimetype: r.mime_type,
              cacheControl: (r.cache_control as string | null) ?? 'no-cache',
              lastModified: updated,
              contentLength: Number(r.size),
              httpStatusCode: 200,
            },
    };
  });
}
