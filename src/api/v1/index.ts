// The public scope, prefix /api/v1. Registration order here IS the hook order (DESIGN §2):
//   onRequest:  auth (401/403 before any handler work)
//   validation (ajv) → handler → services/stores → serialization (response schema)
// Later layers slot in at their place: faults(pre) before auth, rate-limit after it, drift in onSend.
import type { FastifyPluginAsync } from 'fastify'
import auth from './auth.js'
import collections from './collections.js'
import scenes from './scenes.js'

const publicApi: FastifyPluginAsync = async (app) => {
  await app.register(auth)
  await app.register(collections)
  await app.register(scenes)
}

export default publicApi
