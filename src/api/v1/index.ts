// The public scope, prefix /api/v1. Registration order here IS the hook order (DESIGN §2):
//   onRequest:  faults (pre-handler, so a fault never half-writes) → auth (401/403) → rate limit
//               (@fastify/rate-limit adds a route-level hook, which Fastify always runs after scope hooks)
//   validation (ajv) → handler → services/stores → serialization (response schema)
//   onSend:     faults (after-commit) → drift (on the serialized copy only) → journal (records what went out)
import type { FastifyPluginAsync } from 'fastify'
import auth from './auth.js'
import collections from './collections.js'
import scenes from './scenes.js'

const publicApi: FastifyPluginAsync = async (app) => {
  // -- layers, in hook order --
  await app.register(auth)
  // -- resources --
  await app.register(collections)
  await app.register(scenes)
}

export default publicApi
