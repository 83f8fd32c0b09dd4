import { randomUUID } from 'node:crypto';
import { socketCaller } from '../auth/index.ts';
import { hubKeyOf, subTopicOf, type Channel, type ChangeEvent, type PgBinding } from './channel.ts';
import { parseFilter } from './filters.ts';
import { EVENTS, errorReply, okReply, type PhxMessage } from './protocol.ts';
import { publishedTable, readerOf, type Reader } from './published-tables.ts';
import type { SocketSession } from './socket-session.ts';
import { mayJoinPrivate, mayTalkInPublic } from './topic-rules.ts';

const obj = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

const CHANGE_EVENTS = new Set(['*', 'INSERT', 'UPDATE', 'DELETE']);
const MAX_BINDINGS = 100;

/** Reads the postgres_changes bindings; a string is why the join is refused. */
function bindingsOf(config: Record<string, unknown>): PgBinding[] | string {
  const list = config.postgres_changes ?? [];
  if (!Array.isArray(list)) return 'invalid postgres_changes: expected a list';
  if (list.length > MAX_BINDINGS) return `invalid postgres_changes: at most ${MAX_BINDINGS} bindings`;
  const out: PgBinding[] = [];
  for (const item of list) {
    const b = obj(item);
    const event = typeof b.event === 'string' ? b.event.toUpperCase() : '';
    const schema = b.schema ?? 'public';
    if (!CHANGE_EVENTS.has(event))
      return `invalid postgres_changes: event must be one of *, INSERT, UPDATE, DELETE`;
    if (schema !== 'public')
      return `Unable to subscribe to changes: schema ${JSON.stringify(schema)} is not published`;
    const table = typeof b.table === 'string' ? publishedTable(b.table) : undefined;
    if (!table) return `Unable to subscribe to changes: table ${JSON.stringify(b.table)} is not published`;
    let filter;
    if (b.filter !== undefined) {
      if (typeof b.filter !== 'string') return 'invalid postgres_changes: filter must be a string';
      filter = parseFilter(table, b.filter);
      if (typeof filter === 'string') return filter;
    }
    const id = out.length + 1;
    out.push({
      id,
      event: event as ChangeEvent,
      table,
      filter,
      echo: {
        id,
        event: String(b.event),
        schema: 'public',
        table: table.name,
        ...(filter && { filter: String(b.filter) }),
      },
    });
  }
  return out;
}

/**
 * Why one more channel is refused, if it is: each channel costs work on every change of its tables,
 * so a socket (and a user's sockets on this server) may hold only so many. Rejoining a topic replaces
 * its channel and needs no room.
 */
function channelCapReached(session: SocketSession, userId: string, replaced: Channel | undefined) {
  const { maxChannelsPerSocket, maxChannelsPerUser } = session.hub.config;
  const freed = replaced ? 1 : 0;
  if (session.channels.size - freed >= maxChannelsPerSocket) {
    return `too many channels: at most ${maxChannelsPerSocket} per connection; leave one first`;
  }
  const mine = session.hub.byUser.get(userId)?.size ?? 0;
  const freedMine = replaced?.reader.userId === userId ? 1 : 0;
  if (mine - freedMine >= maxChannelsPerUser) {
    return `too many channels: at most ${maxChannelsPerUser} per user; leave one first`;
  }
  return undefined;
}

/**
 * phx_join: the token in the payload must name a signed-in user (an API key names nobody: anonymous
 * sockets join nothing); a private topic needs a rule that allows them; bindings must be to published
 * tables with valid filters. Joining a topic already joined replaces the old channel.
 */
export async function joinChannel(session: SocketSession, msg: PhxMessage): Promise<void> {
  const refuse = (reason: string) => session.reply(msg, errorReply(reason));
  const config = obj(msg.payload.config);
  const isPrivate = config.private === true;
  const token = typeof msg.payload.access_token === 'string' ? msg.payload.access_token : undefined;
  const who = await socketCaller(session.hub.app, token);
  if (!token || who.kind === 'api-key')
    return refuse('Unauthorized: sign in first (anonymous sockets may join no channel)');
  if (who.kind === 'invalid') return refuse(`Unauthorized: ${who.message}`);
  const { caller } = who;
  const reader = readerOf(caller);
  const subTopic = subTopicOf(msg.topic);
  if (isPrivate && !(await mayJoinPrivate(reader, subTopic, session.hub.app.db))) {
    return refuse(`Unauthorized: You do not have permissions to read from this Channel topic: ${subTopic}`);
  }
  const bindings = bindingsOf(config);
  if (typeof bindings === 'string') return refuse(bindings);
  if (bindings.length === 0) return register(session, msg, who, reader, isPrivate, config, bindings);
  // A channel that hears row changes starts when its fence comes back: it hears every change
  // committed after it joined, and none from before (which the screen's refetch on SUBSCRIBED reads).
  try {
    await session.hub.bus.fence(() => register(session, msg, who, reader, isPrivate, config, bindings));
  } catch {
    refuse('the server is reconnecting to the database: join again');
  }
}

/** Adds the channel and answers the join; synchronous, so that it happens at the fence and not after. */
function register(
  session: SocketSession,
  msg: PhxMessage,
  who: Extract<Awaited<ReturnType<typeof socketCaller>>, { kind: 'user' }>,
  reader: Reader,
  isPrivate: boolean,
  config: Record<string, unknown>,
  bindings: PgBinding[],
): void {
  const refuse = (reason: string) => session.reply(msg, errorReply(reason));
  const { caller } = who;
  if (!session.hub.sockets.has(session)) return; // the socket closed meanwhile
  const subTopic = subTopicOf(msg.topic);
  const old = session.channels.get(msg.topic);
  const overCap = channelCapReached(session, caller.userId, old);
  if (overCap) return refuse(overCap);
  if (session.hub.sessionEnded(caller.sessionId)) return refuse('Unauthorized: the session has ended');

  if (old) session.leave(old, 'leave');
  const broadcast = obj(config.broadcast);
  const presence = obj(config.presence);
  const ch: Channel = {
    socket: session,
    topic: msg.topic,
    hubKey: hubKeyOf(msg.topic, isPrivate),
    joinRef: msg.join_ref ?? msg.ref,
    reader,
    sessionId: caller.sessionId,
    expiresAt: who.expiresAt,
    expiryTimer: undefined,
    isPrivate,
    broadcastSelf: broadcast.self === true,
    broadcastAck: broadcast.ack === true,
    presenceKey:
      typeof presence.key === 'string' && presence.key !== '' ? presence.key.slice(0, 200) : randomUUID(),
    presenceEnabled: presence.enabled === true,
    presenceRef: undefined,
    bindings,
  };
  session.channels.set(ch.topic, ch);
  session.hub.addChannel(ch);
  session.hub.scheduleExpiry(ch);
  session.reply(msg, okReply({ postgres_changes: bindings.map((b) => b.echo) }));
  if (bindings.length > 0) {
    session.push(ch, EVENTS.system, {
      status: 'ok',
      message: 'Subscribed to PostgreSQL',
      extension: 'postgres_changes',
      channel: subTopic,
    });
  }
  if (ch.presenceEnabled && (isPrivate || mayTalkInPublic(reader))) {
    session.push(ch, EVENTS.presenceState, session.hub.presence.state(ch.hubKey));
  }
}
