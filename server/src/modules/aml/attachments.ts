import { sql } from 'drizzle-orm';
import type { AmlAttachment } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

const selectAttachments = sql`select id::text, case_id::text as "caseId", file_name as "fileName",
    content_type as "contentType", size::int as size, uploaded_by_email as "uploadedBy",
    to_char(uploaded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "uploadedAt"
  from aml_case_attachments`;

/** A case's evidence, oldest first (the case file shows it; the upload answers with its own row). */
export const caseAttachments = (db: Database, caseId: string) =>
  queryRows<AmlAttachment>(
    db,
    sql`${selectAttachments} where case_id = ${caseId}::uuid order by uploaded_at, id limit 500`,
  );
