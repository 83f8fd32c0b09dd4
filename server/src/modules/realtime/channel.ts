import type { RowFilter } from './filters.ts';
import type { PublishedTable, Reader } from './published-tables.ts';
import type { SocketSession } from './socket-session.ts';

export type ChangeEvent = '*' | 'INSERT' | 'UPDATE' | 'DELETE';

/** One postgres_changes binding of a channel, with what the join reply echoes back to the client. */
export interface PgBinding {
  id: number;
  event: ChangeEvent;
  table: PublishedTable;
  filter: RowFilter | undefined;
  echo: { id: number; event: string; schema: string; table: string; filter?: string };
}

/** A channel joined by one socket. */
export interface Channel {
  socket: SocketSession;
  /** As the client names it (`realtime:room`). */
  topic: string;
  /** Public and private channels of the same name never meet: the hub keys topics by both. */
  hubKey: string;
  joinRef: string | null;
  reader: Reader;
  /** The auth session whose token joined (or last refreshed) the channel: ending it ends the channel. */
  sessionId: string;
  expiresAt: number;
  expiryTimer: NodeJS.Timeout | undefined;
  isPrivate: boolean;
  broadcastSelf: boolean;
  broadcastAck: boolean;
  presenceKey: string;
  presenceEnabled: boolean;
  presenceRef: string | undefined;
  bindings: PgBinding[];
}

export const hubKeyOf = (topic: string, isPrivate: boolean) => `${isPrivate ? 'private' : 'public'}|${topic}`;
export const subTopicOf = (topic: string) => topic.replace(/^realtime:/i, '');
