import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { RETURNS_TEXT, returnMappingChangeSchema } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { writeAudit } from '../audit/index.ts';
import { approvedBy, type ApprovalActor, type Approvals } from '../approvals/index.ts';

export const RETURN_MAPPING_APPROVAL = 'return_mapping.change';

/** What a `return_mapping.change` request stores: the line and its new patterns. */
export const mappingCommand = returnMappingChangeSchema.extend({ template: z.string(), line: z.string() });
export type MappingCommand = z.infer<typeof mappingCommand>;

/** A line's current patterns, sorted: also the request's subject version (a change in between makes it stale). */
export async function linePatterns(db: Database, template: string, line: string): Promise<string[]> {
  const [l] = await queryRows<{ kind: string; patterns: string[] }>(
    db,
    sql`select l.kind, coalesce((select array_agg(m.gl_pattern order by m.gl_pattern) from return_gl_mappings m
                 where m.template_code = l.template_code and m.line_code = l.line_code), '{}') as patterns
          from return_template_lines l where l.template_code = ${template} and l.line_code = ${line}`,
  );
  if (!l) throw notFound(RETURNS_TEXT.lineNotFound);
  if (!['gl', 'breakdown', 'exposure'].includes(l.kind))
    throw badRequest('Invalid request', [{ path: '/glPatterns', message: RETURNS_TEXT.notMapped }]);
  return l.patterns;
}

/** Each pattern must match at least one GL account, or the line would silently read nothing. */
export async function patternProblems(db: Database, patterns: string[]) {
  const rows = await queryRows<{ i: number }>(
    db,
    sql`select p.i::int as i from unnest(${sql`array[${sql.join(
      patterns.map((p) => sql`${p}`),
      sql`, `,
    )}]::text[]`}) with ordinality as p(pattern, i)
         where not exists (select 1 from gl_accounts g where g.kind = 'account' and g.code like p.pattern)`,
  );
  return rows.map(({ i }) => ({
    path: `/glPatterns/${i - 1}`,
    message: RETURNS_TEXT.noGlMatch(patterns[i - 1]!),
  }));
}

async function execute(
  tx: Database,
  raw: unknown,
  ctx: { approvalId: string; maker: ApprovalActor; checker: ApprovalActor },
) {
  const cmd = mappingCommand.parse(raw);
  const before = await linePatterns(tx, cmd.template, cmd.line);
  await tx.execute(
    sql`delete from return_gl_mappings where template_code = ${cmd.template} and line_code = ${cmd.line}`,
  );
  for (const p of new Set(cmd.glPatterns))
    await tx.execute(sql`insert into return_gl_mappings (template_code, line_code, gl_pattern)
                         values (${cmd.template}, ${cmd.line}, ${p})`);
  await writeAudit(tx, {
    actorId: ctx.maker.id,
    actorEmail: ctx.maker.email,
    ip: ctx.maker.ip,
    action: RETURN_MAPPING_APPROVAL,
    outcome: 'success',
    targetType: 'return_line',
    targetId: `${cmd.template}/${cmd.line}`,
    details: {
      ...approvedBy(ctx.approvalId, ctx.checker),
      before,
      after: cmd.glPatterns,
      reason: cmd.reason,
    },
  });
}

/** Registers `return_mapping.change`; the subject's version is the line's current patterns. */
export function registerMappingCommand(approvals: Approvals): void {
  approvals.register({
    type: RETURN_MAPPING_APPROVAL,
    currentVersion: async (tx, subject) => {
      const [template = '', line = ''] = subject.split('/');
      return (await linePatterns(tx, template, line)).join(',');
    },
    execute,
  });
}
