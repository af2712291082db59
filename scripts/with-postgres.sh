#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL server on 127.0.0.1, with DATABASE_URL set.
# Installs the server from Debian's packages when missing. initdb will not run as root, so the
# cluster belongs to the postgres user.
set -euo pipefail

# Below Linux's ephemeral range (32768 to 60999), so no outgoing connection of the tests before it
# (a browser's, a load run's) can be holding the port when the server starts.
port="${POSTGRES_TEST_PORT:-25432}"

find_bin() {
  local found
  found=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -n "$found" ] && [ -x "$found/initdb" ]; then echo "$found"; fi
}

bin=$(find_bin)
if [ -z "$bin" ]; then
  echo "Installing the PostgreSQL server…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q --no-install-recommends postgresql
  bin=$(find_bin)
fi
[ -n "$bin" ] || { echo "No PostgreSQL server could be found or installed." >&2; exit 1; }

run_as_postgres() {
  if [ "$(id -u)" = "0" ]; then su postgres -s /bin/sh -c "$*"; else sh -c "$*"; fi
}

cluster=$(mktemp -d /tmp/kindred-pg.XXXXXX)
chmod 755 "$cluster"
[ "$(id -u)" = "0" ] && chown postgres:postgres "$cluster"
cleanup() {
  run_as_postgres "'$bin/pg_ctl' -D '$cluster/data' -m fast stop" >/dev/null 2>&1 || true
  rm -rf "$cluster"
}
trap cleanup EXIT

run_as_postgres "'$bin/initdb' -D '$cluster/data' -U postgres --auth=trust -E UTF8 --locale=C.UTF-8" >/dev/null
if ! run_as_postgres "'$bin/pg_ctl' -D '$cluster/data' -l '$cluster/server.log' -w -o \"-h 127.0.0.1 -p $port -k '$cluster'\" start" >/dev/null; then
  echo "PostgreSQL did not start on 127.0.0.1:$port; its log says:" >&2
  cat "$cluster/server.log" >&2 || true
  exit 1
fi
echo "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') is running on 127.0.0.1:$port"

export DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
"$@"
