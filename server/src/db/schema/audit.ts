import { bigint, index, inet, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Append-only, hash-chained audit trail. `chain`, `id`, `prev_hash` and `hash` are assigned by a
 * database trigger (migrations `audit_chain`, `audit_chain_stripes`) under one lock per chain, so each
 * chain's order is its commit order; UPDATE and DELETE are refused by another trigger. Rows spread over
 * eight chains so that eight writers can commit at once (decision 0020).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, precision: 6 }).notNull().defaultNow(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    outcome: text('outcome', { enum: ['success', 'failure', 'denied'] }).notNull(),
    ip: inet('ip'),
    /** Free-form context; changes carry `{ before, after }`. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    prevHash: text('prev_hash').notNull().default(''),
    hash: text('hash').notNull().default(''),
    chain: smallint('chain').notNull().default(0),
  },
  (t) => [
    index('audit_log_occurred_at_idx').on(t.occurredAt),
    index('audit_log_actor_idx').on(t.actorId, t.id),
    index('audit_log_action_idx').on(t.action, t.id),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.id),
    index('audit_log_chain_idx').on(t.chain, t.id),
  ],
);
