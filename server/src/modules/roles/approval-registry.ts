import type { Database } from '../../db/client.ts';

export interface ApprovalActor {
  id: string;
  email: string;
  ip: string | null;
}

/**
 * A command a checker's approval runs (ADR 0015). A module that needs four-eyes registers one per
 * request type (`registerApprovalCommand`) and creates requests with `requestApproval`; the approvals
 * routes find the handler by type. `execute` runs inside the approval's transaction and writes the
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

const commands = new Map<string, ApprovalCommand>();

/** Registers (or replaces, when a test app registers it again) the handler of a request type. */
export function registerApprovalCommand(command: ApprovalCommand): void {
  commands.set(command.type, command);
}

export const approvalCommand = (type: string): ApprovalCommand | undefined => commands.get(type);
