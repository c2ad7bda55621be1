#!/usr/bin/env bash
# Memory of the three processes as `npm start` runs them: starts the built launcher on a fresh
# database (nestodon_memory) and Redis namespace, prints each process's resident memory once idle
# after startup, then again once idle after load (posts fanned out by the worker and streamed to
# WebSocket clients, then autocannon on timelines and the instance). Usage:
#   npm run -s measure:memory   # builds first; LOAD_SECONDS=10 IDLE_SECONDS=15 by default
set -euo pipefail
cd "$(dirname "$0")/.."

export DATABASE_URL=postgres://postgres@127.0.0.1:5432/nestodon_memory
export REDIS_NAMESPACE=memory
export PORT=3937 STREAMING_PORT=4937 LOG_LEVEL=warn
export NODE_ENV=production SECRET_KEY_BASE=${SECRET_KEY_BASE:-$(openssl rand -hex 64)}
export LOCAL_DOMAIN=memory.example
load_seconds=${LOAD_SECONDS:-10}
idle_seconds=${IDLE_SECONDS:-15}
log=$(mktemp)
api="http://127.0.0.1:$PORT/api/v1"

npm run -s build
dropdb -h 127.0.0.1 -U postgres --if-exists nestodon_memory
node dist/apps/launcher/src/main.js >"$log" 2>&1 &
launcher=$!
clients=
cleanup() {
  [ -n "$clients" ] && kill "$clients" 2>/dev/null
  kill -TERM "$launcher" 2>/dev/null && wait "$launcher" 2>/dev/null
  dropdb -h 127.0.0.1 -U postgres --if-exists nestodon_memory
  rm -f "$log"
}
trap cleanup EXIT

wait_for() { # url expected-body-fragment
  for _ in $(seq 1 240); do
    if curl -fsS "$1" 2>/dev/null | grep -q "$2"; then return 0; fi
    kill -0 "$launcher" 2>/dev/null || break
    sleep 0.5
  done
  echo "measure-memory: $1 did not answer with $2"; cat "$log"; exit 1
}

# One line per process: VmRSS, and of it anonymous memory (heaps) and file-backed (code, mapped
# libraries), in MiB, from /proc/<pid>/status.
report() { # label
  local total=0 name pid rss anon file
  echo "$1"
  for name in launcher api streaming worker; do
    if [ "$name" = launcher ]; then pid=$launcher; else
      pid=$(ps --ppid "$launcher" -o pid=,args= | awk -v app="apps/$name/" 'index($0, app) {print $1}')
    fi
    read -r rss anon file < <(awk '/^VmRSS/{r=$2} /^RssAnon/{a=$2} /^RssFile/{f=$2}
      END {printf "%d %d %d\n", r/1024, a/1024, f/1024}' "/proc/$pid/status")
    printf '  %-9s pid %-7s RSS %4d MiB (anon %4d, file %3d)\n' "$name" "$pid" "$rss" "$anon" "$file"
    [ "$name" = launcher ] || total=$((total + rss))
  done
  echo "  api + streaming + worker: $total MiB"
}

wait_for "$api/instance" '"uri"'
wait_for "http://127.0.0.1:$STREAMING_PORT/api/v1/streaming/health" 'OK'
wait_for "http://127.0.0.1:$PORT/health/worker" '"worker":true'
sleep "$idle_seconds"
report "idle after startup (${idle_seconds} s):"

cli() { node dist/apps/cli/src/main.js "$@"; }
cli accounts create author --email author@memory.example --confirmed >/dev/null
cli accounts create reader --email reader@memory.example --confirmed >/dev/null
author=$(cli tokens create author --scopes "read write follow" | tail -n1)
reader=$(cli tokens create reader --scopes "read write follow" | tail -n1)
author_id=$(curl -fsS -H "Authorization: Bearer $author" "$api/accounts/verify_credentials" |
  node -pe 'JSON.parse(require("fs").readFileSync(0)).id')
curl -fsS -X POST -H "Authorization: Bearer $reader" "$api/accounts/$author_id/follow" >/dev/null

# 50 WebSocket clients on the reader's home and the public stream while the author posts.
node -e '
  const WebSocket = require("ws");
  for (let i = 0; i < 50; i++) {
    new WebSocket(`${process.argv[1]}&stream=${i % 2 ? "user" : "public"}`);
  }
' "ws://127.0.0.1:$STREAMING_PORT/api/v1/streaming?access_token=$reader" &
clients=$!
for i in $(seq 1 100); do
  curl -fsS -X POST -H "Authorization: Bearer $author" \
    -d "status=post $i with #memory and a link https://example.com/$i" "$api/statuses" >/dev/null
done
for path in "timelines/home?limit=20" "timelines/public?limit=20" "timelines/tag/memory" instance; do
  npx autocannon -c 10 -d "$load_seconds" -H "Authorization: Bearer $reader" \
    "$api/$path" 2>&1 | grep -E 'requests in|non-2xx' | sed "s|^|  $path: |"
done
kill "$clients" && wait "$clients" 2>/dev/null || true
clients=
sleep "$idle_seconds"
report "idle after load (${idle_seconds} s):"
