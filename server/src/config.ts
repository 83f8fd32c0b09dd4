import { z } from 'zod';
import path from 'node:path';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { EOD_LANE_COUNTS, PROMOTER_COOLING_OFF_DAYS, isoDateSchema } from '@bankmanager/contracts';
import { ROOT_DIR } from './lib/paths.ts';

export { ROOT_DIR };

const bool = z
  .enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'], {
    error: 'must be one of true, false, 1, 0, on, off, yes, no',
  })
  .transform((v) => ['true', '1', 'on', 'yes'].includes(v));

/**
 * GoTrue-style duration: seconds as a bare number, or a number with s, m, h or d ("30m", "12h").
 * 0 turns the limit off.
 */
const duration = z
  .string()
  .regex(/^\d+(\.\d+)?[smhd]?$/, 'must be seconds, or a number followed by s, m, h or d (e.g. 30m, 12h)')
  .transform((v) => {
    const unit = /[smhd]$/.test(v) ? v.slice(-1) : 's';
    const factor = { s: 1, m: 60, h: 3600, d: 86_400 }[unit] ?? 1;
    return Math.round(Number.parseFloat(v) * factor);
  })
  .or(z.number());

/**
 * Which peers may set X-Forwarded-For: off (the default: the header is ignored), a hop count ("1":
 * one proxy in front), or a comma-separated list of proxy addresses or CIDRs ("10.0.0.1,10.1.0.0/16").
 */
const trustProxySetting = z
  .string()
  .refine(
    (v) =>
      /^(false|off|0|\d{1,2})$/.test(v) ||
      v.split(',').every((part) => {
        const [addr = '', bits, ...rest] = part.trim().split('/');
        const family = isIP(addr);
        if (family === 0 || rest.length > 0) return false;
        return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
      }),
    'must be off, a hop count (e.g. 1) or a comma-separated list of proxy addresses or CIDRs',
  )
  .transform((v): false | number | string[] =>
    /^(false|off)$/.test(v)
      ? false
      : /^\d+$/.test(v)
        ? Number(v) || false
        : v.split(',').map((p) => p.trim()),
  );

/** A positive amount with at most 2 decimals, as the ledger keeps money. */
const amount = z
  .string()
  .regex(/^\d{1,16}(\.\d{1,2})?$/, 'must be an amount such as 30000 or 30000.00')
  .refine((v) => /[1-9]/.test(v), 'must be greater than zero');

const MAX_POOL_SIZE = 200;

/**
 * Twice this machine's cores: more connections than PostgreSQL has cores to run them only queue
 * inside PostgreSQL, where postings then wait on each other's locks and cost more CPU each; in the
 * pool they wait for nothing but a free connection (ADR 0093). Where PostgreSQL runs on another
 * machine, DB_POOL_MAX should be about twice that machine's cores.
 */
export const defaultPoolSize = (cores = availableParallelism()): number => Math.min(MAX_POOL_SIZE, 2 * cores);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Unset: localhost (loopback only) while demo data is on (its credentials are in the page), else 0.0.0.0. */
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('./.data'),
  STORAGE_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEMO_DATA: bool.optional(),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(MAX_POOL_SIZE).default(defaultPoolSize()),
  DB_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(30),
  WEB_DIST_DIR: z.string().min(1).default(path.join(ROOT_DIR, 'web/dist')),
  IDLE_TIMEOUT_MINUTES: z.coerce.number().positive().default(15),
  STATUS_POLL_SECONDS: z.coerce.number().positive().max(86_400).default(15),
  EOD_CHUNK_ROWS: z.coerce.number().int().min(1).max(1_000_000).default(20_000),
  EOD_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(20),
  EOD_LANES: z.coerce
    .number()
    .int()
    .refine(
      (n) => (EOD_LANE_COUNTS as readonly number[]).includes(n),
      `must be one of ${EOD_LANE_COUNTS.join(', ')}`,
    )
    .default(2),
  /** A new bank's first business date (YYYY-MM-DD); unset, it follows the calendar until its first end of day. */
  OPENING_BUSINESS_DATE: isoDateSchema.optional(),
  REGISTERED_USERS_MAX_UNPAGED: z.coerce.number().int().min(1).default(5000),
  AUDIT_EXPORT_MAX_ROWS: z.coerce.number().int().min(1).default(100_000),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  SMTP_FROM: z.string().min(3).default('BankManager <no-reply@bankmanager.local>'),
  AUTH_AUTOCONFIRM: bool.optional(),
  AUTH_JWT_PRIVATE_KEY: z.string().min(20).optional(),
  AUTH_GENERATE_KEYS: bool.default(false),
  // Shorter than the idle timeout (15 min), so an open tab's refresh keeps an active session alive.
  AUTH_JWT_EXPIRY_SECONDS: z.coerce.number().int().min(30).max(604_800).default(600),
  AUTH_REFRESH_REUSE_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
  AUTH_PASSWORD_MIN_LENGTH: z.coerce.number().int().min(6).max(128).default(6),
  AUTH_ARGON2_MEMORY_KIB: z.coerce.number().int().min(1024).default(19_456),
  AUTH_ARGON2_TIME_COST: z.coerce.number().int().min(1).default(2),
  AUTH_LOCKOUT_ATTEMPTS: z.coerce.number().int().min(1).default(5),
  AUTH_LOCKOUT_MINUTES: z.coerce.number().positive().default(15),
  AUTH_IP_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  AUTH_EMAIL_MIN_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(60),
  AUTH_EMAIL_RATE_PER_HOUR: z.coerce.number().int().min(1).default(100),
  AUTH_OTP_EXPIRY_SECONDS: z.coerce.number().int().min(60).default(3600),
  REALTIME_IDLE_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(60),
  REALTIME_MAX_MESSAGE_BYTES: z.coerce.number().int().min(256).max(7000).default(7000),
  REALTIME_MESSAGES_PER_SECOND: z.coerce.number().int().min(1).max(10_000).default(100),
  REALTIME_MAX_CHANNELS_PER_SOCKET: z.coerce.number().int().min(1).max(10_000).default(100),
  REALTIME_MAX_CHANNELS_PER_USER: z.coerce.number().int().min(1).max(10_000).default(100),
  AUTH_REAUTH_WINDOW_MINUTES: z.coerce.number().min(0).max(1440).default(5),
  AUDIT_HMAC_KEY: z.string().min(32, 'must be at least 32 characters (e.g. openssl rand -hex 32)').optional(),
  AUDIT_CHECKPOINT_FILE: z.string().min(1).optional(),
  AUTH_OTP_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  AUTH_ACCOUNT_FAILURES_PER_HOUR: z.coerce.number().int().min(1).default(50),
  AUTH_ACCOUNT_SLOWDOWN_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  AUTH_EMAIL_RATE_PER_SOURCE_PER_HOUR: z.coerce.number().int().min(1).default(20),
  TRUST_PROXY: trustProxySetting.optional(),
  /** Unset: IDLE_TIMEOUT_MINUTES, so the server ends an idle session when the browser would. */
  SESSION_INACTIVITY_TIMEOUT: duration.optional(),
  SESSION_TIMEBOX: duration.default(43_200),
  /** Currency transaction reports: cash at or above these amounts is flagged (ADR 0022). */
  CTR_THRESHOLD: amount.default('30000.00'),
  CTR_THRESHOLD_USD: amount.default('1300.00'),
  /** goAML reports to the FIU (ADR 0048): the schema version the FIU runs and the bank's id there. */
  GOAML_SCHEMA_VERSION: z
    .string()
    .regex(/^\d+(\.\d+){0,2}$/)
    .default('4.0'),
  GOAML_RENTITY_ID: z.string().trim().min(1).max(50).default('BANKMANAGER'),
  /** Days after a grant of roles or superuser rights in which promoter and promoted check none of each other's requests. */
  PROMOTER_COOLING_OFF_DAYS: z.coerce.number().int().min(0).max(3650).default(PROMOTER_COOLING_OFF_DAYS),
  BOOTSTRAP_SUPERUSER_EMAIL: z
    .email()
    .transform((v) => v.toLowerCase())
    .optional(),
  /** A streaming read replica of DATABASE_URL: heavy reports read from it (ADR 0054). */
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  REPORT_REPLICA_MAX_LAG_SECONDS: z.coerce.number().min(0).max(86_400).default(60),
  REPORT_REPLICA_ON_LAG: z.enum(['primary', 'as_of']).default('primary'),
});

export type Env = z.input<typeof envSchema>;

/** Every environment variable the server reads (the README documents each one). */
export const ENV_VARIABLES = Object.keys(envSchema.shape);

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Absolute; where PGlite keeps its files in embedded mode. `memory://` keeps nothing (tests). */
  dataDir: string;
  /**
   * Absolute; where the storage service keeps object bytes. Undefined when `dataDir` is `memory://`
   * and no STORAGE_DIR is set: the storage module then uses a fresh temporary directory.
   */
  storageDir: string | undefined;
  databaseUrl: string | undefined;
  publicUrl: string;
  logLevel: string;
  demoData: boolean;
  dbPoolMax: number;
  dbQueryTimeoutMs: number;
  /** A request's headers and body must arrive within this time, or it is answered 408 and closed. */
  requestTimeoutMs: number;
  webDistDir: string;
  idleTimeoutMinutes: number;
  /** The SPA's status polling interval, the fallback while its realtime socket is down. */
  statusPollSeconds: number;
  /** End of day: accounts per chunk (one transaction, progress saved), and a server's claim on a run. */
  eod: {
    chunkRows: number;
    leaseSeconds: number;
    /** Chunks side by side in the interest posting, the fees and the auto-debit (PostgreSQL only). */
    lanes: number;
    /** The business date a new bank opens on (server start sets it once, before the first end of day). */
    openingDate?: string;
  };
  /** GET /api/registered-users without paging answers 400 above this many rows. */
  registeredUsersMaxUnpaged: number;
  /** GET /api/admin/audit/export answers 400 when the filters match more rows than this. */
  auditExportMaxRows: number;
  version: string;
  smtpUrl: string | undefined;
  smtpFrom: string;
  /** Fastify's trustProxy: false (X-Forwarded-For ignored), a hop count, or proxy addresses/CIDRs. */
  trustProxy: false | number | string[];
  /** When set, only this address may become the first superuser (lower-cased). */
  bootstrapSuperuserEmail: string | undefined;
  auth: AuthConfig;
  realtime: RealtimeConfig;
  audit: AuditConfig;
  /** Cash transactions at or above the threshold of their currency are CTR candidates. */
  ctrThreshold: { SLE: string; USD: string };
  /** goAML: the FIU's schema version and the bank's reporting-entity id there. */
  goaml: { schemaVersion: string; rentityId: string };
  /** Four-eyes: a promoter and the person they promoted do not check each other's requests for this many days. */
  promoterCoolingOffDays: number;
  readReplica: ReadReplicaConfig;
}

/** Reports on a streaming read replica (ADR 0054). */
export interface ReadReplicaConfig {
  /** Unset: every read on the primary, as without a replica. */
  url: string | undefined;
  /** Replay further behind than this counts as lagging. */
  maxLagSeconds: number;
  /** A lagging replica: read from the primary, or serve the replica's figures marked "as of" their time. */
  onLag: 'primary' | 'as_of';
}

export interface RealtimeConfig {
  /** A websocket that sends no heartbeat for this long is closed (other messages do not count). */
  idleTimeoutMs: number;
  /** A larger client frame is answered with an error (the cap keeps every message within NOTIFY's 8 KB). */
  maxMessageBytes: number;
  /** Per socket; messages over the rate are answered with an error and dropped. */
  messagesPerSecond: number;
  /**
   * Channels one socket, and one user's sockets on this server, may hold: every channel costs work on
   * every change of its tables, so an uncapped client could make one insert stall the server.
   */
  maxChannelsPerSocket: number;
  maxChannelsPerUser: number;
}

/** The keyed audit chain (decision 0013). */
export interface AuditConfig {
  /** HMAC key; unset: generated into DATA_DIR (embedded, or PostgreSQL outside production). */
  hmacKey: string | undefined;
  /** Where the signed chain head is kept; undefined with a `memory://` DATA_DIR. */
  checkpointFile: string | undefined;
  /** How often the chain head is checkpointed (and once more at shutdown). */
  checkpointIntervalMs: number;
}

export interface AuthConfig {
  /** Sign-ups are confirmed at once (no confirmation mail). Defaults on when no SMTP is configured. */
  autoconfirm: boolean;
  /** ES256 private key as a JWK (JSON) or PKCS#8 PEM; required with DATABASE_URL unless generateKeys. */
  jwtPrivateKey: string | undefined;
  /** Generate the signing key on first start and keep it in the database (always so in embedded mode). */
  generateKeys: boolean;
  jwtExpirySeconds: number;
  refreshReuseIntervalSeconds: number;
  passwordMinLength: number;
  argon2MemoryKib: number;
  argon2TimeCost: number;
  lockoutAttempts: number;
  lockoutMinutes: number;
  ipRateLimitPerMinute: number;
  emailMinIntervalSeconds: number;
  emailRatePerHour: number;
  otpExpirySeconds: number;
  /** A password change without a reauthentication nonce is allowed this long after sign-in (0: never). */
  reauthWindowMinutes: number;
  /** Wrong guesses at one e-mailed code before the code (and its link) stops working. */
  otpMaxAttempts: number;
  /** Failed sign-ins per account per hour (all sources) before the account is slowed down. */
  accountFailuresPerHour: number;
  /** Past that ceiling: one password check per this many seconds for sources the account never used. */
  accountSlowdownSeconds: number;
  /** Auth mails one source (client address) may cause per hour, before the global cap is consulted. */
  emailRatePerSourcePerHour: number;
  /** A refresh this long after the previous one ends the session (at most the browser's idle timeout). */
  sessionInactivityTimeoutSeconds: number;
  /** A refresh this long after sign-in ends the session (0: off). */
  sessionTimeboxSeconds: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the environment; throws a ConfigError that names every bad variable at once. */
export function loadConfig(
  source: Record<string, string | undefined> = process.env,
  version = '0.0.0',
): Config {
  // Empty strings mean "unset", as most shells and .env files intend.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const idleSeconds = Math.round(e.IDLE_TIMEOUT_MINUTES * 60);
  const inactivitySeconds = e.SESSION_INACTIVITY_TIMEOUT ?? idleSeconds;
  if (inactivitySeconds <= 0 || inactivitySeconds > idleSeconds) {
    // The browser's idle sign-out alone is no control: a closed laptop or a copied refresh token
    // would keep an idle session for as long as the server allows. The server enforces it too.
    throw new ConfigError([
      `SESSION_INACTIVITY_TIMEOUT: must be more than 0 and at most IDLE_TIMEOUT_MINUTES (${idleSeconds} s), or unset to follow it`,
    ]);
  }
  if (inactivitySeconds <= e.AUTH_JWT_EXPIRY_SECONDS) {
    // Open tabs refresh just before the access token expires: a shorter timeout would end them all.
    throw new ConfigError([
      'SESSION_INACTIVITY_TIMEOUT: must be longer than AUTH_JWT_EXPIRY_SECONDS (lower the token lifetime with a short idle timeout)',
    ]);
  }
  const embedded = e.DATABASE_URL === undefined;
  // A key generated next to one server would differ from its neighbours' and live on the same
  // host as the database it protects: production on PostgreSQL must be given one (decision 0013).
  if (!embedded && e.NODE_ENV === 'production' && !e.AUDIT_HMAC_KEY) {
    throw new ConfigError([
      'AUDIT_HMAC_KEY: required with DATABASE_URL in production (e.g. openssl rand -hex 32), shared by every server',
    ]);
  }
  if (embedded && e.DATABASE_READ_URL) {
    // PGlite has no streaming replication: a read URL beside it would be a different database.
    throw new ConfigError(['DATABASE_READ_URL: needs DATABASE_URL (a replica of that PostgreSQL primary)']);
  }
  const dataDir = e.DATA_DIR.startsWith('memory://') ? e.DATA_DIR : path.resolve(ROOT_DIR, e.DATA_DIR);
  const demoData = e.DEMO_DATA ?? embedded;
  // `localhost`: Fastify binds both loopbacks (127.0.0.1 and ::1), and nothing else.
  const host = e.HOST ?? (demoData ? 'localhost' : '0.0.0.0');
  const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host,
    dataDir,
    storageDir: e.STORAGE_DIR
      ? path.resolve(ROOT_DIR, e.STORAGE_DIR)
      : dataDir.startsWith('memory://')
        ? undefined
        : path.join(dataDir, 'storage'),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://${shownHost}:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    demoData,
    dbPoolMax: e.DB_POOL_MAX,
    dbQueryTimeoutMs: e.DB_QUERY_TIMEOUT_MS,
    requestTimeoutMs: Math.round(e.REQUEST_TIMEOUT_SECONDS * 1000),
    webDistDir: path.resolve(ROOT_DIR, e.WEB_DIST_DIR),
    idleTimeoutMinutes: e.IDLE_TIMEOUT_MINUTES,
    statusPollSeconds: e.STATUS_POLL_SECONDS,
    eod: {
      chunkRows: e.EOD_CHUNK_ROWS,
      leaseSeconds: e.EOD_LEASE_SECONDS,
      lanes: e.EOD_LANES,
      openingDate: e.OPENING_BUSINESS_DATE,
    },
    registeredUsersMaxUnpaged: e.REGISTERED_USERS_MAX_UNPAGED,
    auditExportMaxRows: e.AUDIT_EXPORT_MAX_ROWS,
    version,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    trustProxy: e.TRUST_PROXY ?? false,
    bootstrapSuperuserEmail: e.BOOTSTRAP_SUPERUSER_EMAIL,
    auth: {
      autoconfirm: e.AUTH_AUTOCONFIRM ?? e.SMTP_URL === undefined,
      jwtPrivateKey: e.AUTH_JWT_PRIVATE_KEY,
      generateKeys: e.AUTH_GENERATE_KEYS || embedded,
      jwtExpirySeconds: e.AUTH_JWT_EXPIRY_SECONDS,
      refreshReuseIntervalSeconds: e.AUTH_REFRESH_REUSE_INTERVAL_SECONDS,
      passwordMinLength: e.AUTH_PASSWORD_MIN_LENGTH,
      argon2MemoryKib: e.AUTH_ARGON2_MEMORY_KIB,
      argon2TimeCost: e.AUTH_ARGON2_TIME_COST,
      lockoutAttempts: e.AUTH_LOCKOUT_ATTEMPTS,
      lockoutMinutes: e.AUTH_LOCKOUT_MINUTES,
      ipRateLimitPerMinute: e.AUTH_IP_RATE_LIMIT_PER_MINUTE,
      emailMinIntervalSeconds: e.AUTH_EMAIL_MIN_INTERVAL_SECONDS,
      emailRatePerHour: e.AUTH_EMAIL_RATE_PER_HOUR,
      otpExpirySeconds: e.AUTH_OTP_EXPIRY_SECONDS,
      reauthWindowMinutes: e.AUTH_REAUTH_WINDOW_MINUTES,
      otpMaxAttempts: e.AUTH_OTP_MAX_ATTEMPTS,
      accountFailuresPerHour: e.AUTH_ACCOUNT_FAILURES_PER_HOUR,
      accountSlowdownSeconds: e.AUTH_ACCOUNT_SLOWDOWN_SECONDS,
      emailRatePerSourcePerHour: e.AUTH_EMAIL_RATE_PER_SOURCE_PER_HOUR,
      sessionInactivityTimeoutSeconds: inactivitySeconds,
      sessionTimeboxSeconds: e.SESSION_TIMEBOX,
    },
    audit: {
      hmacKey: e.AUDIT_HMAC_KEY,
      checkpointFile: e.AUDIT_CHECKPOINT_FILE
        ? path.resolve(ROOT_DIR, e.AUDIT_CHECKPOINT_FILE)
        : dataDir.startsWith('memory://')
          ? undefined
          : path.join(dataDir, 'audit-checkpoint.json'),
      checkpointIntervalMs: 60_000,
    },
    ctrThreshold: { SLE: e.CTR_THRESHOLD, USD: e.CTR_THRESHOLD_USD },
    goaml: { schemaVersion: e.GOAML_SCHEMA_VERSION, rentityId: e.GOAML_RENTITY_ID },
    promoterCoolingOffDays: e.PROMOTER_COOLING_OFF_DAYS,
    readReplica: {
      url: e.DATABASE_READ_URL,
      maxLagSeconds: e.REPORT_REPLICA_MAX_LAG_SECONDS,
      onLag: e.REPORT_REPLICA_ON_LAG,
    },
    realtime: {
      idleTimeoutMs: Math.round(e.REALTIME_IDLE_TIMEOUT_SECONDS * 1000),
      maxMessageBytes: e.REALTIME_MAX_MESSAGE_BYTES,
      messagesPerSecond: e.REALTIME_MESSAGES_PER_SECOND,
      maxChannelsPerSocket: e.REALTIME_MAX_CHANNELS_PER_SOCKET,
      maxChannelsPerUser: e.REALTIME_MAX_CHANNELS_PER_USER,
    },
  };
}
