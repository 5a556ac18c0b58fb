#!/usr/bin/env bash
# Issue 16.4: the package as a consumer gets it. Packs it, installs the tarball into an empty project (production
# dependencies only, so devDependency types cannot hide a leak), and type-checks a consumer file with strict
# defaults and skipLibCheck off. Run from anywhere in a checkout: bash scripts/check-package.sh
set -euo pipefail
REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cd "$REPO_ROOT"
tarball=$(npm pack --silent --pack-destination "$work" | tail -n 1)
ts_version=$(node -p "require('./node_modules/typescript/package.json').version")
node_types=$(node -p "require('./node_modules/@types/node/package.json').version")

cd "$work"
cat > package.json <<'JSON'
{ "name": "consumer", "private": true, "type": "module" }
JSON
# --ignore-scripts: the native SQLite build is not what is checked here, only the published types.
npm install --silent --no-audit --no-fund --ignore-scripts --omit=dev "./$tarball" "typescript@$ts_version" "@types/node@$node_types" >/dev/null
cat > tsconfig.json <<'JSON'
{ "compilerOptions": { "strict": true, "skipLibCheck": false, "module": "NodeNext", "moduleResolution": "NodeNext",
  "target": "ES2022", "lib": ["ES2023"], "types": ["node"], "noEmit": true }, "files": ["consumer.ts"] }
JSON
cat > consumer.ts <<'TS'
import { startEmulator, HarnessError, type RunningEmulator, type ProvisionedWorkspace } from 'drawing-api-emulator'

const emulator: RunningEmulator = await startEmulator({ seed: 1, rateLimit: 0 })
const provisioned: ProvisionedWorkspace = await emulator.createWorkspace({ fixtures: 'empty' })
const res = await fetch(`${emulator.apiUrl}/collections`, { headers: { authorization: `Bearer ${provisioned.keys.full}` } })
console.log(res.status, (await emulator.requests({ limit: 1 }))[0]?.status, HarnessError.name)
await emulator.close()
TS
npx tsc -p . && echo "consumer type-check: OK (strict, skipLibCheck false, production dependencies only)"
