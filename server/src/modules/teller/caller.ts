import type { FastifyRequest } from 'fastify';
import { holds } from '@bankmanager/contracts';
import { requestIp } from '../audit/index.ts';
import { currentUser } from '../auth/index.ts';
import type { ApprovalActor } from '../approvals/index.ts';

/** Who is at the till: what the services need of the request, so they stay testable without HTTP. */
export interface Teller extends ApprovalActor {
  isSuperuser: boolean;
  homeBranch: string | null;
  /** Sees the till's expected cash (head tellers, supervisors): teller.vault. */
  seesExpected: boolean;
}

export function tellerOf(req: FastifyRequest): Teller {
  const u = currentUser(req);
  return {
    id: u.userId,
    email: u.email,
    ip: requestIp(req),
    isSuperuser: u.isSuperuser,
    homeBranch: u.homeBranch,
    seesExpected: holds(u, 'teller.vault'),
  };
}
