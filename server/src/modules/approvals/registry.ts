import type { SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { LimitSource } from './maker-limit.ts';

export interface ApprovalActor {
  id: string;
  email: string;
  ip: string | null;
}

/**
 * A command a checker's approval runs. A module that needs four-eyes registers one per request type
 * (`approvals.register` on the app's registry) and creates requests with `requestApproval`; the
 * approvals routes find the handler by type. `execute` runs inside the approval's transaction and writes the
 * command's own audit row (the maker as actor, the checker in its details).
 */
export interface ApprovalCommand {
  type: string;
  /** The subject's current version, compared with the one stored at request time (null: no check). */
  currentVersion(tx: Database, subjectId: string): Promise<string | null>;
  execute(
    tx: Database,
    command: unknown,
    ctx: { approvalId: string; maker: ApprovalActor; checker: ApprovalActor },
  ): Promise<void>;
  /**
   * Optional: runs in the decision's transaction when a request ends without being approved
   * (rejected by a checker, withdrawn by its maker), for a subject that exists only as a request
   * (a Submitted account becomes Rejected). Lazy expiry does not call it: an expired
   * request writes nothing of its own (ADR 0015), so its subject keeps its state until decided.
   */
  onEnded?(
    tx: Database,
    command: unknown,
    ctx: { approvalId: string; outcome: 'rejected' | 'withdrawn'; by: ApprovalActor; reason: string | null },
  ): Promise<void>;
}

/**
 * How the module owning a kind of subject names it for the inbox: a scalar SQL expression over the
 * request's `subject_id` (text) and `after` (jsonb), evaluated for a whole page of requests in one
 * query. It yields the raw name (a person's name, a run's business date) or null; the contracts'
 * `approvalSubjectText` words it. Each module reads only its own tables.
 */
export type SubjectNamer = (request: { subjectId: SQL; after: SQL }) => SQL;

/**
 * The app's four-eyes engine: the commands its modules registered and where it reads a person's
 * limits. One per app instance (a decoration of the root app), so two apps in one process — as test
 * files sharing a module graph build them — never run each other's handlers.
 */
export interface Approvals {
  /** Registers (or replaces) the handler of a request type. */
  register(command: ApprovalCommand): void;
  command(type: string): ApprovalCommand | undefined;
  /** Registers how the inbox names a kind of subject (`customer`, `staff`, `eod_run`…). */
  nameSubjects(subjectType: string, namer: SubjectNamer): void;
  /** The namers registered, by subject type. */
  subjectNamers(): ReadonlyMap<string, SubjectNamer>;
  /** A person's limits, from the roles they hold (given by the app when it builds the engine). */
  readonly limits: LimitSource;
}

export function createApprovals(limits: LimitSource): Approvals {
  const commands = new Map<string, ApprovalCommand>();
  const namers = new Map<string, SubjectNamer>();
  return {
    register: (command) => void commands.set(command.type, command),
    command: (type) => commands.get(type),
    nameSubjects: (subjectType, namer) => void namers.set(subjectType, namer),
    subjectNamers: () => namers,
    limits,
  };
}
