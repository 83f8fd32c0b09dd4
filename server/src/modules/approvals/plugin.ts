import type { FastifyInstance } from 'fastify';
import { createApprovals, type Approvals } from './registry.ts';
import type { LimitSource } from './maker-limit.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's four-eyes engine: every module registers its commands here while it registers. */
    approvals: Approvals;
  }
}

/**
 * Gives the root app its own approvals engine, before any module registers: a module's plugin adds
 * its commands with `app.approvals.register`, and the inbox decides with the same instance.
 */
export function registerApprovals(app: FastifyInstance, limits: LimitSource): void {
  app.decorate('approvals', createApprovals(limits));
}
