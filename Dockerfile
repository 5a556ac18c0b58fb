# drawing-api-emulator container image.
#
# Two stages on the same official base family (better-sqlite3 is a native addon: it must be
# compiled against the same libc/libstdc++ and Node ABI it runs on):
#   build   - toolchain + all dependencies, compile better-sqlite3, `tsc` to dist/, then prune to
#             production dependencies and drop the addon's build leftovers;
#   runtime - the same base with dist/, fixtures/, package.json and production node_modules only,
#             running as the base image's unprivileged `node` user (uid 1000).
#
# Build:  docker build -t drawing-api-emulator .   (BuildKit, the default builder since
#         Docker 23, is needed for `RUN --mount`)
#   Behind a TLS-intercepting proxy, give npm the CA bundle as a build secret (optional):
#   docker build --secret id=npm_ca,src=/etc/ssl/certs/ca-certificates.crt -t drawing-api-emulator .
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
FROM node:20-bookworm-slim AS build

# python3, make and g++ are needed by node-gyp only when better-sqlite3 has no prebuilt binary
# to download (always the case on machines without internet); they stay in this stage.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*

WORKDIR /app

# npm_config_nodedir: compile against the headers the official image ships in
# /usr/local/include/node, instead of letting node-gyp download them (impossible offline).
# node-gyp reads it from the environment itself; npm 11's "Unknown env config nodedir" warning
# is harmless.
ENV npm_config_nodedir=/usr/local \
    npm_config_update_notifier=false \
    npm_config_fund=false \
    npm_config_audit=false

COPY package.json package-lock.json ./

# The optional `npm_ca` secret is a CA bundle for networks whose TLS is intercepted; it is used
# for this one command and never stored in a layer. Without it npm uses its built-in CAs.
# npm ci runs the package's `prepare` build only when src/ is present, so here it installs and builds nothing.
RUN --mount=type=secret,id=npm_ca \
    if [ -s /run/secrets/npm_ca ]; then export npm_config_cafile=/run/secrets/npm_ca; fi \
 && npm ci

COPY tsconfig.json ./
COPY src ./src
RUN npm run build

# Production dependencies only, then drop what nothing loads at run time: the addon's build
# leftovers (SQLite amalgamation sources, object files, test extension; ~25 MB) and type
# declarations, source maps and READMEs/CHANGELOGs of dependencies (~10 MB; licences stay;
# swagger-ui's served assets are left whole).
# The last line proves the trimmed addon still loads.
RUN npm prune --omit=dev \
 && cd node_modules/better-sqlite3 \
 && find build -mindepth 1 -maxdepth 1 ! -name Release -exec rm -rf {} + \
 && find build/Release -mindepth 1 ! -name better_sqlite3.node -exec rm -rf {} + \
 && rm -rf deps src \
 && cd /app/node_modules \
 && find . -type f ! -path './@fastify/swagger-ui/static/*' \
      \( -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' -o -name '*.map' \
         -o -iname 'README.md' -o -iname 'CHANGELOG.md' -o -iname 'HISTORY.md' \) -delete \
 && node -e "require('/app/node_modules/better-sqlite3')(':memory:').prepare('select 1').get()"

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
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
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
