#!/usr/bin/env bash
# Starts or stops a streaming read replica of a PostgreSQL cluster (ADR 0054): `pg_basebackup -R`
# from the primary into a temp dir, then a second `postgres` on a free port, in hot standby.
#   eval "$(scripts/pg-cluster.sh start)"
#   eval "$(scripts/pg-replica.sh start "$PG_CLUSTER_DIR")"   # or a postgres:// URL of the primary
#     -> exports DATABASE_READ_URL (same database name as the primary's URL) and PG_REPLICA_DIR
#   scripts/pg-replica.sh stop "$PG_REPLICA_DIR"
# The primary must allow replication: PostgreSQL 15's defaults do (wal_level=replica,
# max_wal_senders=10, and initdb's pg_hba.conf trusts replication connections from 127.0.0.1, which is
# what scripts/pg-cluster.sh leaves in place). A production primary needs a replication role and
# pg_hba entry of its own: docs/operations.md.
set -euo pipefail

bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
[ -n "$bindir" ] || { echo "PostgreSQL binaries not found under /usr/lib/postgresql (apt-get install postgresql)" >&2; exit 1; }

as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

case "${1:-}" in
  start)
    primary=${2:?usage: start PRIMARY_CLUSTER_DIR | postgres://URL}
    if [ -d "$primary" ]; then
      # A scripts/pg-cluster.sh dir: its options file holds the port.
      pport=$(grep -oE -- '-p [0-9]+' "$primary/options" | cut -d' ' -f2)
      src="host=127.0.0.1 port=$pport user=postgres"
      dbname=postgres
    else
      src=$primary
      dbname=$(node -e "console.log(decodeURIComponent(new URL(process.argv[1]).pathname.slice(1)) || 'postgres')" "$primary")
    fi
    dir=$(mktemp -d /tmp/bm-pg-replica.XXXXXX)
    chown postgres: "$dir" 2>/dev/null || true
    port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
    # -R writes standby.signal and primary_conninfo; -X stream copies the WAL the backup needs as it goes.
    as_pg "$bindir/pg_basebackup" -d "$src" -D "$dir/data" -R -X stream -c fast >"$dir/basebackup.log" 2>&1 \
      || { cat "$dir/basebackup.log" >&2; rm -rf "$dir"; exit 1; }
    # hot_standby_feedback: a long report on the replica is not cancelled by the primary's vacuum.
    echo "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300 -c hot_standby=on -c hot_standby_feedback=on -c shared_buffers=${PG_SHARED_BUFFERS:-128MB} ${PG_SERVER_OPTIONS:-}" >"$dir/options"
    as_pg "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 -o "$(cat "$dir/options")" start >/dev/null \
      || { cat "$dir/server.log" >&2; rm -rf "$dir"; exit 1; }
    # pg_ctl -w returns once connections are accepted; wait until they are read-only ones (in recovery).
    for _ in $(seq 1 120); do
      r=$("$bindir/psql" -h 127.0.0.1 -p "$port" -U postgres -d postgres -Atc 'select pg_is_in_recovery()' 2>/dev/null || true)
      [ "$r" = t ] && break
      sleep 0.5
    done
    [ "${r:-}" = t ] || { echo "the replica did not come up in hot standby; see $dir/server.log" >&2; exit 1; }
    echo "export PG_REPLICA_DIR=$dir DATABASE_READ_URL=postgres://postgres@127.0.0.1:$port/$dbname"
    ;;
  stop)
    dir=${2:?usage: stop DIR}
    as_pg "$bindir/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
  *) echo "usage: $0 start PRIMARY_CLUSTER_DIR|URL | stop DIR" >&2; exit 2 ;;
esac
