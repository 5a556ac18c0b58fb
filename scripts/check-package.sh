#!/usr/bin/env bash
# The package as a user gets it (README, Install), run by .ci/run. Packs it and checks:
#   1. the tarball holds what users need (every bundled fixture set's image too) and nothing else (no tests, sources,
#      scripts or source maps);
#   2. installed into an empty project, it pulls at most 100 packages and 42 MB (40 measured), and startEmulator() serves from it
#      (REST, MCP, /docs/json; the pictures drawn at build as SVG, PNG and MCP take_screenshot, other pictures naming
#      what to install, with one warning saying it too), and an in-memory start opens the build's image of the
#      default set (its debug line says so) instead of seeding it;
#   3. its types: a consumer of the main entry type-checks with strict settings (skipLibCheck false) and nothing
#      but the package and @types/node installed (no fastify); the Testcontainers module's source and declarations
#      type-check against the real testcontainers package, still without fastify;
#   4. with `npm install drawing-api-emulator @excalidraw/utils@… jsdom@… @resvg/resvg-js@…` pictures are drawn.
# The installs run as a user's would (better-sqlite3 ships prebuilt binaries: nothing compiles). The package needs
# a Node `engines` admits (22.14 or later on 22, or 24 or later): on a machine whose own Node is outside it (Node 20,
# 22 below 22.14, the 23 line), the consumer runs on the Node the repo's `node` devDependency installed, as the repo's
# npm scripts do, and startEmulator() on the machine's own Node must refuse with the line meant for a consumer project.
# Run from anywhere in a checkout after `npm run build`: bash scripts/check-package.sh
set -euo pipefail
REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
MAX_PACKAGES=100
MAX_MB=42
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
log() { printf '[check-package] %s\n' "$*" >&2; }
fail() { log "FAIL: $*"; exit 1; }
quiet_install() { npm install --no-audit --no-fund --loglevel=error "$@" >/dev/null; }
old_node=""
# The guard's rule (src/store/database.ts): engines as npm's semver reads it, and Node-API 10 (better-sqlite3 13).
engines=$(node -p "require('$REPO_ROOT/package.json').engines.node")
admitted=$(node -p "require('$REPO_ROOT/node_modules/semver').satisfies(process.version, '$engines', { includePrerelease: true }) && Number(process.versions.napi) >= 10")
if [[ "$admitted" != true ]]; then
  old_node=$(command -v node)
  [[ -x "$REPO_ROOT/node_modules/.bin/node" ]] || fail "node $(node --version) is outside engines ($engines) and the repo's node devDependency is not installed (npm ci)"
  mkdir -p "$work/bin" && ln -s "$REPO_ROOT/node_modules/.bin/node" "$work/bin/node"
  export PATH="$work/bin:$PATH"
fi
log "node $(node --version)"

cd "$REPO_ROOT"
newer=$(find src fixtures -newer dist/index.js -type f | head -n 1)
[[ -z "$newer" ]] || fail "$newer is newer than dist/: run npm run build first"
tarball="$work/$(npm pack --silent --ignore-scripts --pack-destination "$work" | tail -n 1)"
repo_version() { node -p "require('./node_modules/$1/package.json').version"; }
ts_version=$(repo_version typescript); node_types=$(repo_version @types/node)
tc_version=$(node -p "require('./scripts/docker/snippets/package.json').dependencies.testcontainers")
peers=$(node -p "const p = require('./package.json').peerDependencies; ['@excalidraw/utils', 'jsdom', '@resvg/resvg-js'].map((n) => n + '@' + p[n]).join(' ')")

# --- 1. What the tarball holds -------------------------------------------------------------------
files=$(tar -tzf "$tarball" | sed 's#^package/##')
for needed in package.json README.md LICENSE docs/configuration.md dist/index.js dist/index.d.ts dist/server.js dist/cli.js dist/testcontainers.js \
    dist/testcontainers.d.ts dist/render/worker.mjs dist/render/worker-dom.mjs dist/ui-page/app.js dist/content/text-metrics.js dist/lib/scene-identity.js dist/vendor/elkjs/lib/elk.bundled.cjs dist/vendor/elkjs/LICENSE.md dist/verified-fixtures.json fixtures/default/acme/workspace.json fixtures/minimal/main/workspace.json; do
  grep -qx "$needed" <<<"$files" || fail "the tarball lacks $needed"
done
# Each bundled fixture set's database image, which an in-memory start of it opens (scripts/fixture-images.mjs).
for set in fixtures/*/; do
  set=$(basename "$set")
  for needed in "dist/fixture-images/$set.json" "dist/fixture-images/$set.sqlite"; do
    grep -qx "$needed" <<<"$files" || fail "the tarball lacks $needed"
  done
done
unwanted=$(grep -E '\.map$|^(src|test|scripts|\.ci)/|^docs/.*\.png$|^dist/(admin|api|content|harness|layers|lib|mcp|plugins|schemas|services|store)/.*\.js$' <<<"$files" | grep -vx -e 'dist/content/text-metrics.js' -e 'dist/lib/scene-identity.js' || true)
[[ -z "$unwanted" ]] || fail "the tarball holds what users do not need: $(head -n 5 <<<"$unwanted" | tr '\n' ' ')"
log "tarball: $(wc -l <<<"$files") files, $(du -k "$tarball" | cut -f1) kB packed"

# --- 2. A test suite's install --------------------------------------------------------------------
cd "$work"
echo '{ "name": "consumer", "private": true, "type": "module" }' > package.json
t0=$(date +%s.%N)
install_log=$(npm install --no-audit --no-fund --loglevel=warn "$tarball" 2>&1) || { echo "$install_log" >&2; fail "the install failed"; }
t1=$(date +%s.%N)
! grep -q 'install-scripts' <<<"$install_log" || { echo "$install_log" >&2; fail "npm warns about the package's install scripts"; }
lifecycle=$(node -p "Object.keys(require('./node_modules/drawing-api-emulator/package.json').scripts ?? {}).filter((n) => ['preinstall', 'install', 'postinstall', 'prepare'].includes(n)).join(' ')")
[[ -z "$lifecycle" ]] || fail "the published package.json has install-time scripts: $lifecycle"
count=$(node -p "Object.keys(require('./package-lock.json').packages).filter(Boolean).length")
mb=$(du -sm node_modules | cut -f1)
log "install: $count packages, $mb MB, $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }') s"
((count <= MAX_PACKAGES)) || fail "$count packages installed, the goal is at most $MAX_PACKAGES"
((mb <= MAX_MB)) || fail "$mb MB installed, the goal is at most $MAX_MB MB"
cp "$REPO_ROOT/scripts/package-smoke.mjs" .
smoke=$(node package-smoke.mjs lean) || { echo "$smoke" >&2; fail "the lean install does not serve"; }
# The install opens the build's image of the default set (app.ts's debug line), not seeding it: the image is this build's.
opened=$(node --input-type=module -e "import { startEmulator } from 'drawing-api-emulator'
await (await startEmulator({ logLevel: 'debug', logFormat: 'text' })).close()" 2>&1) || { echo "$opened" >&2; fail "a debug start failed"; }
grep -q "database: seeded from the build's image" <<<"$opened" || { echo "$opened" >&2; fail "the install did not open the build's fixture image"; }
warnings=$(grep -c 'scene pictures: only those drawn at build are shown .* to draw the others: npm install @excalidraw/utils@' <<<"$smoke" || true)
[[ "$warnings" == "1" ]] || { echo "$smoke" >&2; fail "expected one warning line saying what to install, got $warnings"; }
tail -n 1 <<<"$smoke" >&2
# On the machine's own Node, when it is older than engines: the refusal says what is true in a consumer project.
if [[ -n "$old_node" ]]; then
  refusal=$("$old_node" -e "import('drawing-api-emulator').then((m) => m.startEmulator())" 2>&1) && fail "startEmulator() started on $("$old_node" --version)"
  expected="Node.js 22.14 or later on the 22 line, or 24 or later, is needed, this is $("$old_node" --version) (the test runner, or whatever starts the emulator, must run on one of those)"
  grep -qF "$expected" <<<"$refusal" || { echo "$refusal" >&2; fail "on $("$old_node" --version) the refusal is not: $expected"; }
  log "on $("$old_node" --version): $expected"
fi
[[ "$(npx --no-install drawing-api-emulator --version)" == "$(node -p "require('$REPO_ROOT/package.json').version")" ]] || fail "the drawing-api-emulator command does not answer --version"

# --- 3. Types ---------------------------------------------------------------------------------------
quiet_install "typescript@$ts_version" "@types/node@$node_types"
cat > consumer.ts <<'TS'
import { startEmulator, buildApp, HarnessError, type RunningEmulator, type ProvisionedWorkspace, type EmulatorOptions, type EmulatorApp, type InjectResponse } from 'drawing-api-emulator'

const options: EmulatorOptions = { seed: 1, rateLimit: 0, fixturesDir: 'minimal', compat: { pageSize: 5 } }
const emulator: RunningEmulator = await startEmulator(options)
const provisioned: ProvisionedWorkspace = await emulator.createWorkspace({ fixtures: 'empty' })
const full: string = emulator.keys.full
const res = await fetch(`${emulator.apiUrl}/collections`, { headers: { authorization: `Bearer ${provisioned.keys.full}` } })
const [entry] = await emulator.requests({ limit: 1 })
console.log(res.status, full, entry?.fault?.kind, entry?.mcp?.tool, (await emulator.advanceClock(1000)).virtual, HarnessError.name)
const inject: InjectResponse = await emulator.app.inject({ url: '/_emulator/health' })
console.log(inject.statusCode, inject.json<{ status: string }>().status)
await emulator.close()
const app: EmulatorApp = await buildApp({ config: { fixturesDir: 'minimal' } })
const created = await app.inject({ method: 'POST', url: '/api/v1/collections', headers: { authorization: `Bearer ${full}` }, payload: { name: 'typed' } })
console.log(created.statusCode, created.headers['content-type'])
await app.close()
TS
cat > tsconfig.json <<'JSON'
{ "compilerOptions": { "strict": true, "skipLibCheck": false, "module": "NodeNext", "moduleResolution": "NodeNext",
  "target": "ES2022", "lib": ["ES2023"], "types": ["node"], "noEmit": true }, "files": ["consumer.ts"] }
JSON
[[ ! -e node_modules/fastify ]] || fail "fastify is installed with the package: the types check would not show that they need none"
npx tsc -p . || fail "a consumer does not type-check (strict, skipLibCheck false, nothing but the package and @types/node)"
quiet_install "testcontainers@$tc_version"
cp "$REPO_ROOT/src/testcontainers.ts" testcontainers-source.ts
cat > containers.ts <<'TS'
import { DrawingApiEmulatorContainer, DEMO_KEYS, type StartedDrawingApiEmulatorContainer } from 'drawing-api-emulator/testcontainers'

const started: StartedDrawingApiEmulatorContainer = await new DrawingApiEmulatorContainer().withBundledFixtures('minimal').withSeed(1).start()
const url: string = started.getApiUrl()
console.log(url, started.keys.full === DEMO_KEYS.full, started.getAdminHeaders())
await started.stop()
TS
strict=(--strict --skipLibCheck false --module NodeNext --moduleResolution NodeNext --target ES2022 --lib ES2023 --types node)
# erasableSyntaxOnly as tsconfig.json has it for the rest of src/ (tsc leaves this file out there). Explicit types on
# its exports (isolatedDeclarations) are checked by the build, which writes its declarations without type information.
npx tsc "${strict[@]}" --erasableSyntaxOnly --noEmit testcontainers-source.ts containers.ts \
  || fail "the Testcontainers module does not type-check against testcontainers $tc_version"
[[ ! -e node_modules/fastify ]] || fail "testcontainers brought fastify: the Testcontainers check would not show that it needs none"
log "types: strict consumer (skipLibCheck false, no fastify), the Testcontainers module against testcontainers $tc_version: OK"

# --- 4. Pictures opt-in ---------------------------------------------------------------------------
rm -rf node_modules package-lock.json
echo '{ "name": "consumer", "private": true, "type": "module" }' > package.json
# shellcheck disable=SC2086
quiet_install "$tarball" $peers
log "with the renderer ($peers): $(node -p "Object.keys(require('./package-lock.json').packages).filter(Boolean).length") packages, $(du -sm node_modules | cut -f1) MB"
smoke=$(node package-smoke.mjs pictures) || { echo "$smoke" >&2; fail "the install with the renderer does not draw"; }
! grep -q 'scene pictures are placeholders' <<<"$smoke" || fail "a warning although the renderer is installed"
tail -n 1 <<<"$smoke" >&2
log "OK"
