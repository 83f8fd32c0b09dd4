import type { Reader } from './published-tables.ts';

/**
 * Authorization rules for private channels (`config.private: true`), by topic (without `realtime:`).
 * A private topic that no rule matches is refused, as Supabase refuses one with no policy.
 */
export interface TopicRule {
  pattern: RegExp;
  /** For docs/realtime-protocol.md and the error message. */
  who: string;
  allows(reader: Reader, match: RegExpExecArray): boolean;
}

const activated = (r: Reader) => r.isActivated || r.isSuperuser;

export const PRIVATE_TOPIC_RULES: readonly TopicRule[] = [
  // One user's own channel (their tabs and devices talk to each other).
  { pattern: /^user:([0-9a-f-]{36})$/, who: 'that user', allows: (r, m) => r.userId === m[1] },
  // Screens staff share: "also viewing" presence on a customer or an account, staff-wide notices.
  { pattern: /^customer:[A-Za-z0-9_-]{1,64}$/, who: 'activated staff', allows: activated },
  { pattern: /^account:[A-Za-z0-9_-]{1,64}$/, who: 'activated staff', allows: activated },
  { pattern: /^staff:[A-Za-z0-9_:-]{1,64}$/, who: 'activated staff', allows: activated },
  // Administration screens (approvals, staff administration).
  { pattern: /^admin:[A-Za-z0-9_:-]{1,64}$/, who: 'superusers', allows: (r) => r.isSuperuser },
];

/** True when some rule matches the private topic and allows this reader. */
export function mayJoinPrivate(reader: Reader, subTopic: string): boolean {
  for (const rule of PRIVATE_TOPIC_RULES) {
    const m = rule.pattern.exec(subTopic);
    if (m) return rule.allows(reader, m);
  }
  return false;
}

/**
 * Public topics: any signed-in user may join (postgres_changes still deliver only readable rows), but
 * only activated staff send and receive broadcast and presence there.
 */
export const mayTalkInPublic = activated;
