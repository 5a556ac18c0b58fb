// The control scope, prefix /_emulator: no public auth, no drift, no faults, not in the public OpenAPI.
// When EMULATOR_ADMIN_TOKEN is set, every admin route needs `Authorization: Bearer <token>`.
import { timingSafeEqual } from 'node:crypto'
import type { FastifyPluginAsync } from 'fastify'
import { fail } from '../errors.js'
import health from './health.js'

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
      const match = /^Bearer +(\S+) *$/i.exec(header)
      if (!match) fail(header === '' ? 'EMU_MISSING_AUTH' : 'EMU_MALFORMED_AUTH')
      if (!sameSecret(match[1], token)) fail('EMU_UNKNOWN_KEY')
    })
  }
  // -- admin routes (each file a plugin of its own) --
}

const admin: FastifyPluginAsync = async (app) => {
  // FIDELITY-neutral choice: health stays open even with a token, because Docker HEALTHCHECKs and
  // orchestrators probe it without credentials, and it reveals nothing but liveness and counts.
  await app.register(health)
  await app.register(guarded)
}

export default admin
