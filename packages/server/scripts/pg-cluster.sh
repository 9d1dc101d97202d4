#!/usr/bin/env bash
# Throwaway PostgreSQL cluster for the server tests.
#   scripts/pg-cluster.sh start   → initdb in a temp dir (owned by user postgres), listen on 127.0.0.1:<free port>,
#                                   print TEST_DATABASE_URL=postgres://postgres@127.0.0.1:<port>/postgres
#   scripts/pg-cluster.sh stop    → stop the cluster started by `start` and delete its directory
# State (dir and port) is kept in ${PG_CLUSTER_STATE:-/tmp/portal-pg-cluster.env}.
set -euo pipefail

STATE="${PG_CLUSTER_STATE:-/tmp/portal-pg-cluster.env}"
BIN="${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}"

as_postgres() {
  if [ "$(id -un)" = postgres ]; then "$@"; else runuser -u postgres -- "$@"; fi
}

free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

start() {
  if [ -z "$BIN" ] || [ ! -x "$BIN/initdb" ]; then
    echo "PostgreSQL binaries not found; install them with: apt-get update && apt-get install -y postgresql" >&2
    exit 1
  fi
  if [ -f "$STATE" ]; then
    # shellcheck disable=SC1090
    . "$STATE"
    if as_postgres "$BIN/pg_ctl" -D "$PGDIR/data" status >/dev/null 2>&1; then
      echo "TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$PGPORT/postgres"
      return
    fi
  fi
  local dir port
  dir="$(mktemp -d /tmp/portal-pg.XXXXXX)"
  chown postgres:postgres "$dir" 2>/dev/null || true
  chmod 700 "$dir"
  port="$(free_port)"
  as_postgres "$BIN/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; exit 1; }
  as_postgres "$BIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
    -o "-h 127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" start >/dev/null
  printf 'PGDIR=%q\nPGPORT=%q\n' "$dir" "$port" >"$STATE"
  echo "TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$port/postgres"
}

stop() {
  [ -f "$STATE" ] || { echo "no cluster running"; return; }
  # shellcheck disable=SC1090
  . "$STATE"
  as_postgres "$BIN/pg_ctl" -D "$PGDIR/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$PGDIR" "$STATE"
  echo "stopped"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
