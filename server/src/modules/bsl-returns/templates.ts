import { sql } from 'drizzle-orm';
import type { ReturnLineKind, ReturnTemplate } from '@bankmanager/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

/** A template line as the figures need it. */
export interface TemplateLine {
  template: string;
  code: string;
  position: number;
  label: string;
  kind: ReturnLineKind;
  side: 'debit' | 'credit';
  terms: string[] | null;
  measure: 'count' | 'sum' | 'largest' | null;
  glPatterns: string[];
}

export interface Template {
  code: string;
  name: string;
  note: string;
  lines: TemplateLine[];
  /** Lines that must equal the trial balance of these GL patterns. */
  checks: { line: string; glPatterns: string[] }[];
}

/** Every template with its lines (in order), mappings and checks: a few dozen rows, read per request. */
export async function loadTemplates(db: Database): Promise<Template[]> {
  const templates = await queryRows<{ code: string; name: string; note: string }>(
    db,
    sql`select code, name, note from return_templates order by position`,
  );
  const lines = await queryRows<TemplateLine & Record<string, unknown>>(
    db,
    sql`select l.template_code as template, l.line_code as code, l.position, l.label, l.kind, l.side,
                 l.terms, l.measure,
                 coalesce((select array_agg(m.gl_pattern order by m.gl_pattern) from return_gl_mappings m
                            where m.template_code = l.template_code and m.line_code = l.line_code),
                          '{}') as "glPatterns"
            from return_template_lines l order by l.template_code, l.position`,
  );
  const checks = await queryRows<{ template: string; line: string; glPatterns: string[] }>(
    db,
    sql`select template_code as template, line_code as line, gl_patterns as "glPatterns"
            from return_template_checks order by template_code, line_code`,
  );
  return templates.map((t) => ({
    ...t,
    lines: lines.filter((l) => l.template === t.code),
    checks: checks.filter((c) => c.template === t.code).map(({ line, glPatterns }) => ({ line, glPatterns })),
  }));
}

/** The templates as the API shows them: what each line reads. */
export const templateView = (t: Template): ReturnTemplate => ({
  code: t.code,
  name: t.name,
  note: t.note,
  lines: t.lines.map((l) => ({
    code: l.code,
    position: l.position,
    label: l.label,
    kind: l.kind,
    side: l.side,
    glPatterns: l.glPatterns,
  })),
});
