import { randomUUID } from 'node:crypto';
import { socketCaller } from '../auth/index.ts';
import type { Channel } from './channel.ts';
import { errorReply, okReply, type PhxMessage } from './protocol.ts';
import type { SocketSession } from './socket-session.ts';
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
  if (who.kind !== 'user' || who.caller.userId !== ch.reader.userId) {
    const reason = who.kind === 'invalid' ? who.message : 'the token names someone else';
    session.leave(ch, { error: `Unauthorized: ${reason}` });
    return;
  }
  ch.reader = {
    userId: who.caller.userId,
    isActivated: who.caller.isActivated,
    isSuperuser: who.caller.isSuperuser,
    permissions: who.caller.permissions,
  };
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

/** presence: `track` (with the state to share) or `untrack`. */
export async function handlePresence(session: SocketSession, ch: Channel, msg: PhxMessage): Promise<void> {
  if (!mayTalk(ch))
    return session.reply(msg, errorReply('Unauthorized: only activated staff may share presence here'));
  const hub = session.hub;
  if (msg.payload.event === 'track') {
    const meta = obj(msg.payload.payload) ?? {};
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
