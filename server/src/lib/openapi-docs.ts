import { z } from 'zod';
import { apiErrorSchema } from '@bankmanager/contracts';
import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { DOWNLOAD_MEDIA } from './downloads.ts';

/**
 * What OpenAPI cannot learn from a route's zod schemas alone: answers that are files rather than
 * JSON, bodies a route reads itself (multipart streams) or validates in its handler, the statuses
 * Fastify answers before a route runs, and the named schemas the answers refer to. Each is said
 * here once and turned into the document by `openApiTransform` and `openApiTransformObject`.
 */

/** The metadata key that marks a response schema as a file download (read by `openApiTransform`). */
const FILE_MEDIA_TYPES = 'x-file-media-types';

type JsonSchema = Record<string, unknown>;
const binary = { schema: { type: 'string', format: 'binary' } };

/**
 * A response that is a file (a PDF, a CSV): the route streams or sends the bytes itself, so at run
 * time this accepts anything, exactly as the bare `z.any()` it replaces; OpenAPI documents it as
 * the given media types with a binary body. In a union with a JSON schema (`?format=json|pdf|csv`)
 * the JSON branch stays `application/json`.
 */
export const fileAnswer = (mediaTypes: readonly [string, ...string[]], description: string) =>
  z.any().meta({ description, [FILE_MEDIA_TYPES]: mediaTypes });

const fileTypesOf = (s: unknown): string[] | undefined =>
  s && typeof s === 'object' ? ((s as JsonSchema)[FILE_MEDIA_TYPES] as string[] | undefined) : undefined;

/** One response entry: plain JSON stays as it is; a file (or JSON-or-file) becomes per-media-type content. */
function responseEntry(s: JsonSchema): JsonSchema {
  const own = fileTypesOf(s);
  if (own) return { description: s.description, content: Object.fromEntries(own.map((t) => [t, binary])) };
  const branches = Array.isArray(s.anyOf) ? (s.anyOf as JsonSchema[]) : [];
  const files = branches.filter((b) => fileTypesOf(b));
  if (files.length === 0) return s;
  const json = branches.filter((b) => !fileTypesOf(b));
  const content: Record<string, unknown> = {
    'application/json': { schema: json.length === 1 ? json[0] : { anyOf: json } },
  };
  for (const f of files) for (const t of fileTypesOf(f)!) content[t] = binary;
  return { description: files.map((f) => f.description).join('; '), content };
}

/**
 * Fastify itself refuses a body it cannot read before any route code runs: 413 over the body limit,
 * 415 for a content type no parser takes. The error handler answers both as the `/api` error body,
 * so every route that takes a body documents them.
 */
function withUnreadableBodyAnswers(input: Parameters<SwaggerTransform>[0]): Parameters<SwaggerTransform>[0] {
  const schema = input.schema as (JsonSchema & { response?: Record<string, unknown> }) | undefined;
  if (!schema?.body && !schema?.consumes) return input;
  const response = { 413: apiErrorSchema, 415: apiErrorSchema, ...schema.response };
  return { ...input, schema: { ...schema, response } };
}

/**
 * The document's transform: fastify-type-provider-zod's `jsonSchemaTransform`, then file answers
 * rewritten to their real media types.
 */
export const openApiTransform: SwaggerTransform = (input) => {
  const out = jsonSchemaTransform(withUnreadableBodyAnswers(input)) as {
    schema: JsonSchema & { response?: Record<string, JsonSchema> };
    url: string;
  };
  const response = out.schema?.response;
  if (response)
    out.schema.response = Object.fromEntries(
      Object.entries(response).map(([status, s]) => [status, responseEntry(s)]),
    );
  return out;
};

/**
 * For `config.swaggerTransform` of a route whose run-time schema is wider than what it really takes
 * or answers: a body the handler parses itself (a multipart stream; a record validated against the
 * business date), or an answer whose stored JSON is served as it is. OpenAPI shows `docs` in their
 * place while fastify keeps validating and serialising exactly as before. @fastify/swagger uses a
 * route's own transform instead of the global one, so this ends in `openApiTransform`.
 */
export function documentedAs(docs: {
  body?: z.ZodType;
  response?: Record<number, z.ZodType>;
}): SwaggerTransform {
  return (input) => {
    const schema = (input.schema ?? {}) as JsonSchema & { response?: Record<string, unknown> };
    return openApiTransform({
      ...input,
      schema: {
        ...schema,
        ...(docs.body && { body: docs.body }),
        ...(docs.response && { response: { ...schema.response, ...docs.response } }),
      },
    });
  };
}

/** A report's `?format=csv|pdf|xlsx` download (beside its JSON, which the route's union names). */
export const csvPdfOrXlsxReport = fileAnswer(
  Object.values(DOWNLOAD_MEDIA) as [string, ...string[]],
  'with format=csv, pdf or xlsx: the same figures as a file (text/csv, application/pdf, or a workbook whose figures are numbers)',
);

/** A report's `?format=pdf|csv` download (beside its JSON, which the route's union names). */
export const pdfOrCsvReport = fileAnswer(
  ['application/pdf', 'text/csv'],
  'with format=pdf: application/pdf; with format=csv: text/csv',
);

/**
 * The document's components: the schemas the contracts name (`.meta({ id })`), as
 * fastify-type-provider-zod's `jsonSchemaTransformObject` writes them (an input and an output
 * copy of each), keeping only those an operation refers to.
 */
export const openApiTransformObject: SwaggerTransformObject = (input) => {
  const doc = jsonSchemaTransformObject(input);
  const { paths, components } = doc as {
    paths?: unknown;
    components?: { schemas?: Record<string, unknown> };
  };
  const used = JSON.stringify(paths ?? {});
  const schemas = components?.schemas;
  if (schemas)
    for (const name of Object.keys(schemas))
      if (!used.includes(`"#/components/schemas/${name}"`)) delete schemas[name];
  return doc;
};
