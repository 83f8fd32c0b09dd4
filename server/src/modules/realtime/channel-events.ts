import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { socketCaller } from '../auth/index.ts';
import type { Channel } from './channel.ts';
import { errorReply, okReply, type PhxMessage } from './protocol.ts';
import type { SocketSession } from './socket-session.ts';
import { readerOf } from './published-tables.ts';
import { mayTalkInPublic } from './topic-rules.ts';

const obj = (v: unknown): Record<string, unknown> | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

export const mayTalk = (ch: Channel) => ch.isPrivate || mayTalkInPublic(ch.reader);

/**
 * access_token: the client's refreshed token for a joined channel. A token for the same user extends
 * the channel's life; anything else (invalid, expired, another user, an API key) closes the channel
 * with a `system` error, as Supabase Realtime does.
 */
export async function handleAccessToken(session: SocketSession, ch: Channel, msg: PhxMessage): Promise<void> {
  const token = typeof msg.payload.access_token === 'string' ? msg.payload.access_token : undefined;
  const who = await socketCaller(session.hub.app, token);
  const refusal =
    who.kind === 'invalid'
      ? who.message
      : who.kind !== 'user' || who.caller.userId !== ch.reader.userId
        ? 'the token names someone else'
        : session.hub.sessionEnded(who.caller.sessionId)
          ? 'the session has ended'
          : undefined;
  if (refusal !== undefined || who.kind !== 'user') {
    const reason = refusal ?? 'the token names someone else';
    session.leave(ch, { error: `Unauthorized: ${reason}` });
    return;
  }
  ch.reader = readerOf(who.caller);
  ch.sessionId = who.caller.sessionId;
  ch.expiresAt = who.expiresAt;
  session.hub.scheduleExpiry(ch);
}

/** broadcast: `{ type: 'broadcast', event, payload }` to everyone on the topic (and back with `self`). */
export async function handleBroadcast(session: SocketSession, ch: Channel, msg: PhxMessage): Promise<void> {
  if (!mayTalk(ch))
    return session.reply(msg, errorReply('Unauthorized: only activated staff may broadcast here'));
  if (typeof msg.payload.event !== 'string' || msg.payload.event === '') {
    return session.reply(msg, errorReply('invalid broadcast: event must be a non-empty string'));
  }
  const payload = { ...msg.payload, type: 'broadcast' };
  if (!(await session.hub.broadcast(ch, payload))) {
    return session.reply(msg, errorReply('message too large to deliver'));
  }
  if (ch.broadcastAck) session.reply(msg, okReply());
}

/** `user_id` and `user_name` (full name, else e-mail) stamped on every tracked presence. */
async function presenceIdentity(db: Database, userId: string) {
  const [row] = await queryRows<{ name: string | null }>(
    db,
    sql`select coalesce(nullif(trim(p.full_name), ''), u.email) as name
        from auth_users u left join profiles p on p.id = u.id where u.id = ${userId}::uuid`,
  );
  return { user_id: userId, user_name: row?.name ?? '' };
}

/** presence: `track` (with the state to share) or `untrack`. */
export async function handlePresence(session: SocketSession, ch: Channel, msg: PhxMessage): Promise<void> {
  if (!mayTalk(ch))
    return session.reply(msg, errorReply('Unauthorized: only activated staff may share presence here'));
  const hub = session.hub;
  if (msg.payload.event === 'track') {
    // Who is present is the server's word, not the client's: "also viewing: …" cannot be forged.
    const meta = { ...obj(msg.payload.payload), ...(await presenceIdentity(hub.app.db, ch.reader.userId)) };
    const ref = randomUUID();
    if (!(await hub.track(ch, ref, meta))) return session.reply(msg, errorReply('presence state too large'));
    return session.reply(msg, okReply());
  }
  if (msg.payload.event === 'untrack') {
    await hub.untrack(ch);
    return session.reply(msg, okReply());
  }
  return session.reply(msg, errorReply('invalid presence: event must be track or untrack'));
}
