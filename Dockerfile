# drawing-api-emulator container image.
#
# Four stages on the same official base (better-sqlite3 is a native addon: it must be compiled
# against the same libc/libstdc++ and Node ABI it runs on). `deps` and `build` do not depend on
# each other, so BuildKit (and `podman build --jobs 2`) runs them side by side:
#   deps    - toolchain + production dependencies only (`npm ci --omit=dev`, which compiles
#             better-sqlite3), then scripts/docker/prune-modules.mjs drops what nothing loads at
#             run time (see that file) and proves the trimmed tree still imports;
#   build   - no toolchain, no native compile: production dependencies (for their types, and
#             as the bundle's input) plus `typescript`, `@types/*` and `esbuild` at their lockfile
#             versions, then what `npm run build` does: `tsc` to dist/, then
#             scripts/bundle-server.mjs, which replaces dist/server.js with the one-file bundle
#             `npm start` runs (the packages it leaves external, and dist/render/, still load from
#             node_modules and dist/ at run time), then scripts/verify-fixtures.mjs (the bundled
#             fixture sets, checked once here rather than at every start);
#   pictures - the pruned node_modules and the built dist/: scripts/prerender-pictures.mjs draws
#             the bundled fixtures' pictures (the last step of `npm run build`);
#   runtime - the same base with dist/ (and the pictures), fixtures/, package.json and the pruned
#             node_modules, running as the base image's unprivileged `node` user (uid 1000).
# The runtime base stays node:20-bookworm-slim: debian:bookworm-slim plus only the node binary
# would be about 65 MB smaller (no npm, corepack, yarn or C headers), but the 95 MB binary would
# become one of this image's own layers instead of a base layer shared with other Node images,
# and an Alpine base cannot be built or tested on our machines (no Alpine mirror there).
#
# Build:  docker build -t drawing-api-emulator .   (BuildKit, the default builder since
#         Docker 23, is needed for `RUN --mount`)
#   Behind a TLS-intercepting proxy, give npm the CA bundle as a build secret (optional):
#   docker build --secret id=npm_ca,src=/etc/ssl/certs/ca-certificates.crt -t drawing-api-emulator .
#   With podman, add --format docker (its default OCI format has no HEALTHCHECK) and --jobs 2.
#   (scripts/docker-smoke.sh builds this with podman on machines without a Docker engine.)
#
# Run:    docker run --rm -p 4000:4000 drawing-api-emulator
#   Persistent store: -v emulator-data:/data -e EMULATOR_DB=/data/emulator.sqlite
#     (/data is a volume owned by `node`; without EMULATOR_DB the store is in memory and each
#     start begins again from the fixtures.)
#   Own fixtures:     -v "$PWD/my-fixtures:/fixtures:ro" -e EMULATOR_FIXTURES=/fixtures
#     (the bundled sets live in /app/fixtures and are the default.)
#   Stop:   `docker stop` sends SIGTERM straight to node (PID 1, exec form); the app closes
#           gracefully and exits 0.

# ---------------------------------------------------------------------------------------------
FROM node:20-bookworm-slim AS deps

# python3, make and g++ are needed by node-gyp only when better-sqlite3 has no prebuilt binary
# to download (always the case on machines without internet); they stay in this stage.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*

WORKDIR /app

# npm_config_nodedir: compile against the headers the official image ships in
# /usr/local/include/node, instead of letting node-gyp download them (impossible offline).
# node-gyp reads it from the environment itself; npm 11's "Unknown env config nodedir" warning
# is harmless. JOBS=max: node-gyp compiles SQLite and the binding side by side.
ENV npm_config_nodedir=/usr/local \
    JOBS=max \
    npm_config_update_notifier=false \
    npm_config_fund=false \
    npm_config_audit=false

COPY package.json package-lock.json ./

# The optional `npm_ca` secret is a CA bundle for networks whose TLS is intercepted; it is used
# for this one command and never stored in a layer. Without it npm uses its built-in CAs.
# `--omit=dev`: no typescript here, and none needed: npm ci runs the package's `prepare` build
# only when src/ is present, and this stage never has src/.
RUN --mount=type=secret,id=npm_ca \
    if [ -s /run/secrets/npm_ca ]; then export npm_config_cafile=/run/secrets/npm_ca; fi \
 && npm ci --omit=dev

# The addon's build leftovers go first (SQLite amalgamation sources, object files, test
# extension; ~25 MB) and its symbols are stripped; then prune-modules.mjs (its header lists
# every rule; each is a no-op for packages that are not installed). The last line proves the
# trimmed addon still loads.
COPY scripts/docker/prune-modules.mjs /tmp/prune-modules.mjs
RUN cd node_modules/better-sqlite3 \
 && find build -mindepth 1 -maxdepth 1 ! -name Release -exec rm -rf {} + \
 && find build/Release -mindepth 1 ! -name better_sqlite3.node -exec rm -rf {} + \
 && strip --strip-unneeded build/Release/better_sqlite3.node \
 && rm -rf deps src \
 && cd /app \
 && node /tmp/prune-modules.mjs /app \
 && node -e "require('/app/node_modules/better-sqlite3')(':memory:').prepare('select 1').get()"

# ---------------------------------------------------------------------------------------------
FROM node:20-bookworm-slim AS build

WORKDIR /app

ENV npm_config_update_notifier=false \
    npm_config_fund=false \
    npm_config_audit=false

COPY package.json package-lock.json ./

# Only what `tsc` and the bundler need: the manifest loses every devDependency except typescript,
# @types/* and esbuild (and its scripts), then `npm install` takes each package at its
# package-lock.json version (the check after it fails the build if one differs). esbuild is here
# so the image starts from the same bundle as `npm start` (one file to read and compile instead of
# some 1,200 modules). --ignore-scripts: nothing is compiled here, better-sqlite3 is needed for
# nothing but its name; esbuild's own install script only verifies its native binary (and would
# fetch it from the registry if missing): npm installs that binary with the optional package for
# this platform (@esbuild/linux-x64), which esbuild's API finds by itself, offline.
# ~230 MB (95 of them @excalidraw/utils, 11 esbuild's binary) instead of the ~390 MB a full
# `npm ci` (test runner, linters, ...) installs; none of it reaches the runtime stage.
RUN --mount=type=secret,id=npm_ca \
    if [ -s /run/secrets/npm_ca ]; then export npm_config_cafile=/run/secrets/npm_ca; fi \
 && cp package-lock.json /tmp/package-lock.json \
 && node -e " \
      const fs = require('fs'); const p = JSON.parse(fs.readFileSync('package.json', 'utf8')); \
      p.devDependencies = Object.fromEntries(Object.entries(p.devDependencies || {}) \
        .filter(([name]) => name === 'typescript' || name === 'esbuild' || name.startsWith('@types/') \
          || ['@excalidraw/excalidraw', 'react', 'react-dom'].includes(name))); \
      delete p.scripts; fs.writeFileSync('package.json', JSON.stringify(p))" \
 && npm install --ignore-scripts --no-save \
 && node -e " \
      const want = require('/tmp/package-lock.json').packages; \
      const got = require('/app/node_modules/.package-lock.json').packages; \
      const off = Object.keys(got).filter((k) => !want[k] || want[k].version !== got[k].version); \
      if (off.length) { console.error('not the lockfile versions:', off.join(', ')); process.exit(1) }"

COPY tsconfig.json ./
# The scene editor's packages (kept by the filter above; ~210 MB, mermaid most of it) serve only
# scripts/bundle-editor.mjs, which writes the 3.8 MB browser bundle dist/ui-editor.
COPY scripts/bundle-server.mjs scripts/bundle-editor.mjs scripts/verify-fixtures.mjs ./scripts/
COPY src ./src
COPY fixtures ./fixtures
# `npm run build`, minus what only the npm package uses: declarations and source maps (tsc's are
# not written; the bundler always writes its own, so they are removed), which nothing in the
# container reads. The bundle's *.LEGAL.txt files (licence notices of the code it inlines) stay.
# verify-fixtures.mjs checks the bundled fixture sets and records their digests in
# dist/verified-fixtures.json: the runtime stage copies the same fixtures/, so a start skips
# re-checking them (an own fixture folder mounted at run time is checked in full).
RUN node_modules/.bin/tsc -p tsconfig.json --declaration false --sourceMap false --inlineSources false \
 && node scripts/bundle-server.mjs \
 && node scripts/bundle-editor.mjs \
 && node scripts/verify-fixtures.mjs \
 && rm -f dist/*.js.map

# ---------------------------------------------------------------------------------------------
# The last step of `npm run build`: scripts/prerender-pictures.mjs draws every scene and frame of the
# bundled fixture sets into dist/prerendered-pictures.json.br, so a fresh container serves their
# pictures at once. It starts the app (SQLite), which the build stage cannot (its better-sqlite3 is
# not compiled), so it runs here on the runtime's own pruned node_modules and the built dist/, which
# the runtime stage copies from here. Without the renderer's packages it draws nothing and says so.
FROM node:20-bookworm-slim AS pictures

WORKDIR /app
COPY package.json ./package.json
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY fixtures ./fixtures
COPY scripts/prerender-pictures.mjs ./scripts/
RUN node scripts/prerender-pictures.mjs

# ---------------------------------------------------------------------------------------------
FROM node:20-bookworm-slim AS runtime

LABEL org.opencontainers.image.title="drawing-api-emulator" \
      org.opencontainers.image.description="Local, stateful emulator of the drawing workspace service's public HTTP API v1" \
      org.opencontainers.image.licenses="MIT"

ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=4000

WORKDIR /app

# Application files stay owned by root (read-only for the `node` user that runs them).
COPY package.json ./package.json
COPY --from=deps /app/node_modules ./node_modules
COPY --from=pictures /app/dist ./dist
COPY fixtures ./fixtures

# /data: where a file database goes (EMULATOR_DB=/data/emulator.sqlite); writable by `node`.
RUN mkdir -p /data \
 && chown node:node /data
VOLUME /data

USER node
EXPOSE 4000

# Uses only node (no curl/wget in the image) and follows $PORT if it is overridden.
HEALTHCHECK --interval=10s --timeout=3s --start-period=15s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 4000) + '/_emulator/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# Exec form: the base's entrypoint execs this, so node is PID 1 and receives SIGTERM itself.
CMD ["node", "dist/server.js"]
