import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/harness.ts';

/**
 * The OpenAPI document is complete enough to generate a client from: every `/api` body and answer
 * has a schema, and no schema is open-ended (anything goes) unless it is a named free-form type
 * listed here with the reason its shape cannot be written down.
 */
const FREE_FORM: Record<string, string> = {
  AuditDetails: 'each audit action records its own facts; the keys differ per action',
  ApprovalCommand: 'each request type carries its own command, written by the module that owns it',
  ApprovalState: 'each request type shows its own before and after, written by the module that owns it',
};

type Schema = Record<string, unknown>;
interface Doc {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}
interface Operation {
  security?: unknown[];
  parameters?: unknown[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}

const NOT_SHAPE = new Set(['description', 'title', 'nullable', 'default', 'example', 'examples']);
const COMBINERS = ['anyOf', 'oneOf', 'allOf'] as const;

/** Anything goes: `{}`, or an object that names no property and allows any. */
function openEnded(s: Schema): boolean {
  if (Object.keys(s).every((k) => NOT_SHAPE.has(k))) return true;
  if (s.$ref || s.properties || COMBINERS.some((c) => s[c])) return false;
  const extra = s.additionalProperties;
  const anyExtra = extra === undefined || extra === true || isEmptySchema(extra);
  return (s.type === 'object' || s.additionalProperties !== undefined) && anyExtra;
}
const isEmptySchema = (v: unknown) => typeof v === 'object' && v !== null && Object.keys(v).length === 0;

/** Where in `s` a schema is open-ended; a `$ref` to a listed free-form type is accepted. */
function openPlaces(doc: Doc, s: Schema | undefined, at: string, seen = new Set<string>()): string[] {
  if (!s) return [`${at} (no schema)`];
  if (typeof s.$ref === 'string') {
    const name = s.$ref.replace('#/components/schemas/', '');
    if (name in FREE_FORM || seen.has(name)) return [];
    const target = doc.components?.schemas?.[name];
    return target
      ? openPlaces(doc, target, `${at}→${name}`, new Set([...seen, name]))
      : [`${at} (dangling $ref)`];
  }
  if (openEnded(s)) return [at];
  const out: string[] = [];
  for (const [k, v] of Object.entries((s.properties ?? {}) as Record<string, Schema>))
    out.push(...openPlaces(doc, v, `${at}.${k}`, seen));
  const extra = s.additionalProperties;
  if (typeof extra === 'object' && extra !== null && !isEmptySchema(extra))
    out.push(...openPlaces(doc, extra as Schema, `${at}{…}`, seen));
  if (s.items) out.push(...openPlaces(doc, s.items as Schema, `${at}[]`, seen));
  for (const c of COMBINERS)
    ((s[c] ?? []) as Schema[]).forEach((b, i) => out.push(...openPlaces(doc, b, `${at}|${c}[${i}]`, seen)));
  return out;
}

const isBinary = (s: Schema | undefined) => s?.type === 'string' && s.format === 'binary';

/** Every gap of one operation: a body or answer without a schema, or with an open-ended one. */
function gapsOf(doc: Doc, op: Operation): string[] {
  const gaps: string[] = [];
  const media = (where: string, content: Record<string, { schema?: Schema }>) => {
    for (const [type, { schema }] of Object.entries(content)) {
      if (/json/.test(type)) gaps.push(...openPlaces(doc, schema, `${where} ${type}`));
      else if (!isBinary(schema) && type !== 'multipart/form-data')
        gaps.push(`${where} ${type}: a file answer should be a binary string`);
      else if (type === 'multipart/form-data') gaps.push(...openPlaces(doc, schema, `${where} ${type}`));
    }
  };
  if (op.requestBody) media('body', op.requestBody.content ?? {});
  const responses = Object.entries(op.responses ?? {});
  if (!responses.some(([status]) => status.startsWith('2'))) gaps.push('no 2xx answer');
  for (const [status, r] of responses) {
    if (status === '204') continue;
    if (!r.content || Object.keys(r.content).length === 0) gaps.push(`${status}: no content`);
    else media(status, r.content);
  }
  return gaps;
}

describe('the completeness check itself', () => {
  const json = (schema?: Schema) => ({ content: { 'application/json': schema ? { schema } : {} } });
  const doc: Doc = { paths: {}, components: { schemas: { Loose: { type: 'object' } } } };

  it('finds empty, property-less and missing schemas, JSON-typed files and answers without a 2xx', () => {
    expect(gapsOf(doc, { responses: { 200: json({}) } })).toEqual(['200 application/json']);
    const loose = { type: 'object', additionalProperties: true };
    expect(gapsOf(doc, { responses: { 200: json({ type: 'object', properties: { a: loose } }) } })).toEqual([
      '200 application/json.a',
    ]);
    expect(gapsOf(doc, { responses: { 200: json() } })).toEqual(['200 application/json (no schema)']);
    expect(gapsOf(doc, { responses: { 200: {} } })).toEqual(['200: no content']);
    const pdfAsJson = { content: { 'application/pdf': { schema: {} } } };
    expect(gapsOf(doc, { responses: { 200: pdfAsJson } })).toHaveLength(1);
    expect(gapsOf(doc, { responses: { 404: json({ type: 'string' }) } })).toEqual(['no 2xx answer']);
    expect(
      gapsOf(doc, { requestBody: json({ anyOf: [{ type: 'string' }, {}] }), responses: { 204: {} } }),
    ).toEqual(['body application/json|anyOf[1]']);
  });

  it('follows references, and accepts only the free-form types it lists', () => {
    const ref = (name: string) => json({ $ref: `#/components/schemas/${name}` });
    expect(gapsOf(doc, { responses: { 200: ref('Loose') } })).toEqual(['200 application/json→Loose']);
    expect(gapsOf(doc, { responses: { 200: ref('AuditDetails') } })).toEqual([]);
  });
});

describe('OpenAPI document', () => {
  let t: TestApp;
  const routes: RouteOptions[] = [];
  let doc: Doc;

  beforeAll(async () => {
    t = await createTestApp({}, { onRoute: (r) => void routes.push(r) });
    doc = t.app.swagger() as unknown as Doc;
  });
  afterAll(() => t.close());

  const apiOperations = () =>
    Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/') && !path.startsWith('/api/docs'))
      .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })));

  it('documents every /api route', () => {
    expect(routes.filter((r) => r.url.startsWith('/api/')).length).toBeGreaterThan(100);
    const documented = new Set(apiOperations().map((o) => `${o.method.toUpperCase()} ${o.path}`));
    const missing = routes
      .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'))
      .flatMap((r) => [r.method].flat().map((m) => `${m} ${r.url.replace(/:(\w+)/g, '{$1}')}`))
      .filter((id) => !id.startsWith('HEAD ') && !documented.has(id));
    expect(missing).toEqual([]);
  });

  it('gives every /api body and answer a schema that is not open-ended', () => {
    expect(apiOperations().length).toBeGreaterThan(100);
    const gaps = apiOperations().flatMap(({ path, method, op }) =>
      gapsOf(doc, op).map((g) => `${method.toUpperCase()} ${path} ${g}`),
    );
    expect(gaps).toEqual([]);
  });

  it('documents the statuses a route answers before its own code runs', () => {
    // A guard answers 401 (no or bad session) and 403 (not allowed, or a second factor still owed);
    // validation 400; Fastify 413 and 415 for a body it cannot read.
    const gaps = apiOperations().flatMap(({ path, method, op }) => {
      const statuses = Object.keys(op.responses ?? {});
      const expected = [
        ...(op.security ? ['401', '403'] : []),
        ...(op.requestBody || op.parameters?.length ? ['400'] : []),
        ...(op.requestBody ? ['413', '415'] : []),
      ];
      return expected.filter((s) => !statuses.includes(s)).map((s) => `${method.toUpperCase()} ${path} ${s}`);
    });
    expect(gaps).toEqual([]);
  });

  it('documents a body for every route that parses one itself (consumes)', () => {
    const undocumented = routes
      .filter((r) => r.url.startsWith('/api/') && r.schema?.consumes)
      .map((r) => `${String(r.method)} ${r.url.replace(/:(\w+)/g, '{$1}')}`)
      .filter((id) => {
        const [method, path] = id.split(' ') as [string, string];
        return !doc.paths[path]?.[method.toLowerCase()]?.requestBody;
      });
    expect(undocumented).toEqual([]);
  });

  it('keeps each free-form type it allows in the document, named and described', () => {
    for (const name of Object.keys(FREE_FORM)) {
      expect(doc.components?.schemas?.[name], name).toBeDefined();
      expect(doc.components?.schemas?.[name]?.description, name).toEqual(expect.any(String));
    }
  });
});
