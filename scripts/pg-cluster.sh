#!/usr/bin/env bash
# Starts or stops a throwaway PostgreSQL cluster from the machine's binaries, as the postgres user,
# in a temp dir, on a free port. Used by .ci/run and by developers for `npm run test:pg`.
#   eval "$(scripts/pg-cluster.sh start)"   # exports TEST_DATABASE_URL, PG_CLUSTER_DIR
#   PG_SHARED_BUFFERS=4GB eval …             # the 1M benches: a database server's usual quarter of RAM
#   PG_SERVER_OPTIONS='-c shared_preload_libraries=pg_stat_statements -c track_functions=pl' eval …   # profiling
# WAL: a bulk load's writers queued on 16 MB of WAL buffers and a checkpoint every gigabyte (every
# 27 s in the 1M seed); a database server is tuned for its write volume, and so is this one.
#   scripts/pg-cluster.sh stop "$PG_CLUSTER_DIR"
#   scripts/pg-cluster.sh pause DIR / resume DIR   # stop and restart the server, keeping data and port
#   scripts/pg-cluster.sh bindir                    # the binaries it uses (pg_dump for the schema snapshot)
set -euo pipefail

bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
[ -n "$bindir" ] || { echo "PostgreSQL binaries not found under /usr/lib/postgresql (apt-get install postgresql)" >&2; exit 1; }

as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

case "${1:-}" in
  start)
    dir=$(mktemp -d /tmp/bm-pg.XXXXXX)
    chown postgres: "$dir" 2>/dev/null || true
    port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
    as_pg "$bindir/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1
    echo "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300 -c shared_buffers=${PG_SHARED_BUFFERS:-256MB} -c max_wal_size=16GB -c wal_buffers=128MB ${PG_SERVER_OPTIONS:-}" >"$dir/options"
    as_pg "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 -o "$(cat "$dir/options")" start >/dev/null
    echo "export PG_CLUSTER_DIR=$dir PG_BIN_DIR=$bindir TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    dir=${2:?usage: stop DIR}
    as_pg "$bindir/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
  pause)
    dir=${2:?usage: pause DIR}
    as_pg "$bindir/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
    ;;
  resume)
    dir=${2:?usage: resume DIR}
    as_pg "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 -o "$(cat "$dir/options")" start >/dev/null
    ;;
  bindir)
    echo "$bindir"
    ;;
  *) echo "usage: $0 start | stop DIR | pause DIR | resume DIR | bindir" >&2; exit 2 ;;
esac
