import type { RowChange } from './bus.ts';
import type { Channel } from './channel.ts';
import { matches } from './filters.ts';
import { EVENTS } from './protocol.ts';
import { publishedTable, readRow, type PublishedTable, type Reader, type Row } from './published-tables.ts';
import type { Hub } from './hub.ts';

/**
 * A committed change NOTIFYed by a trigger (keys only): the row is read back once per server, then
 * pushed to each local channel whose bindings match it and whose reader may read it. The record is
 * the row as it is when read (a later change in between is delivered twice with the newer values);
 * a row already gone by then is not delivered (its DELETE follows). DELETE carries the key only.
 * Resolves to the delivery itself, which the hub runs in NOTIFY order (reads may finish out of order).
 */
export async function prepareRowChange(
  hub: Hub,
  m: RowChange,
  listening: readonly Channel[],
): Promise<(() => Promise<void>) | undefined> {
  const table = publishedTable(m.t);
  if (!table) return;
  const affectsReaders = table.name === 'staff_status' && hub.byUser.has(m.key);
  if (listening.length === 0 && !affectsReaders) return undefined;
  const keyOnly: Row = { [table.key]: m.key };
  const row = m.op === 'DELETE' ? keyOnly : await readRow(hub.app.db, table, m.key);
  if (!row) return undefined;
  const data = {
    schema: 'public',
    table: table.name,
    commit_timestamp: m.ts,
    type: m.op,
    columns: table.columns,
    record: m.op === 'DELETE' ? {} : row,
    old_record: m.op === 'INSERT' ? {} : keyOnly,
    errors: null,
  };
  const verdicts = await readerVerdicts(hub, table, row, listening);
  const askedAgain: Verdicts = new Map();
  return async () => {
    for (const ch of [...(hub.byTable.get(table.name) ?? [])]) {
      // A channel that joined since hears nothing: it joined after this commit (its fence came back
      // after this change did), and refetches on SUBSCRIBED. One
      // whose reader changed meanwhile (a role or a ban, delivered just before) is asked again with
      // its reader of now, so it neither gets a row it may no longer read nor silently misses one.
      const asked = verdicts.get(ch);
      if (!asked) continue;
      const yes =
        asked.reader === ch.reader ? asked.yes : await askOnce(askedAgain, table, ch.reader, row, hub);
      if (!yes) continue;
      const ids = matchingBindings(ch, table, m.op, row);
      if (ids.length > 0) ch.socket.push(ch, EVENTS.postgresChanges, { ids, data });
    }
    if (affectsReaders) applyStaffStatus(hub, m.key, m.op === 'DELETE' ? undefined : row);
  };
}

/**
 * What a reader is, as text: a user's channels each hold their own reader object, but the same user
 * with the same flags and permissions gets the same answer, so the rule is asked once per user and
 * change, not once per channel (one socket with many channels must not multiply database reads).
 */
const fingerprints = new WeakMap<Reader, string>();
function fingerprintOf(reader: Reader): string {
  let f = fingerprints.get(reader);
  if (f === undefined) fingerprints.set(reader, (f = JSON.stringify(reader)));
  return f;
}

type Verdicts = Map<string, boolean | Promise<boolean>>;

/** The read rule's answer for this reader, asked only if no reader like it was asked about this change. */
function askOnce(asked: Verdicts, table: PublishedTable, reader: Reader, row: Row, hub: Hub) {
  const key = fingerprintOf(reader);
  let verdict = asked.get(key);
  if (verdict === undefined)
    asked.set(key, (verdict = table.canRead(reader, row, hub.app.db, hub.app.config, hub.app.approvals)));
  return verdict;
}

/** Each subscribed channel's verdict on the row, with the reader that was asked. */
async function readerVerdicts(
  hub: Hub,
  table: PublishedTable,
  row: Row,
  listening: readonly Channel[],
): Promise<Map<Channel, { reader: Reader; yes: boolean }>> {
  const asked: Verdicts = new Map();
  const channels = listening.map((ch) => {
    const reader = ch.reader;
    return { ch, reader, verdict: askOnce(asked, table, reader, row, hub) };
  });
  const verdicts = new Map<Channel, { reader: Reader; yes: boolean }>();
  for (const { ch, reader, verdict } of channels) verdicts.set(ch, { reader, yes: await verdict });
  return verdicts;
}

function matchingBindings(ch: Channel, table: PublishedTable, op: RowChange['op'], row: Row): number[] {
  return ch.bindings
    .filter(
      (b) =>
        b.table === table && (b.event === '*' || b.event === op) && (!b.filter || matches(b.filter, row)),
    )
    .map((b) => b.id);
}

/**
 * The user's staff status changed: their channels read with the new flags and permissions from now on.
 * A ban or a deleted account ends their channels (after the change itself was delivered, so the screen
 * can react).
 */
function applyStaffStatus(hub: Hub, userId: string, row: Row | undefined) {
  const banned = typeof row?.banned_until === 'string' && Date.parse(row.banned_until) > Date.now();
  const permissions = Array.isArray(row?.permissions) ? row.permissions.map(String) : [];
  for (const ch of [...(hub.byUser.get(userId) ?? [])]) {
    if (!row || banned) {
      ch.socket.leave(ch, { error: 'Unauthorized: the session has ended' });
      continue;
    }
    ch.reader = {
      ...ch.reader,
      isActivated: row.approved === true,
      isSuperuser: row.is_superuser === true,
      permissions,
      homeBranch: typeof row.home_branch === 'string' ? row.home_branch : null,
    };
  }
}
