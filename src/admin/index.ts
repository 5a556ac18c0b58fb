// The control scope, prefix /_emulator: no public auth, no drift, no faults, not in the public OpenAPI.
// When EMULATOR_ADMIN_TOKEN is set, every admin route needs `Authorization: Bearer <token>`.
import { timingSafeEqual } from 'node:crypto'
import type { FastifyPluginAsync } from 'fastify'
import { fail } from '../errors.js'
import { BEARER_HEADER } from '../lib/routes.js'
import health from './health.js'
import ui from './ui/index.js'
import docsPage from './docs-page.js'
import harness from './harness.js'
import adminDocs, { collectAdminRoutes } from './openapi.js'
import workspaces from './workspaces.js'
import invites from './invites.js'
import keys from './keys.js'
import reset from './reset.js'
import snapshots from './snapshots.js'
import clock from './clock.js'
import drift from '../layers/drift/routes.js'
import faults from '../layers/faults/routes.js'
import rateLimit from '../layers/rate-limit/routes.js'
import requests from '../layers/journal/routes.js'
import stubs from '../layers/stubs/routes.js'
import compat from '../layers/compat/routes.js'
import coverage from '../layers/coverage/routes.js'
import shadow from './shadow.js'
import { addRouteFiles } from '../lib/route-file.js'

function sameSecret (given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** Routes that need the admin token when one is set: everything but health. */
const guarded: FastifyPluginAsync = async (app) => {
  const token = app.config.adminToken
  if (token !== undefined) {
    app.addHook('onRequest', async (request) => {
      const header = request.headers.authorization ?? ''
      const match = BEARER_HEADER.exec(header)
      if (!match) fail(header === '' ? 'EMU_ADMIN_TOKEN_MISSING' : 'EMU_ADMIN_TOKEN_MALFORMED')
      if (!sameSecret(match[1], token)) fail('EMU_ADMIN_TOKEN_WRONG')
    })
  }
  await app.register(harness)
  // -- admin routes (route files: lib/route-file.ts) --
  await addRouteFiles(app, [workspaces, invites, keys, reset, snapshots, clock, drift, faults, rateLimit, requests, stubs, compat, coverage, shadow, adminDocs])
}

const admin: FastifyPluginAsync = async (app) => {
  // FIDELITY-neutral choice: health stays open even with a token, because Docker HEALTHCHECKs and
  // orchestrators probe it without credentials, and it reveals nothing but liveness and counts.
  // First, so its onRoute hook sees every admin route registered after it, for GET /_emulator/docs/json.
  await app.register(collectAdminRoutes)
  await addRouteFiles(app, [health, docsPage])
  // The demo page admits a browser by a login cookie as well as the header (ui/access.ts).
  await app.register(ui)
  await app.register(guarded)
}

export default admin
