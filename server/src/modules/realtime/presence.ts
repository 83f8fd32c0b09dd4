type Meta = Record<string, unknown>;
interface Entry {
  key: string;
  meta: Meta;
}
export type PresenceMap = Record<string, { metas: Meta[] }>;
export interface PresenceDiff {
  joins: PresenceMap;
  leaves: PresenceMap;
}

/**
 * Who is present on each topic, across servers: every server keeps the whole picture, from its own
 * sockets' track/untrack and from the other servers' presence notes. Entries are keyed by `phx_ref`
 * (one per tracking channel), grouped by presence key as Phoenix Presence sends them.
 */
export class PresenceStore {
  private readonly topics = new Map<string, Map<string, Entry>>();

  /** The state sent on join (`presence_state`). */
  state(topic: string): PresenceMap {
    const out: PresenceMap = {};
    for (const [ref, e] of this.topics.get(topic) ?? []) {
      (out[e.key] ??= { metas: [] }).metas.push({ ...e.meta, phx_ref: ref });
    }
    return out;
  }

  join(topic: string, key: string, ref: string, meta: Meta): PresenceDiff {
    let entries = this.topics.get(topic);
    if (!entries) this.topics.set(topic, (entries = new Map<string, Entry>()));
    entries.set(ref, { key, meta });
    return { joins: { [key]: { metas: [{ ...meta, phx_ref: ref }] } }, leaves: {} };
  }

  /** Undefined when the ref was not present (nothing to tell anyone). */
  leave(topic: string, ref: string): PresenceDiff | undefined {
    const entries = this.topics.get(topic);
    const e = entries?.get(ref);
    if (!entries || !e) return undefined;
    entries.delete(ref);
    if (entries.size === 0) this.topics.delete(topic);
    return { joins: {}, leaves: { [e.key]: { metas: [{ ...e.meta, phx_ref: ref }] } } };
  }
}
