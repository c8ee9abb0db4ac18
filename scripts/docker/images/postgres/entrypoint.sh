#!/bin/bash
# A small version of the official image's entrypoint: first start initialises the cluster
# with POSTGRES_USER / POSTGRES_PASSWORD / POSTGRES_DB, then PostgreSQL listens on all addresses.
set -euo pipefail
if [ "${1:-}" = postgres ] && [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA" /var/run/postgresql
  chown -R postgres:postgres "$PGDATA" /var/run/postgresql
  chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi
if [ "${1:-}" = postgres ] && [ ! -s "$PGDATA/PG_VERSION" ]; then
  user="${POSTGRES_USER:-postgres}"
  db="${POSTGRES_DB:-$user}"
  pwfile=$(mktemp)
  printf '%s' "${POSTGRES_PASSWORD:-}" >"$pwfile"
  auth=scram-sha-256
  if [ -z "${POSTGRES_PASSWORD:-}" ]; then
    [ "${POSTGRES_HOST_AUTH_METHOD:-}" = trust ] || { echo "POSTGRES_PASSWORD is not set (or POSTGRES_HOST_AUTH_METHOD=trust)" >&2; exit 1; }
    auth=trust
  fi
  initdb --username="$user" --pwfile="$pwfile" --auth-local=trust --auth-host="$auth" -E UTF8 --locale=C.UTF-8 >/dev/null
  rm -f "$pwfile"
  printf 'host all all all %s\n' "$auth" >>"$PGDATA/pg_hba.conf"
  pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start
  if [ "$db" != postgres ]; then psql -v ON_ERROR_STOP=1 --username "$user" --dbname postgres -c "create database \"$db\""; fi
  pg_ctl -D "$PGDATA" -m fast -w stop
  echo "PostgreSQL init process complete; ready for start up."
fi
if [ "${1:-}" = postgres ]; then shift; exec postgres -c listen_addresses='*' "$@"; fi
exec "$@"
