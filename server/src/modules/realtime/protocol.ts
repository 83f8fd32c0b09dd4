/**
 * Phoenix channel messages as the Supabase Realtime protocol carries them (docs/realtime-protocol.md).
 * realtime-js 2.79 connects with `vsn=1.0.0`: each frame is a JSON object
 * `{ topic, event, payload, ref, join_ref }`. `vsn=2.0.0` (Phoenix's array form
 * `[join_ref, ref, topic, event, payload]`) is understood too, for other Phoenix clients.
 */
export interface PhxMessage {
  topic: string;
  event: string;
  payload: Record<string, unknown>;
  ref: string | null;
  join_ref?: string | null;
}

export type Vsn = '1.0.0' | '2.0.0';
export const SUPPORTED_VSN: readonly Vsn[] = ['1.0.0', '2.0.0'];

export const EVENTS = {
  join: 'phx_join',
  leave: 'phx_leave',
  reply: 'phx_reply',
  close: 'phx_close',
  error: 'phx_error',
  heartbeat: 'heartbeat',
  accessToken: 'access_token',
  broadcast: 'broadcast',
  presence: 'presence',
  presenceState: 'presence_state',
  presenceDiff: 'presence_diff',
  postgresChanges: 'postgres_changes',
  system: 'system',
} as const;

export const PHOENIX_TOPIC = 'phoenix';

const isRef = (v: unknown): v is string | null | undefined =>
  v === null || v === undefined || typeof v === 'string';

/** What a frame was, or why it is not a message; `ref`/`topic` are kept when readable so the error can be replied to. */
export type Decoded =
  | { ok: true; msg: PhxMessage }
  | { ok: false; reason: string; topic?: string; ref?: string | null; joinRef?: string | null };

export function decode(raw: string, vsn: Vsn): Decoded {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ok: false, reason: 'malformed message: not JSON' };
  }
  let topic: unknown, event: unknown, payload: unknown, ref: unknown, joinRef: unknown;
  if (vsn === '2.0.0' && Array.isArray(value) && value.length === 5) {
    [joinRef, ref, topic, event, payload] = value as unknown[];
  } else if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    ({ topic, event, payload, ref, join_ref: joinRef } = value as Record<string, unknown>);
  } else {
    return { ok: false, reason: 'malformed message: expected a Phoenix message' };
  }
  const safeTopic = typeof topic === 'string' ? topic : undefined;
  const safeRef = typeof ref === 'string' ? ref : null;
  const safeJoinRef = typeof joinRef === 'string' ? joinRef : null;
  const fail = (reason: string): Decoded => ({
    ok: false,
    reason,
    ...(safeTopic !== undefined && { topic: safeTopic }),
    ref: safeRef,
    joinRef: safeJoinRef,
  });
  if (typeof topic !== 'string' || topic.length === 0 || topic.length > 255)
    return fail('malformed message: bad topic');
  if (typeof event !== 'string' || event.length === 0 || event.length > 255)
    return fail('malformed message: bad event');
  if (!isRef(ref) || !isRef(joinRef)) return fail('malformed message: bad ref');
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) {
    return fail('malformed message: payload must be an object');
  }
  return {
    ok: true,
    msg: {
      topic,
      event,
      payload: payload as Record<string, unknown>,
      ref: ref ?? null,
      join_ref: joinRef ?? null,
    },
  };
}

export function encode(msg: PhxMessage, vsn: Vsn): string {
  if (vsn === '2.0.0')
    return JSON.stringify([msg.join_ref ?? null, msg.ref, msg.topic, msg.event, msg.payload]);
  return JSON.stringify({
    topic: msg.topic,
    event: msg.event,
    payload: msg.payload,
    ref: msg.ref,
    join_ref: msg.join_ref ?? null,
  });
}

export const okReply = (response: Record<string, unknown> = {}) => ({ status: 'ok', response });
export const errorReply = (reason: string) => ({ status: 'error', response: { reason } });
