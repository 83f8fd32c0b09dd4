import type { WebSocket } from 'ws';
import type { Hub } from './hub.ts';
import type { Channel } from './channel.ts';
import { TokenBucket } from './rate-limit.ts';
import {
  EVENTS,
  PHOENIX_TOPIC,
  decode,
  encode,
  errorReply,
  okReply,
  type PhxMessage,
  type Vsn,
} from './protocol.ts';
import { joinChannel } from './join.ts';
import { handleAccessToken, handleBroadcast, handlePresence } from './channel-events.ts';

/** A client that stops reading gets no more than this queued before it is disconnected. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/** One websocket: its channels by topic, its heartbeat clock and rate limit, its message queue. */
export class SocketSession {
  readonly channels = new Map<string, Channel>();
  lastHeartbeat = Date.now();
  private readonly bucket: TokenBucket;
  // Messages are handled one after another (a join checks the token in the database first).
  private queue: Promise<void> = Promise.resolve();

  constructor(
    readonly ws: WebSocket,
    readonly hub: Hub,
    readonly vsn: Vsn,
  ) {
    this.bucket = new TokenBucket(hub.config.messagesPerSecond);
    ws.on('message', (data, isBinary) => this.receive(data as Buffer, isBinary));
    ws.on('close', () => this.closed());
    ws.on('error', () => ws.terminate());
  }

  send(msg: PhxMessage): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.ws.close(1013, 'too slow: messages are piling up');
      return;
    }
    this.ws.send(encode(msg, this.vsn));
  }

  reply(
    to: { topic: string; ref: string | null; join_ref?: string | null },
    payload: Record<string, unknown>,
  ): void {
    this.send({ topic: to.topic, event: EVENTS.reply, payload, ref: to.ref, join_ref: to.join_ref ?? null });
  }

  /** A server push on a joined channel. */
  push(ch: Channel, event: string, payload: Record<string, unknown>): void {
    this.send({ topic: ch.topic, event, payload, ref: null, join_ref: ch.joinRef });
  }

  private receive(data: Buffer, isBinary: boolean): void {
    const limit = this.hub.config.maxMessageBytes;
    const raw = isBinary ? '' : data.toString('utf8');
    const head = isBinary ? undefined : decode(raw.length > limit * 4 ? '' : raw, this.vsn);
    const where = head?.ok
      ? head.msg
      : { topic: head?.topic ?? PHOENIX_TOPIC, ref: head?.ref ?? null, join_ref: head?.joinRef ?? null };
    if (!this.bucket.take())
      return this.reply(where, errorReply('rate limit exceeded: too many messages, slow down'));
    if (isBinary) return this.reply(where, errorReply('malformed message: binary frames are not accepted'));
    if (data.length > limit)
      return this.reply(where, errorReply(`message too large: the limit is ${limit} bytes`));
    if (!head?.ok) return this.reply(where, errorReply(head?.reason ?? 'malformed message'));
    const msg = head.msg;
    this.queue = this.queue
      .then(() => this.handle(msg))
      .catch((err: unknown) => {
        this.hub.log.error({ err }, 'realtime message failed');
        this.reply(msg, errorReply('internal error: the message was not handled'));
      });
  }

  private async handle(msg: PhxMessage): Promise<void> {
    if (msg.topic === PHOENIX_TOPIC) {
      if (msg.event !== EVENTS.heartbeat)
        return this.reply(msg, errorReply(`unknown event "${msg.event}" on phoenix`));
      this.lastHeartbeat = Date.now();
      return this.reply(msg, okReply());
    }
    if (msg.event === EVENTS.join) return joinChannel(this, msg);
    const ch = this.channels.get(msg.topic);
    if (!ch) return this.reply(msg, errorReply('unmatched topic: join the channel first'));
    switch (msg.event) {
      case EVENTS.leave:
        this.reply(msg, okReply());
        this.leave(ch, 'leave');
        return;
      case EVENTS.accessToken:
        return handleAccessToken(this, ch, msg);
      case EVENTS.broadcast:
        return handleBroadcast(this, ch, msg);
      case EVENTS.presence:
        return handlePresence(this, ch, msg);
      default:
        return this.reply(msg, errorReply(`unknown event "${msg.event}"`));
    }
  }

  /** Ends a channel: `leave` (asked for), or `error` with a reason pushed to the client first. */
  leave(ch: Channel, why: 'leave' | 'silent' | { error: string }): void {
    if (this.channels.get(ch.topic) !== ch) return;
    this.channels.delete(ch.topic);
    this.hub.removeChannel(ch);
    if (typeof why === 'object') {
      this.push(ch, EVENTS.system, {
        status: 'error',
        message: why.error,
        extension: 'system',
        channel: ch.topic.replace(/^realtime:/, ''),
      });
    }
    if (why !== 'silent') this.push(ch, EVENTS.close, {});
  }

  private closed(): void {
    for (const ch of [...this.channels.values()]) this.leave(ch, 'silent');
    this.hub.removeSocket(this);
  }
}
