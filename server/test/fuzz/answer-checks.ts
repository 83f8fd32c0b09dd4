import { ROOT_DIR } from '../../src/config.ts';
import type { Family } from './route-registry.ts';

export interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

/**
 * Where each API family puts an error's code and human-readable message (docs/architecture.md,
 * docs/auth-protocol.md).
 */
const ERROR_SHAPES: Record<Family, { code?: string; message: string }[]> = {
  api: [{ message: 'error' }],
  // GoTrue: `{ code, message }` with X-Supabase-Api-Version 2024-01-01, else `{ code: int, error_code, msg }`.
  auth: [
    { code: 'code', message: 'message' },
    { code: 'error_code', message: 'msg' },
  ],
  rest: [{ code: 'code', message: 'message' }],
  // Supabase Storage: `{ statusCode, error, message }`.
  storage: [{ code: 'error', message: 'message' }],
};
/** Answers from before routing (unknown path, bad URL) carry one of these. */
const ANY_MESSAGE = ['error', 'message', 'msg', 'error_description'];

/** Signs of internals in an answer: stack frames, file paths, SQL from Drizzle's error text. */
const LEAKS: [RegExp, string][] = [
  [/\n\s+at \S/, 'a stack trace'],
  [/node:internal|node_modules/, 'an internal module path'],
  [new RegExp(ROOT_DIR.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')), 'a server file path'],
  [/\.ts:\d+:\d+/, 'a source position'],
  [/Failed query:/, 'the SQL of a failed query'],
];

const readable = (s: unknown): s is string =>
  typeof s === 'string' && /\p{L}{2,}/u.test(s) && !s.includes('[object Object]') && s.length <= 2000;

/**
 * What is wrong with an answer to a fuzzed request (nothing: `[]`). `family` is the family of the
 * route that answered, undefined when no route did (404 for an unknown path, a malformed URL).
 */
export function answerProblems(method: string, family: Family | undefined, a: Answer): string[] {
  const problems: string[] = [];
  if (a.statusCode >= 500) problems.push(`answered ${a.statusCode}: bad input must be a 4xx`);
  if (a.statusCode >= 300 && a.statusCode < 400 && typeof a.headers.location !== 'string') {
    problems.push(`redirect ${a.statusCode} without a Location`);
  }
  if (a.statusCode < 400 || method === 'HEAD') return problems;
  for (const [re, what] of LEAKS) if (re.test(a.body)) problems.push(`the error body leaks ${what}`);
  let body: unknown;
  try {
    body = JSON.parse(a.body);
  } catch {
    problems.push(`the ${a.statusCode} body is not JSON: ${a.body.slice(0, 120)}`);
    return problems;
  }
  if (typeof body !== 'object' || body === null) return [...problems, 'the error body is not a JSON object'];
  const b = body as Record<string, unknown>;
  if (family) {
    const shapes = ERROR_SHAPES[family];
    const ok = shapes.some(
      (s) => (s.code === undefined || b[s.code] !== undefined) && readable(b[s.message]),
    );
    if (!ok)
      problems.push(`the ${a.statusCode} body has no ${family} error message: ${a.body.slice(0, 160)}`);
  } else if (!ANY_MESSAGE.some((k) => readable(b[k]))) {
    problems.push(`the ${a.statusCode} body has no readable message`);
  }
  return problems;
}
