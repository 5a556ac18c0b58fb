# drawing-api-emulator container image.
#
# Three stages on the same official base. `deps` and `build` do not depend on each other, so
# BuildKit runs them side by side (podman 4.3's --jobs races: leave it out); nothing is compiled in any of them
# (better-sqlite3 ships prebuilt Node-API binaries for glibc and musl, x64 and arm64):
#   deps    - what the server loads from node_modules at run time: the package's one dependency
#             (better-sqlite3, keeping only this platform's binary) and the optional peers the image serves
#             (the renderer's @excalidraw/utils, jsdom and @resvg/resvg-js, and @fastify/swagger-ui
#             for the /docs page), all at their package-lock.json versions; then
#             scripts/docker/prune-modules.mjs drops what nothing loads and proves the trimmed tree
#             still imports;
#   build   - the devDependencies `npm run build` needs (everything but the test, lint and benchmark
#             tools, and the `node` package that brings Node 24 to a clone's npm scripts) at their
#             lockfile versions, then what `npm run build` does: `tsc` to dist/, then
#             scripts/bundle-server.mjs (dist/server.js and the chunks it shares with the library
#             carry every other package; dist/render/ still loads the renderer's packages from
#             node_modules), scripts/bundle-editor.mjs (the editor's browser bundle), then
#             scripts/verify-fixtures.mjs (the bundled fixture sets, checked once here rather than at
#             every start) and scripts/prerender-pictures.mjs (the bundled fixtures' pictures, drawn
#             once here into dist/prerendered-pictures.json.br, so a fresh container serves them at
#             once; it starts the app, whose SQLite addon is prebuilt, and runs the renderer's packages,
#             which are devDependencies);
#   runtime - the same base with dist/ (and the pictures), fixtures/, package.json and the pruned
#             node_modules, running as the base image's unprivileged `node` user (uid 1000).
# The runtime base is node:24-bookworm-slim (Node 24, the active LTS line): debian:bookworm-slim
# plus only the node binary would be about 65 MB smaller (no npm, corepack, yarn or C headers), but
# the node binary would become one of this image's own layers instead of a base layer shared with
# other Node images, and an Alpine base cannot be built or tested on our machines (no Alpine mirror
# there). The image builds for linux/amd64 and linux/arm64 alike (scripts/release.sh publishes both):
# nothing here names an architecture.
#
# Build:  docker build -t drawing-api-emulator .   (BuildKit, the default builder since
#         Docker 23, is needed for `RUN --mount`)
#   Behind a TLS-intercepting proxy, give npm the CA bundle as a build secret (optional):
#   docker build --secret id=npm_ca,src=/etc/ssl/certs/ca-certificates.crt -t drawing-api-emulator .
#   With podman, add --format docker (its default OCI format has no HEALTHCHECK).
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
FROM node:24-bookworm-slim AS deps

WORKDIR /app

ENV npm_config_update_notifier=false \
    npm_config_fund=false \
    npm_config_audit=false

COPY package.json package-lock.json ./

# The optional `npm_ca` secret is a CA bundle for networks whose TLS is intercepted; it is used
# for this one command and never stored in a layer. Without it npm uses its built-in CAs.
# The manifest keeps its dependencies plus the optional peers the image serves (IMAGE_PEERS, at the
# versions its devDependencies give them), loses the rest, and `npm install` takes each package at
# its package-lock.json version (the check after it fails the build if one differs). No `prepare`
# build runs: the manifest has no scripts.
RUN --mount=type=secret,id=npm_ca \
    if [ -s /run/secrets/npm_ca ]; then export npm_config_cafile=/run/secrets/npm_ca; fi \
 && cp package-lock.json /tmp/package-lock.json \
 && node -e " \
      const fs = require('fs'); const p = JSON.parse(fs.readFileSync('package.json', 'utf8')); \
      const IMAGE_PEERS = ['@excalidraw/utils', 'jsdom', '@resvg/resvg-js', '@fastify/swagger-ui']; \
      for (const name of IMAGE_PEERS) p.dependencies[name] = p.devDependencies[name]; \
      for (const key of ['devDependencies', 'peerDependencies', 'peerDependenciesMeta', 'scripts']) delete p[key]; \
      fs.writeFileSync('package.json', JSON.stringify(p))" \
 && npm install --no-save \
 && node -e " \
      const want = require('/tmp/package-lock.json').packages; \
      const got = require('/app/node_modules/.package-lock.json').packages; \
      const off = Object.keys(got).filter((k) => !want[k] || want[k].version !== got[k].version); \
      if (off.length) { console.error('not the lockfile versions:', off.join(', ')); process.exit(1) }"

# better-sqlite3 keeps only the prebuilt binary for this image's platform (glibc, this
# architecture) and loses the SQLite sources a compile would use (~25 MB in all); then
# prune-modules.mjs (its header lists every rule; each is a no-op for packages that are not
# installed). The last line proves the trimmed addon still loads.
COPY scripts/docker/prune-modules.mjs /tmp/prune-modules.mjs
RUN cd node_modules/better-sqlite3 \
 && find prebuilds -mindepth 1 ! -name "linux-$(node -p process.arch).node" -exec rm -rf {} + \
 && rm -rf deps src binding.gyp \
 && cd /app \
 && node /tmp/prune-modules.mjs /app \
 && node -e "require('/app/node_modules/better-sqlite3')(':memory:').prepare('select 1').get()"

# ---------------------------------------------------------------------------------------------
FROM node:24-bookworm-slim AS build

WORKDIR /app

ENV npm_config_update_notifier=false \
    npm_config_fund=false \
    npm_config_audit=false

COPY package.json package-lock.json ./

# What `npm run build` needs: the manifest loses the devDependencies that only test, lint or measure
# (and its scripts), then `npm install` takes each package at its package-lock.json version (the check
# after it fails the build if one differs). --ignore-scripts: nothing is compiled here, better-sqlite3
# is needed for nothing but its name; esbuild's own install script only verifies its native binary
# (and would fetch it from the registry if missing): npm installs that binary with the optional
# package for this platform (@esbuild/linux-x64 or -arm64), which esbuild's API finds by itself,
# offline. None of this stage's node_modules reaches the runtime stage.
RUN --mount=type=secret,id=npm_ca \
    if [ -s /run/secrets/npm_ca ]; then export npm_config_cafile=/run/secrets/npm_ca; fi \
 && cp package-lock.json /tmp/package-lock.json \
 && node -e " \
      const fs = require('fs'); const p = JSON.parse(fs.readFileSync('package.json', 'utf8')); \
      const DEV_TOOLS = ['tap', 'tsx', 'eslint', '@eslint/js', 'typescript-eslint', 'dependency-cruiser', 'dockerfile-utils', \
        'fast-check', 'autocannon', 'playwright-core', 'node', '@modelcontextprotocol/sdk']; \
      for (const name of DEV_TOOLS) delete p.devDependencies[name]; \
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
# scripts/bundle-page.mjs writes the demo page's script, dist/ui-page/app.js (esbuild, as for the editor).
COPY scripts/bundle-server.mjs scripts/lazy-router-code.mjs scripts/precompile-validators.mjs scripts/precompile-serializers.mjs scripts/recorded-schemas.mjs \
  scripts/bundle-editor.mjs scripts/bundle-page.mjs scripts/verify-fixtures.mjs scripts/fixture-images.mjs scripts/prerender-pictures.mjs ./scripts/
COPY src ./src
COPY fixtures ./fixtures
# `npm run build`, minus what only the npm package uses: declarations and source maps (tsc's are
# not written; the bundler always writes its own, so they are removed), which nothing in the
# container reads (the Testcontainers module's two files stay: they are small). The bundle's *.LEGAL.txt files (licence notices of the code it inlines) stay.
# verify-fixtures.mjs checks the bundled fixture sets and records their digests in
# dist/verified-fixtures.json: the runtime stage copies the same fixtures/, so a start skips
# re-checking them (an own fixture folder mounted at run time is checked in full).
# fixture-images.mjs seeds each bundled set once with the bundle's own code into dist/fixture-images/, so a
# container's start opens that database image (keyed to this build, the fixtures and the schema) instead of
# seeding; dist/build-fixture-images.js, which made them, is removed after.
# prerender-pictures.mjs draws the bundled fixtures' pictures into dist/prerendered-pictures.json.br.
RUN node_modules/.bin/tsc -p tsconfig.json --declaration false --sourceMap false --inlineSources false \
 && node scripts/bundle-server.mjs \
 && node scripts/bundle-editor.mjs \
 && node scripts/bundle-page.mjs \
 && node scripts/verify-fixtures.mjs \
 && node scripts/fixture-images.mjs \
 && node scripts/prerender-pictures.mjs \
 && rm -f dist/*.js.map dist/build-fixture-images.js

# ---------------------------------------------------------------------------------------------
FROM node:24-bookworm-slim AS runtime

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
COPY --from=build /app/dist ./dist
COPY fixtures ./fixtures

# Node's compile cache (src/lib/compile-cache.ts): filled here by one start, as the `node` user the container
# runs as (Node keeps one cache folder per user), so every container's start reads V8's compiled code for the
# bundle instead of compiling it again; a cache Node cannot use only costs that compile.
ENV NODE_COMPILE_CACHE=/app/.node-compile-cache

# /data: where a file database goes (EMULATOR_DB=/data/emulator.sqlite); writable by `node`.
RUN mkdir -p /data /app/.node-compile-cache \
 && chown node:node /data /app/.node-compile-cache
VOLUME /data

USER node
COPY scripts/docker/warm-compile-cache.mjs /tmp/warm-compile-cache.mjs
RUN node /tmp/warm-compile-cache.mjs /app
EXPOSE 4000

# Uses only node (no curl/wget in the image) and follows $PORT if it is overridden.
HEALTHCHECK --interval=10s --timeout=3s --start-period=15s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 4000) + '/_emulator/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# Exec form: the base's entrypoint execs this, so node is PID 1 and receives SIGTERM itself. The V8 options are
# package.json's start script's (src/start.ts says why): a young generation of two fixed 8 MiB semi-spaces.
CMD ["node", "--min-semi-space-size=8", "--max-semi-space-size=8", "dist/server.js"]
