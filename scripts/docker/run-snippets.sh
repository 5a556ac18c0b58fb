#!/usr/bin/env bash
# Runs the Docker snippets of docs/docker-and-ci.md as written, against the image scripts/docker-smoke.sh builds:
#   - the Compose file (docker-compose 1.29 from Debian), whose `tests` service gets a tiny image
#     that calls GET $DRAWING_API_URL/collections with $DRAWING_API_KEY and exits 0 only on a 200
#     with collections: so it proves `depends_on: service_healthy`, the service-name URL with
#     EMULATOR_ALLOWED_HOSTS and the named /data volume (the script also checks the database file
#     is in it and that the emulator exits 0 when Compose stops it);
#   - the Testcontainers (Node) snippet, which uses the package's Testcontainers module: the packed
#     package and testcontainers (11, from scripts/docker/snippets/) are installed into a project of
#     their own, and the snippet's placeholder comment line (`// … run the tests …`) becomes the
#     same authenticated request; the script also checks the container exited 0 after stop();
#   - the module's own test, test/testcontainers.test.ts, against that project.
# Both talk to podman's Docker-compatible API socket: no Docker engine is needed.
#
# Run from anywhere in a checkout, as root:  bash scripts/docker/run-snippets.sh
# Env overrides: SNIPPETS_IMAGE (an image already built from this checkout, e.g. by
#                scripts/docker-smoke.sh as .ci/run does; it must exist. Unset: the script builds
#                drawing-api-emulator:snippets from this checkout with scripts/docker-smoke.sh first, so it
#                never runs an image an earlier run left behind), SNIPPETS_PORT (loopback port for the
#                Compose file's published port, default 14010).
# It tags that image as `drawing-api-emulator:latest` (the name both snippets use).
#
# What differs from a laptop with Docker, and why (each one seen on our machines):
#   - podman runs its API service from this script, on a private socket, with a containers.conf
#     of its own: runc as runtime and nofile/nproc limits this sandbox allows (see
#     scripts/docker-smoke.sh for the "error setting rlimit" story).
#   - Compose: the page's `build: .` is kept, and an override file names the already built image
#     (Compose builds only when that image is missing); the published port "4000:4000" becomes
#     "127.0.0.1:$SNIPPETS_PORT:4000" (the only line changed: port 4000 may be taken on a shared
#     machine). podman runs healthchecks from systemd timers, and systemd does not run here, so
#     while Compose waits the script runs `podman healthcheck run` itself every 2 s.
#   - Testcontainers: TESTCONTAINERS_RYUK_DISABLED=true (its reaper image cannot be pulled here;
#     the script removes what it started), TESTCONTAINERS_HOST_OVERRIDE=127.0.0.1 (inside this
#     sandbox it would otherwise guess the bridge gateway).
# Every wait is bounded; containers, volumes, networks and the API service are always removed.
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$REPO_ROOT"

IMAGE="${SNIPPETS_IMAGE:-drawing-api-emulator:snippets}"
PORT="${SNIPPETS_PORT:-14010}"
NAME="drawing-api-emulator:latest"
PROJECT="snippets$$"
WORK="$(mktemp -d /tmp/run-snippets-XXXXXX)"
SOCK="$WORK/podman.sock"
export DOCKER_HOST="unix://$SOCK"

log() { printf '[run-snippets] %s\n' "$*" >&2; }
fail() { log "FAIL: $*"; exit 1; }
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

[[ "$(id -u)" == "0" ]] || fail "run as root (rootful podman)"

# --- Tools (installed only when missing) --------------------------------------------------------
command -v node >/dev/null || fail "node is required"
if ! command -v podman >/dev/null || ! command -v docker-compose >/dev/null; then
  log "installing podman and docker-compose from Debian ..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq </dev/null >/dev/null
  # --no-install-recommends: docker-compose recommends docker.io, a Docker engine we do not want.
  apt-get install -y -qq --no-install-recommends podman runc docker-compose </dev/null >/dev/null
fi

SERVICE_PID=""
PUMP_PID=""
cleanup() {
  local rc=$?
  [[ -n "$PUMP_PID" ]] && kill "$PUMP_PID" 2>/dev/null
  if [[ -f "$WORK/compose/compose.yaml" ]]; then
    (cd "$WORK/compose" && timeout 60 docker-compose -p "$PROJECT" -f compose.yaml -f override.yaml \
      down -v --rmi local -t 5 </dev/null >/dev/null 2>&1) || true
  fi
  if [[ -n "$SERVICE_PID" ]]; then kill "$SERVICE_PID" 2>/dev/null; wait "$SERVICE_PID" 2>/dev/null; fi
  rm -rf "$WORK"
  exit "$rc"
}
trap cleanup EXIT

# --- Image --------------------------------------------------------------------------------------
if [[ -n "${SNIPPETS_IMAGE:-}" ]]; then
  podman image exists "$IMAGE" || fail "no image $IMAGE (SNIPPETS_IMAGE): build it with scripts/docker-smoke.sh"
else
  log "building $IMAGE from this checkout with scripts/docker-smoke.sh ..."
  SMOKE_IMAGE="$IMAGE" bash scripts/docker-smoke.sh >&2
fi
log "image $IMAGE ($(podman image inspect --format '{{.Id}}' "$IMAGE" | cut -c1-12), built $(podman image inspect --format '{{.Created}}' "$IMAGE" | cut -d. -f1))"
podman tag "$IMAGE" "$NAME"

# --- podman's Docker-compatible API -------------------------------------------------------------
cat >"$WORK/containers.conf" <<'EOF'
[containers]
default_ulimits = ["nofile=1024:1024", "nproc=1024:1024"]
[engine]
runtime = "runc"
EOF
CONTAINERS_CONF="$WORK/containers.conf" podman system service --time=0 "unix://$SOCK" \
  >"$WORK/service.log" 2>&1 </dev/null &
SERVICE_PID=$!
api_ping() {
  node -e '
    require("http").get({ socketPath: process.argv[1], path: "/_ping", timeout: 2000 },
      (r) => process.exit(r.statusCode === 200 ? 0 : 1)).on("error", () => process.exit(1))' "$SOCK"
}
for _ in $(seq 50); do api_ping && break; sleep 0.2; done
api_ping || { cat "$WORK/service.log" >&2; fail "podman's API socket did not answer"; }
log "podman API on $SOCK"

# The page's code blocks: the first ```<lang> block after a heading line (the whole line, so "## Compose" is not
# "## Compose files").
DOC_PAGE="$REPO_ROOT/docs/docker-and-ci.md"
doc_block() {
  node -e '
    const [pagePath, heading, lang] = process.argv.slice(1)
    const page = require("fs").readFileSync(pagePath, "utf8")
    const at = page.search(new RegExp("^" + heading.replace(/[()]/g, "\\$&") + "$", "m"))
    const start = at < 0 ? -1 : page.indexOf("```" + lang + "\n", at)
    if (start < 0) { console.error(`no ${lang} block after ${heading}`); process.exit(1) }
    const end = page.indexOf("\n```", start + lang.length + 4)
    process.stdout.write(page.slice(start + lang.length + 4, end + 1))' "$DOC_PAGE" "$1" "$2"
}

# --- Compose ------------------------------------------------------------------------------------
t0=$(now)
mkdir -p "$WORK/compose/tests"
cd "$WORK/compose"
doc_block '## Compose' yaml >compose.yaml.orig
[[ "$(grep -c '"4000:4000"' compose.yaml.orig)" == "1" ]] || fail 'the Compose snippet has no single "4000:4000" line'
sed "s/\"4000:4000\"/\"127.0.0.1:${PORT}:4000\"/" compose.yaml.orig >compose.yaml
cat >override.yaml <<EOF
services:
  drawing-api:
    image: $NAME
EOF
cat >tests/check.mjs <<'EOF'
const url = `${process.env.DRAWING_API_URL}/collections`
const res = await fetch(url, { headers: { authorization: `Bearer ${process.env.DRAWING_API_KEY}` } })
const body = await res.json().catch(() => ({}))
console.log(`tests: GET ${url} -> ${res.status}, ${body.data?.length ?? 'no'} collections`)
process.exit(res.status === 200 && Array.isArray(body.data) && body.data.length > 0 ? 0 : 1)
EOF
cat >tests/Dockerfile <<EOF
FROM $NAME
COPY check.mjs /tests/check.mjs
CMD ["node", "/tests/check.mjs"]
EOF

# Health pump (no systemd timers here): run the project's healthchecks every 2 s.
( while true; do
    for id in $(podman ps -q --filter "label=com.docker.compose.project=$PROJECT" 2>/dev/null); do
      podman healthcheck run "$id" >/dev/null 2>&1 || true
    done
    sleep 2
  done ) &
PUMP_PID=$!

log "docker-compose up (the Compose file of docs/docker-and-ci.md) ..."
if ! timeout 240 docker-compose --ansi never -p "$PROJECT" -f compose.yaml -f override.yaml \
    up --exit-code-from tests </dev/null >"$WORK/compose.log" 2>&1; then
  tail -n 40 "$WORK/compose.log" >&2
  fail "Compose: the tests service did not pass"
fi
grep -h 'tests: GET' "$WORK/compose.log" | sed 's/^tests_1 *| /[run-snippets] compose /' >&2 || true
API_CTR="${PROJECT}_drawing-api_1"
EXIT_CODE=$(podman inspect --format '{{.State.ExitCode}}' "$API_CTR")
[[ "$EXIT_CODE" == "0" ]] || fail "Compose: drawing-api exited with $EXIT_CODE after Compose stopped it, expected 0"
DATA_DIR=$(podman volume inspect --format '{{.Mountpoint}}' "${PROJECT}_emulator-data")
[[ -s "$DATA_DIR/emulator.sqlite" ]] || fail "Compose: no emulator.sqlite in the emulator-data volume"
kill "$PUMP_PID" 2>/dev/null; PUMP_PID=""
COMPOSE_S=$(elapsed "$t0" "$(now)")
log "Compose OK in ${COMPOSE_S}s (healthy, tests 200, database in the volume, exit 0 on stop)"

# --- Testcontainers -----------------------------------------------------------------------------
t0=$(now)
SNIPPETS_DIR="$REPO_ROOT/scripts/docker/snippets"
mkdir -p "$WORK/tc"
cd "$WORK/tc"
log "a project with the packed package and testcontainers (scripts/docker/snippets) ..."
cp "$SNIPPETS_DIR/package.json" "$SNIPPETS_DIR/package-lock.json" .
npm ci --ignore-scripts --no-audit --no-fund --loglevel=error </dev/null >&2
tarball="$WORK/$(cd "$REPO_ROOT" && npm pack --silent --ignore-scripts --pack-destination "$WORK" </dev/null | tail -n 1)"
# --ignore-scripts: the emulator runs in the container; this project needs the module, not the SQLite addon.
npm install --no-save --ignore-scripts --no-audit --no-fund --loglevel=error "$tarball" </dev/null >&2
doc_block '## Testcontainers (Node)' ts >snippet.orig
[[ "$(grep -c '^// … run the tests' snippet.orig)" == "1" ]] || fail "the Testcontainers snippet has no single '// … run the tests' line"
sed 's|^// … run the tests.*$|await check(apiUrl)|' snippet.orig >snippet.mjs
cat >check.mjs <<'EOF'
globalThis.check = async (apiUrl) => {
  const res = await fetch(`${apiUrl}/collections`, { headers: { authorization: 'Bearer sk-demo-full' } })
  const body = await res.json().catch(() => ({}))
  console.error(`[run-snippets] testcontainers: GET ${apiUrl}/collections -> ${res.status}, ${body.data?.length ?? 'no'} collections`)
  if (res.status !== 200 || !Array.isArray(body.data) || body.data.length === 0) throw new Error('unexpected answer')
}
EOF
export TESTCONTAINERS_RYUK_DISABLED=true TESTCONTAINERS_HOST_OVERRIDE=127.0.0.1
since=$(date --utc +%Y-%m-%dT%H:%M:%SZ)
log "node snippet.mjs (the Testcontainers snippet of docs/docker-and-ci.md) ..."
if ! timeout 180 node --import ./check.mjs snippet.mjs </dev/null >"$WORK/tc.log" 2>&1; then
  tail -n 40 "$WORK/tc.log" >&2
  fail "Testcontainers snippet failed"
fi
grep -h 'testcontainers: GET' "$WORK/tc.log" >&2 || true
DIED=$(podman events --stream=false --since "$since" --filter event=died --filter label=org.testcontainers=true \
  --format '{{.ContainerExitCode}}' 2>/dev/null | tail -n 1)
[[ "$DIED" == "0" ]] || fail "Testcontainers: the container exited with '${DIED}' after stop, expected 0"
log "Testcontainers snippet OK (healthy, 200, exit 0 on stop)"

log "test/testcontainers.test.ts against the same project ..."
cd "$REPO_ROOT"
if ! TESTCONTAINERS_PROJECT="$WORK/tc" TESTCONTAINERS_IMAGE="$NAME" timeout 300 npx tap --disable-coverage \
    test/testcontainers.test.ts </dev/null >"$WORK/tc-test.log" 2>&1; then
  tail -n 60 "$WORK/tc-test.log" >&2
  fail "the Testcontainers module's test failed"
fi
grep -E '^# \{ total' "$WORK/tc-test.log" | tail -n 1 | sed 's/^/[run-snippets] module test /' >&2
if grep -q '# SKIP' "$WORK/tc-test.log"; then fail "the Testcontainers module's test skipped"; fi
TC_S=$(elapsed "$t0" "$(now)")
log "Testcontainers OK in ${TC_S}s (snippet and module test)"

echo "compose snippet: ${COMPOSE_S} s"
echo "testcontainers snippet: ${TC_S} s"
log "OK"
