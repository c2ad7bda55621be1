#!/usr/bin/env bash
# Smoke test of the real entry points: npm start serves the API, each process starts alone,
# SIGTERM ends them within 10 s, bad configuration stops a process with a clear message, and on a
# machine with neither PostgreSQL nor Redis answering npm start still serves (zero-service start).
set -euo pipefail
cd "$(dirname "$0")/.."

export DATABASE_URL=postgres://postgres@127.0.0.1:5432/nestodon_smoke
export REDIS_NAMESPACE=smoke
export PORT=3917 STREAMING_PORT=4917 LOG_LEVEL=warn
log=$(mktemp)

dropdb -h 127.0.0.1 -U postgres --if-exists nestodon_smoke

wait_for() { # url expected-body-fragment
  for _ in $(seq 1 120); do
    if curl -fsS "$1" 2>/dev/null | grep -q "$2"; then return 0; fi
    sleep 0.5
  done
  echo "smoke: $1 did not answer with $2"; cat "$log"; return 1
}

stop_within_10s() { # pid
  local started=$SECONDS
  kill -TERM "$1"
  for _ in $(seq 1 100); do kill -0 "$1" 2>/dev/null || break; sleep 0.1; done
  if kill -0 "$1" 2>/dev/null; then echo "smoke: process $1 still running 10 s after SIGTERM"; kill -KILL "$1"; return 1; fi
  wait "$1" || true
  echo "smoke: stopped in $((SECONDS - started)) s"
}

npm run -s build

echo "smoke: npm start (creates the database, migrates, runs all three)"
node dist/apps/launcher/src/main.js >"$log" 2>&1 &
pid=$!
wait_for "http://127.0.0.1:$PORT/api/v1/instance" '"uri"'
wait_for "http://127.0.0.1:$STREAMING_PORT/api/v1/streaming/health" 'OK'
wait_for "http://127.0.0.1:$PORT/health/worker" '"worker":true'
stop_within_10s "$pid"

echo "smoke: each process alone"
node dist/apps/api/src/main.js >"$log" 2>&1 & pid=$!
wait_for "http://127.0.0.1:$PORT/api/v2/instance" '"domain"'
wait_for "http://127.0.0.1:$PORT/health/ready" '"ready":true'
stop_within_10s "$pid"
node dist/apps/streaming/src/main.js >"$log" 2>&1 & pid=$!
wait_for "http://127.0.0.1:$STREAMING_PORT/api/v1/streaming/health" 'OK'
wait_for "http://127.0.0.1:$STREAMING_PORT/health/ready" '"redis_subscriber":true'
# A WebSocket client on the public stream sees the socket closed with 1001 on SIGTERM.
closed=$(mktemp)
node -e '
  const socket = new (require("ws"))(process.argv[1]);
  socket.on("open", () => console.log("open"));
  socket.on("close", (code) => { console.log(`closed ${code}`); process.exit(0); });
  socket.on("error", (error) => { console.log(`error ${error.message}`); process.exit(1); });
' "ws://127.0.0.1:$STREAMING_PORT/api/v1/streaming?stream=public" >"$closed" 2>&1 & client=$!
for _ in $(seq 1 50); do grep -q open "$closed" && break; sleep 0.1; done
stop_within_10s "$pid"
wait "$client" || true
grep -q 'closed 1001' "$closed" || { echo "smoke: streaming did not close the socket with 1001"; cat "$closed" "$log"; exit 1; }
rm -f "$closed"
LOG_LEVEL=info WORKER_HEALTH_PORT=4918 node dist/apps/worker/src/main.js >"$log" 2>&1 & pid=$!
for _ in $(seq 1 60); do grep -q 'worker processing' "$log" && break; sleep 0.5; done
grep -q 'worker processing' "$log" || { echo "smoke: worker did not start"; cat "$log"; exit 1; }
wait_for "http://127.0.0.1:4918/health/ready" '"ready":true'
stop_within_10s "$pid"

echo "smoke: bad configuration is refused"
if PORT=abc node dist/apps/api/src/main.js >"$log" 2>&1; then echo "smoke: PORT=abc was accepted"; exit 1; fi
grep -q 'PORT' "$log" || { echo "smoke: the error does not name PORT"; cat "$log"; exit 1; }

echo "smoke: zero-service start (no PostgreSQL or Redis answering: embedded PostgreSQL, PostgreSQL-backed queue, pub/sub, feeds and caches)"
# A private network namespace has only its own loopback, where nothing listens at 5432 or 6379:
# as on a bare machine, while this machine's own services keep running for everyone else.
if ! unshare -n true 2>/dev/null; then
  echo "smoke: cannot make a network namespace (needs root or CAP_SYS_ADMIN) for the zero-service run"; exit 1
fi
bare=$(mktemp -d)
BARE_DIR=$bare REPO=$PWD unshare -n bash -euo pipefail -c '
  ip link set lo up
  unset DATABASE_URL REDIS_URL REDIS_NAMESPACE
  cd "$BARE_DIR"
  cli() { node "$REPO/dist/apps/cli/src/main.js" "$@"; }
  LOG_LEVEL=info node "$REPO/dist/apps/launcher/src/main.js" >launcher.log 2>&1 & launcher=$!
  # On any failure the launcher (and with it the embedded PostgreSQL) stops too.
  stop_launcher() { kill -TERM "$launcher" 2>/dev/null; wait "$launcher" 2>/dev/null || true; }
  trap stop_launcher EXIT
  answered() { # url fragment
    for _ in $(seq 1 240); do
      if curl -fsS "$1" 2>/dev/null | grep -q "$2"; then return 0; fi
      sleep 0.5
    done
    echo "smoke: $1 did not answer with $2"; cat launcher.log; return 1
  }
  answered "http://127.0.0.1:$PORT/api/v1/instance" "\"uri\""
  answered "http://127.0.0.1:$PORT/health/worker" "\"worker\":true"
  grep -q "no Redis configured or answering" launcher.log \
    || { echo "smoke: the launcher did not choose the PostgreSQL adapters"; cat launcher.log; exit 1; }
  grep -q "started the embedded one" launcher.log \
    || { echo "smoke: the launcher did not start the embedded PostgreSQL"; cat launcher.log; exit 1; }
  cli accounts create owner --email owner@example.test --role Owner --confirmed >/dev/null
  cli accounts create reader --email reader@example.test --confirmed >/dev/null
  owner=$(cli tokens create owner --scopes "read write follow" | tail -n1)
  reader=$(cli tokens create reader --scopes "read write follow" | tail -n1)
  api="http://127.0.0.1:$PORT/api/v1"
  owner_id=$(curl -fsS -H "Authorization: Bearer $owner" "$api/accounts/verify_credentials" | node -pe "JSON.parse(require(\"fs\").readFileSync(0)).id")
  curl -fsS -X POST -H "Authorization: Bearer $reader" "$api/accounts/$owner_id/follow" >/dev/null
  curl -fsS -X POST -H "Authorization: Bearer $owner" -d "status=hello from a bare machine" "$api/statuses" >/dev/null
  # The post reaches the follower through the PostgreSQL queue and feed.
  for _ in $(seq 1 60); do
    curl -fsS -H "Authorization: Bearer $reader" "$api/timelines/home" | grep -q "hello from a bare machine" && break
    sleep 0.5
  done
  curl -fsS -H "Authorization: Bearer $reader" "$api/timelines/home" | grep -q "hello from a bare machine" \
    || { echo "smoke: the post did not reach the follower home feed"; cat launcher.log; exit 1; }
'
data=$(readlink -f "$bare/data/postgres" || true)
rm -rf "$bare"
case "$data" in /var/lib/nestodon/*) rm -rf "$data" ;; esac

dropdb -h 127.0.0.1 -U postgres --if-exists nestodon_smoke
rm -f "$log"
echo "smoke: passed"
