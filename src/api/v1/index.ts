// The public scope, prefix /api/v1. Registration order here IS the hook order (src/README.md, "The order of the
// hooks of one public request"); each layer writes what it did to the request record (layers/request-record.ts):
//   onRequest:  journal (arrival) + coverage (counts at close), one hook and one shared close listener (whenAnswerCloses
//               in layers/request-record.ts) → caller (who a valid key names, for the record;
//               answers nothing) → faults (pre-handler, so a fault never half-writes) → a drift profile's missing
//               routes → auth (401/403) → stubs → rate limit
//               (@fastify/rate-limit adds a route-level hook, which Fastify always runs after scope hooks)
//   preValidation: compat (unknownFields=strip drops undeclared body keys) → route checks
//   validation (ajv) → preHandler: the chaos sweep (EMULATOR_CHAOS=sweep) → handler → services/stores
//               → serialization (response schema)
//   onSend:     faults (after-commit) → rate limit (X-RateLimit-Reset as epoch when asked) → drift (on the serialized
//               copy only) → sweep (X-Emulator-Chaos) → journal (records what went out)
import type { FastifyInstance, FastifyPluginAsync } from 'fastify'
import { routeNotFound } from '../../errors.js'
import { addRouteFiles } from '../../lib/route-file.js'
import operations from './operations.js'
import auth, { identifyCaller } from './auth.js'
import rateLimit from '../../layers/rate-limit/plugin.js'
import faults from '../../layers/faults/plugin.js'
import journal, { journalArrival } from '../../layers/journal/plugin.js'
import drift, { missingRoutes } from '../../layers/drift/plugin.js'
import stubs from '../../layers/stubs/plugin.js'
import compat from '../../layers/compat/plugin.js'
import coverage, { sweep } from '../../layers/coverage/plugin.js'
import collections from './collections.js'
import scenes from './scenes.js'
import sceneContent from './scene-content.js'
import workspaces from './workspaces.js'
import users from './users.js'
import invites from './invites.js'
import logs from './logs.js'
import mcp from './mcp/index.js'
import { requestSlots } from '../../layers/request-record.js'
import { toolEntries } from './mcp/tools/index.js'
import { instructionsFor } from '../../mcp/format-guides.js'

/** The operation table and the layers, each a plugin whose hooks reach the routes after it, in hook order. */
async function registerLayers (app: FastifyInstance): Promise<void> {
  // The request record's and the matched route's slots, declared before any hook reads them (one request shape)
  await app.register(requestSlots)
  // onRoute: records every route below as an operation (signature, admin-only) for authorize and MCP
  await app.register(operations)
  // -- layers, in hook order --
  // onRequest first: stamps arrival and watches the socket, so requests a fault answers or drops are journaled too
  await app.register(journalArrival)
  // before faults: counts every answer when its response closes, a dropped one as well (through the journal's hook
  // and close listener, or its own when the journal is off)
  await app.register(coverage)
  // before faults: a request a fault answers, delays or drops is still its key's and workspace's in the record
  await app.register(identifyCaller)
  await app.register(faults)
  // a drift profile's missing route answers the target's not-found before auth and before the route runs
  await app.register(missingRoutes)
  await app.register(auth)
  // after auth: a stub rule may be scoped to a workspace or key, and keys are still checked
  await app.register(stubs)
  // route-level onRequest (runs after auth whatever the order) + onSend rewriting X-RateLimit-Reset when asked
  await app.register(rateLimit)
  // onSend after faults' (a faulted body is skipped), before the journal's (it records the drifted copy)
  await app.register(drift)
  // EMULATOR_CHAOS=sweep only: preHandler serves the operation's next failure; onSend (after drift) names it
  await app.register(sweep)
  // onSend last: records the body that actually went out
  await app.register(journal)
  // preValidation: unknownFields=strip drops undeclared body keys before the strict validator runs
  await app.register(compat)
}

const publicApi: FastifyPluginAsync = async (app) => {
  await registerLayers(app)
  // -- resources --
  await addRouteFiles(app, [collections, scenes, sceneContent, workspaces, users, invites, logs])
  // After the resources: the MCP tools ask the route table (operations.ts) about the routes above.
  await app.register(mcp, {
    tools: toolEntries(app.config.mcpToolset, app.operations), instructions: instructionsFor(app.config.mcpToolset), renderer: app.renderer
  })
  // Unknown routes under /api/v1 get the root's 404, but through this scope's hooks: journaled and faulted like any
  // other request. Auth skips them, so the answer stays 404 whatever the key.
  app.setNotFoundHandler(async (request) => {
    throw routeNotFound(request.method, request.url, (method, url) => app.findRoute({ method: method as 'GET', url }) !== null)
  })
}

export default publicApi
