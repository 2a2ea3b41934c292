#!/usr/bin/env bash
# Runs Dota the way it runs in production, on one machine: several dota replicas on
# the same PostgreSQL and Redis, behind nginx balancing round robin with no
# stickiness. Everything it starts keeps its pid file and log under CLUSTER_DIR.
#
#   deploy/cluster/cluster.sh [up]            migrate, seed, start what is not running,
#                                             restart replicas older than DOTA_BIN
#   deploy/cluster/cluster.sh down            stop nginx and every replica
#   deploy/cluster/cluster.sh status          what runs, and whether it is ready
#   deploy/cluster/cluster.sh stop-replica N  stop replica N (1-based), as a crash or a
#                                             rolling update would
#   deploy/cluster/cluster.sh render          write CLUSTER_DIR/nginx.conf and check it
#
# Environment:
#   DOTA_BIN          the dota binary (default <repo>/bin/dota; `make build` makes it)
#   CLUSTER_DIR       pid files, logs and nginx.conf (default <repo>/.data/cluster)
#   CLUSTER_LISTEN    nginx's listen address (default 8080: every interface)
#   CLUSTER_REPLICAS  the replicas' DOTA_ADDR, space-separated
#                     (default "127.0.0.1:8081 127.0.0.1:8082")
#   CLUSTER_METRICS   the replicas' DOTA_METRICS_ADDR, space-separated, in the same
#                     order (default "127.0.0.1:9091 127.0.0.1:9092")
#   CLUSTER_SEED      0 skips `dota seed` (default 1)
#   DATABASE_URL, REDIS_URL and every DOTA_* variable reach the replicas unchanged;
#   DOTA_TRUSTED_PROXIES defaults to the loopback addresses nginx connects from, and
#   DOTA_PUBLIC_URL to nginx's address;
#   DOTA_CHALLENGE_KEY defaults to a key made once in CLUSTER_DIR.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
DOTA_BIN=${DOTA_BIN:-$ROOT/bin/dota}
CLUSTER_DIR=${CLUSTER_DIR:-$ROOT/.data/cluster}
CLUSTER_LISTEN=${CLUSTER_LISTEN:-8080}
CLUSTER_REPLICAS=${CLUSTER_REPLICAS:-127.0.0.1:8081 127.0.0.1:8082}
CLUSTER_METRICS=${CLUSTER_METRICS:-127.0.0.1:9091 127.0.0.1:9092}
CLUSTER_SEED=${CLUSTER_SEED:-1}
export DOTA_TRUSTED_PROXIES=${DOTA_TRUSTED_PROXIES:-127.0.0.1/32,::1/128}
# Every replica signs and checks the forms' challenges with one key (DOTA_CHALLENGE_KEY):
# made once and kept in CLUSTER_DIR unless the environment gives one.
if [ -z "${DOTA_CHALLENGE_KEY:-}" ]; then
  mkdir -p "$CLUSTER_DIR"
  [ -s "$CLUSTER_DIR/challenge.key" ] || od -An -tx1 -N32 /dev/urandom | tr -d ' \n' >"$CLUSTER_DIR/challenge.key"
  DOTA_CHALLENGE_KEY=$(cat "$CLUSTER_DIR/challenge.key")
fi
export DOTA_CHALLENGE_KEY
READY_SECONDS=30
STOP_SECONDS=40

read -r -a REPLICAS <<<"$CLUSTER_REPLICAS"
read -r -a METRICS <<<"$CLUSTER_METRICS"
NGINX_CONF=$CLUSTER_DIR/nginx.conf
NGINX_PID=$CLUSTER_DIR/nginx.pid

say() { printf '%s\n' "$*"; }
die() { printf 'cluster.sh: %s\n' "$*" >&2; exit 1; }

# alive PIDFILE: the pid in PIDFILE names a running process.
alive() { [ -s "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }

# url ADDR: a loopback URL for a listen address such as :8081 or 127.0.0.1:8081.
url() {
  local addr=$1 host port
  port=${addr##*:}
  host=${addr%:*}
  [[ $addr == *:* ]] || { host=; port=$addr; }
  case $host in "" | 0.0.0.0 | "[::]") host=127.0.0.1 ;; esac
  printf 'http://%s:%s' "$host" "$port"
}

# Absolute addresses the replicas write name the balancer.
export DOTA_PUBLIC_URL=${DOTA_PUBLIC_URL:-$(url "$CLUSTER_LISTEN")}

# wait_ready URL WHAT: polls URL/readyz until it answers 200.
wait_ready() {
  for _ in $(seq 1 $((READY_SECONDS * 4))); do
    curl -fsS -o /dev/null --max-time 2 "$1/readyz" 2>/dev/null && return 0
    sleep 0.25
  done
  return 1
}

# stop_pid PIDFILE NAME: SIGTERM, then wait for a graceful exit (in-flight requests
# and live streams drain within DOTA_SHUTDOWN_TIMEOUT), then SIGKILL.
stop_pid() {
  local file=$1 name=$2 pid
  if ! alive "$file"; then
    rm -f "$file"
    say "$name: not running"
    return
  fi
  pid=$(cat "$file")
  kill -TERM "$pid" 2>/dev/null || true
  for _ in $(seq 1 $((STOP_SECONDS * 4))); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.25
  done
  if kill -0 "$pid" 2>/dev/null; then
    kill -KILL "$pid" 2>/dev/null || true
    say "$name: killed (pid $pid) after ${STOP_SECONDS}s"
  else
    say "$name: stopped (pid $pid)"
  fi
  rm -f "$file"
}

start_replica() {
  local i=$1 addr=${REPLICAS[$(($1 - 1))]} pidf log
  pidf=$CLUSTER_DIR/replica-$i.pid
  log=$CLUSTER_DIR/replica-$i.log
  if alive "$pidf"; then
    if [ ! "$DOTA_BIN" -nt "$pidf" ]; then
      say "replica $i: running at $(url "$addr") (pid $(cat "$pidf"))"
      return
    fi
    # Built since it started: replace it, one replica at a time, as a rollout would.
    stop_pid "$pidf" "replica $i (older than $DOTA_BIN)"
  fi
  local metrics=${METRICS[$(($1 - 1))]:-}
  [ -n "$metrics" ] || die "CLUSTER_METRICS names no metrics address for replica $i"
  DOTA_ADDR=$addr DOTA_METRICS_ADDR=$metrics nohup "$DOTA_BIN" serve >>"$log" 2>&1 </dev/null &
  echo $! >"$pidf"
  if ! wait_ready "$(url "$addr")"; then
    tail -n 20 "$log" >&2 || true
    die "replica $i did not become ready at $(url "$addr"); see $log"
  fi
  say "replica $i: started at $(url "$addr"), metrics at $(url "$metrics")/metrics (pid $(cat "$pidf"), log ${log#"$ROOT"/})"
}

render_nginx() {
  local servers='' user='' addr
  for addr in "${REPLICAS[@]}"; do
    servers+="        server ${addr/#:/127.0.0.1:} max_fails=1 fail_timeout=5s;"$'\n'
  done
  # As root, nginx's workers drop to an unprivileged user; they only need to reach
  # the temporary directories, which nginx creates for them.
  if [ "$(id -u)" -eq 0 ]; then user="user nobody $(id -gn nobody 2>/dev/null || echo nogroup);"; fi
  mkdir -p "$CLUSTER_DIR/tmp"
  local tmpl=$ROOT/deploy/nginx/cluster.conf.tmpl out
  out=$(<"$tmpl")
  servers=${servers%$'\n'}
  out=${out//@DIR@/"$CLUSTER_DIR"}
  out=${out//@USER@/"$user"}
  out=${out//@LISTEN@/"$CLUSTER_LISTEN"}
  out=${out//@PROXY_CONF@/"$ROOT/deploy/nginx/dota-proxy.conf"}
  out=${out//@SERVERS@/"$servers"}
  printf '%s\n' "$out" >"$NGINX_CONF.new"
  mv "$NGINX_CONF.new" "$NGINX_CONF"
}

nginx_cmd() { nginx -p "$CLUSTER_DIR" -c "$NGINX_CONF" -e "$CLUSTER_DIR/nginx-error.log" "$@"; }

start_nginx() {
  command -v nginx >/dev/null || die "nginx is not installed (make cluster installs Debian's nginx)"
  render_nginx
  nginx_cmd -t -q || die "the rendered $NGINX_CONF does not pass nginx -t"
  if alive "$NGINX_PID"; then
    nginx_cmd -s reload
    say "nginx: reloaded"
  else
    nginx_cmd
  fi
  local front
  front=$(url "$CLUSTER_LISTEN")
  wait_ready "$front" || die "nginx does not answer at $front; see $CLUSTER_DIR/nginx-error.log"
  say "nginx: balancing at $front (pid $(cat "$NGINX_PID"), logs ${CLUSTER_DIR#"$ROOT"/}/nginx-*.log)"
}

up() {
  [ -x "$DOTA_BIN" ] || die "$DOTA_BIN is missing: run make build"
  [ "${#REPLICAS[@]}" -ge 1 ] || die "CLUSTER_REPLICAS names no replica"
  mkdir -p "$CLUSTER_DIR"
  "$DOTA_BIN" migrate up
  if [ "$CLUSTER_SEED" = 1 ]; then "$DOTA_BIN" seed; fi
  local i
  for i in $(seq 1 "${#REPLICAS[@]}"); do start_replica "$i"; done
  start_nginx
}

down() {
  if alive "$NGINX_PID"; then
    nginx_cmd -s quit 2>/dev/null || kill -QUIT "$(cat "$NGINX_PID")"
    for _ in $(seq 1 40); do alive "$NGINX_PID" || break; sleep 0.25; done
    say "nginx: stopped"
  else
    say "nginx: not running"
  fi
  local f
  for f in "$CLUSTER_DIR"/replica-*.pid; do
    [ -e "$f" ] || continue
    stop_pid "$f" "replica $(basename "$f" .pid | cut -d- -f2)" &
  done
  wait
}

status() {
  local i addr pidf state
  for i in $(seq 1 "${#REPLICAS[@]}"); do
    addr=${REPLICAS[$((i - 1))]}
    pidf=$CLUSTER_DIR/replica-$i.pid
    state=stopped
    if alive "$pidf"; then
      state="running (pid $(cat "$pidf")), "
      if curl -fsS -o /dev/null --max-time 2 "$(url "$addr")/readyz"; then state+=ready; else state+=unready; fi
    fi
    say "replica $i $(url "$addr"): $state"
  done
  if alive "$NGINX_PID"; then say "nginx $(url "$CLUSTER_LISTEN"): running (pid $(cat "$NGINX_PID"))"; else say "nginx: stopped"; fi
}

case ${1:-up} in
  up) up ;;
  down) down ;;
  status) status ;;
  render)
    mkdir -p "$CLUSTER_DIR"
    render_nginx
    nginx_cmd -t -q
    say "$NGINX_CONF"
    ;;
  stop-replica)
    [[ ${2:-} =~ ^[0-9]+$ ]] || die "usage: $0 stop-replica N"
    stop_pid "$CLUSTER_DIR/replica-$2.pid" "replica $2"
    ;;
  *) die "usage: $0 [up|down|status|stop-replica N|render]" ;;
esac
