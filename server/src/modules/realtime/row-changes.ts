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
export async function prepareRowChange(hub: Hub, m: RowChange): Promise<(() => void) | undefined> {
  const table = publishedTable(m.t);
  if (!table) return;
  const subscribers = hub.byTable.get(table.name);
  const affectsReaders = table.name === 'staff_status' && hub.byUser.has(m.key);
  if (!subscribers?.size && !affectsReaders) return undefined;
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
  const allowed = await readersAllowed(hub, table, row);
  return () => {
    for (const ch of [...(hub.byTable.get(table.name) ?? [])]) {
      // A channel that joined since, or whose reader changed since (a role or a ban), hears nothing: the
      // first refetches on SUBSCRIBED, after this commit; the second is not given what it may have lost.
      if (allowed.get(ch) !== ch.reader) continue;
      const ids = matchingBindings(ch, table, m.op, row);
      if (ids.length > 0) ch.socket.push(ch, EVENTS.postgresChanges, { ids, data });
    }
    if (affectsReaders) applyStaffStatus(hub, m.key, m.op === 'DELETE' ? undefined : row);
  };
}

/** The subscribed channels whose reader may read the row, each with the reader that was asked. */
async function readersAllowed(hub: Hub, table: PublishedTable, row: Row): Promise<Map<Channel, Reader>> {
  const allowed = new Map<Channel, Reader>();
  const asked = new Map<Reader, boolean | Promise<boolean>>();
  const pending: Promise<void>[] = [];
  for (const ch of hub.byTable.get(table.name) ?? []) {
    const reader = ch.reader;
    let verdict = asked.get(reader);
    if (verdict === undefined) asked.set(reader, (verdict = table.canRead(reader, row, hub.app.db)));
    if (verdict === true) allowed.set(ch, reader);
    else if (verdict !== false)
      pending.push(
        verdict.then((yes) => {
          if (yes) allowed.set(ch, reader);
        }),
      );
  }
  await Promise.all(pending);
  return allowed;
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
    };
  }
}
