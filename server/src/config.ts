import { z } from 'zod';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root, so relative defaults mean the same thing from any working directory. */
export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const bool = z
  .enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'], {
    error: 'must be one of true, false, 1, 0, on, off, yes, no',
  })
  .transform((v) => ['true', '1', 'on', 'yes'].includes(v));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEMO_DATA: bool.optional(),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  DB_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  WEB_DIST_DIR: z.string().min(1).default(path.join(ROOT_DIR, 'web/dist')),
  IDLE_TIMEOUT_MINUTES: z.coerce.number().positive().default(15),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Absolute; where PGlite keeps its files in embedded mode. `memory://` keeps nothing (tests). */
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  logLevel: string;
  demoData: boolean;
  dbPoolMax: number;
  dbQueryTimeoutMs: number;
  webDistDir: string;
  idleTimeoutMinutes: number;
  version: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the environment; throws a ConfigError that names every bad variable at once. */
export function loadConfig(source: Record<string, string | undefined> = process.env, version = '0.0.0'): Config {
  // Empty strings mean "unset", as most shells and .env files intend.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const embedded = e.DATABASE_URL === undefined;
  const dataDir = e.DATA_DIR.startsWith('memory://') ? e.DATA_DIR : path.resolve(ROOT_DIR, e.DATA_DIR);
  const shownHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? 'localhost' : e.HOST;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://${shownHost}:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    demoData: e.DEMO_DATA ?? embedded,
    dbPoolMax: e.DB_POOL_MAX,
    dbQueryTimeoutMs: e.DB_QUERY_TIMEOUT_MS,
    webDistDir: path.resolve(ROOT_DIR, e.WEB_DIST_DIR),
    idleTimeoutMinutes: e.IDLE_TIMEOUT_MINUTES,
    version,
  };
}
