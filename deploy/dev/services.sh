#!/usr/bin/env bash
# Makes sure the PostgreSQL and Redis that DATABASE_URL and REDIS_URL name are
# answering, starting private instances under <repo>/.data when they are not,
# and creates the database DATABASE_URL names. Safe to run again and again.
#
#   deploy/dev/services.sh         # check, start what is missing, create the database
#   deploy/dev/services.sh stop    # stop the instances this script started
#
# Environment: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/dota?sslmode=disable),
# REDIS_URL (default redis://127.0.0.1:6379/0), DOTA_DEV_DATA (default <repo>/.data).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
DATA=${DOTA_DEV_DATA:-$ROOT/.data}
DATABASE_URL=${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/dota?sslmode=disable}
REDIS_URL=${REDIS_URL:-redis://127.0.0.1:6379/0}

PG_DIR=$DATA/postgres
PG_SOCK=$DATA/pgsock
PG_LOG=$DATA/postgres.log
REDIS_DIR=$DATA/redis
REDIS_LOG=$DATA/redis.log
REDIS_PID=$DATA/redis.pid

say() { printf '%s\n' "$*"; }
die() { printf 'services.sh: %s\n' "$*" >&2; exit 1; }
is_root() { [ "$(id -u)" -eq 0 ]; }

# parse_url URL DEFAULT_PORT: sets U_USER U_HOST U_PORT U_PATH U_QUERY.
parse_url() {
  local rest=${1#*://} authority
  authority=${rest%%[/?]*}
  rest=${rest#"$authority"}
  U_PATH=${rest%%\?*}
  U_PATH=${U_PATH#/}
  U_QUERY=
  [[ $rest == *\?* ]] && U_QUERY=${rest#*\?}
  U_USER=
  if [[ $authority == *@* ]]; then
    U_USER=${authority%@*}
    U_USER=${U_USER%%:*}
    authority=${authority##*@}
  fi
  if [[ $authority =~ ^\[([^]]+)\](:([0-9]+))?$ ]]; then # [::1]:5432
    U_HOST=${BASH_REMATCH[1]}
    U_PORT=${BASH_REMATCH[3]}
  else
    U_HOST=${authority%%:*}
    U_PORT=
    [[ $authority == *:* ]] && U_PORT=${authority##*:}
  fi
  U_HOST=${U_HOST:-127.0.0.1}
  U_PORT=${U_PORT:-$2}
}

# shellcheck disable=SC2016 # $0 and $1 expand in the child bash
tcp_open() { timeout 2 bash -c 'exec 3<>"/dev/tcp/$0/$1"' "$1" "$2" 2>/dev/null; }

# apt_install PKG...: installs Debian packages when this user may.
apt_install() {
  command -v apt-get >/dev/null || return 1
  local sudo=()
  if ! is_root; then
    command -v sudo >/dev/null && sudo -n true 2>/dev/null || return 1
    sudo=(sudo -n)
  fi
  say "installing $* with apt-get..."
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2 &&
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >&2
}

need_packages() {
  die "$1 is not installed and could not be installed here. Install it with:
    sudo apt-get install postgresql redis-server"
}

# --- PostgreSQL ------------------------------------------------------------

parse_url "$DATABASE_URL" 5432
PG_USER=${U_USER:-postgres} PG_HOST=$U_HOST PG_PORT=$U_PORT PG_DB=${U_PATH:-$PG_USER} PG_QUERY=$U_QUERY
PG_DB=${PG_DB//%20/ }

pg_answers() {
  if command -v pg_isready >/dev/null; then
    local rc=0
    pg_isready -q -h "$PG_HOST" -p "$PG_PORT" -t 2 || rc=$?
    # 1 means a server is there but still starting: give it time.
    for _ in $(seq 1 30); do
      [ "$rc" -eq 1 ] || break
      sleep 1
      rc=0
      pg_isready -q -h "$PG_HOST" -p "$PG_PORT" -t 2 || rc=$?
    done
    [ "$rc" -eq 0 ]
  else
    tcp_open "$PG_HOST" "$PG_PORT"
  fi
}

# pg_bin NAME: the newest Debian server binary of that name, if any.
pg_bin() {
  local found
  found=$(printf '%s\n' /usr/lib/postgresql/*/bin/"$1" | sort -V | tail -n 1)
  [ -x "$found" ] && printf '%s' "$found"
}

# as_pg CMD...: PostgreSQL refuses to run as root; use the Debian `postgres` user then.
as_pg() {
  if ! is_root; then
    "$@"
  elif command -v runuser >/dev/null; then
    runuser -u postgres -- "$@"
  else
    su -s /bin/bash postgres -c "$(printf '%q ' "$@")"
  fi
}

start_postgres() {
  local initdb pg_ctl
  if ! { initdb=$(pg_bin initdb) && pg_ctl=$(pg_bin pg_ctl); }; then
    apt_install postgresql || need_packages PostgreSQL
    # The Debian package may have started its own cluster on this port.
    if pg_answers; then say "postgres: found at $PG_HOST:$PG_PORT (after installing it)"; return; fi
    { initdb=$(pg_bin initdb) && pg_ctl=$(pg_bin pg_ctl); } || need_packages PostgreSQL
  fi
  mkdir -p "$DATA" "$PG_DIR" "$PG_SOCK"
  if is_root; then
    id postgres >/dev/null 2>&1 || die "running as root needs the 'postgres' system user (created by Debian's postgresql package)"
    as_pg test -x "$DATA" 2>/dev/null ||
      die "the postgres user cannot reach $DATA; set DOTA_DEV_DATA to a directory it can use"
  fi
  touch "$PG_LOG"
  if is_root; then chown postgres: "$PG_DIR" "$PG_SOCK" "$PG_LOG"; fi
  chmod 700 "$PG_DIR"

  if [ ! -f "$PG_DIR/PG_VERSION" ]; then
    as_pg "$initdb" -D "$PG_DIR" -U "$PG_USER" --auth=trust --encoding=UTF8 --no-locale >>"$PG_LOG" 2>&1 ||
      die "initdb failed; see $PG_LOG"
  fi
  if as_pg "$pg_ctl" -D "$PG_DIR" status >/dev/null 2>&1; then
    die "the PostgreSQL in $PG_DIR is already running, but not at $PG_HOST:$PG_PORT; stop it with: $0 stop"
  fi
  as_pg "$pg_ctl" -D "$PG_DIR" -l "$PG_LOG" -w -t 60 \
    -o "-c listen_addresses=$PG_HOST -p $PG_PORT -k $PG_SOCK" start >/dev/null ||
    { tail -n 20 "$PG_LOG" >&2; die "PostgreSQL did not start; see $PG_LOG"; }
  for _ in $(seq 1 30); do
    pg_answers && { say "postgres: started at $PG_HOST:$PG_PORT (data ${PG_DIR#"$ROOT"/}, log ${PG_LOG#"$ROOT"/})"; return; }
    sleep 1
  done
  tail -n 20 "$PG_LOG" >&2
  die "PostgreSQL does not answer at $PG_HOST:$PG_PORT; see $PG_LOG"
}

ensure_database() {
  if ! command -v psql >/dev/null; then
    say "database $PG_DB: not checked (psql is missing; dota will report a missing database)" >&2
    return
  fi
  local base=${DATABASE_URL%%\?*} admin exists
  admin="${base%/*}/postgres${PG_QUERY:+?$PG_QUERY}"
  [[ $base == *://*/* ]] || admin="$base/postgres${PG_QUERY:+?$PG_QUERY}"
  exists=$(psql "$admin" -XtAq -v ON_ERROR_STOP=1 -v db="$PG_DB" <<'SQL' 2>&1
SELECT 1 FROM pg_database WHERE datname = :'db';
SQL
) || die "cannot connect to PostgreSQL as $PG_USER: $exists"
  if [ "$exists" = 1 ]; then
    say "database $PG_DB: exists"
    return
  fi
  local out
  out=$(psql "$admin" -XqA -v ON_ERROR_STOP=1 -v db="$PG_DB" <<'SQL' 2>&1
CREATE DATABASE :"db";
SQL
) || die "could not create database $PG_DB: $out"
  say "database $PG_DB: created"
}

# --- Redis -----------------------------------------------------------------

parse_url "$REDIS_URL" 6379
REDIS_HOST=$U_HOST REDIS_PORT=$U_PORT

redis_answers() {
  if command -v redis-cli >/dev/null; then
    # NOAUTH still means a Redis is there, it just wants the URL's password.
    timeout 3 redis-cli -h "$REDIS_HOST" -p "$REDIS_PORT" ping 2>/dev/null | grep -qE 'PONG|NOAUTH'
  else
    tcp_open "$REDIS_HOST" "$REDIS_PORT"
  fi
}

start_redis() {
  local server
  server=$(command -v redis-server || true)
  if [ -z "$server" ]; then
    apt_install redis-server || need_packages Redis
    if redis_answers; then say "redis: found at $REDIS_HOST:$REDIS_PORT (after installing it)"; return; fi
    server=$(command -v redis-server) || need_packages Redis
  fi
  local bind=127.0.0.1
  [[ $REDIS_HOST =~ ^[0-9.]+$|: ]] && bind=$REDIS_HOST
  mkdir -p "$REDIS_DIR"
  "$server" --daemonize yes --bind "$bind" --port "$REDIS_PORT" --dir "$REDIS_DIR" \
    --save "" --appendonly no --logfile "$REDIS_LOG" --pidfile "$REDIS_PID" >/dev/null ||
    die "redis-server did not start; see $REDIS_LOG"
  for _ in $(seq 1 30); do
    redis_answers && { say "redis: started at $REDIS_HOST:$REDIS_PORT (log ${REDIS_LOG#"$ROOT"/})"; return; }
    sleep 1
  done
  tail -n 20 "$REDIS_LOG" >&2 || true
  die "Redis does not answer at $REDIS_HOST:$REDIS_PORT; see $REDIS_LOG"
}

# --- main ------------------------------------------------------------------

stop_all() {
  local pg_ctl
  if [ -f "$PG_DIR/postmaster.pid" ] && pg_ctl=$(pg_bin pg_ctl); then
    as_pg "$pg_ctl" -D "$PG_DIR" -m fast -w stop >/dev/null && say "postgres: stopped ($PG_DIR)"
  else
    say "postgres: none started from $PG_DIR"
  fi
  if [ -f "$REDIS_PID" ] && kill "$(cat "$REDIS_PID")" 2>/dev/null; then
    for _ in $(seq 1 20); do [ -f "$REDIS_PID" ] || break; sleep 0.25; done
    say "redis: stopped (pid file $REDIS_PID)"
  else
    say "redis: none started from $DATA"
  fi
}

case ${1:-up} in
  up)
    if pg_answers; then say "postgres: found at $PG_HOST:$PG_PORT"; else start_postgres; fi
    if redis_answers; then say "redis: found at $REDIS_HOST:$REDIS_PORT"; else start_redis; fi
    ensure_database
    ;;
  stop) stop_all ;;
  *) die "usage: $0 [up|stop]" ;;
esac
