// GET/PUT/DELETE /_emulator/faults and GET/PUT /_emulator/rate-limit: run-time control of the fault and rate-limit
// layers of /api/v1. PUT replaces (fields left out go back to their start-up values); DELETE and reset restore start-up.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { FAULTS_PART, type FaultsControl } from '../control/faults.js'
import { fail } from '../errors.js'
import { adminResponses } from '../schemas/admin.js'
import {
  FaultSettingsSchema, PutFaultsBodySchema, PutRateLimitBodySchema, RATE_LIMIT_PART, RateLimitSettingsSchema,
  type RateLimitControl
} from '../schemas/faults.js'

function part<T> (app: FastifyInstance, name: string): T {
  const found = app.control.get(name) as T | undefined
  // Only a composition without the public scope lacks it; say so instead of failing on undefined.
  if (found === undefined) throw new Error(`control part "${name}" is not registered`)
  return found
}

const faults: FastifyPluginAsyncTypebox = async (app) => {
  const faultsPart = () => part<FaultsControl>(app, FAULTS_PART)
  const rateLimitPart = () => part<RateLimitControl>(app, RATE_LIMIT_PART)

  app.get('/faults', {
    schema: { summary: 'Fault settings: ambient latency, global fault rate, rules with their remaining firings', response: adminResponses(FaultSettingsSchema) }
  }, async () => faultsPart().view())

  app.put('/faults', {
    schema: {
      summary: 'Replace the fault settings (fields left out go back to their start-up values); restarts the seeded sequence',
      body: PutFaultsBodySchema,
      response: adminResponses(FaultSettingsSchema, 400)
    }
  }, async (request) => {
    try {
      return faultsPart().set(request.body)
    } catch (error) {
      if (error instanceof RangeError) fail('EMU_BAD_REQUEST', `body/${error.message}`)
      throw error
    }
  })

  app.delete('/faults', {
    schema: { summary: 'Back to the start-up fault settings', response: adminResponses(FaultSettingsSchema) }
  }, async () => {
    faultsPart().reset()
    return faultsPart().view()
  })

  app.get('/rate-limit', {
    schema: { summary: 'Per-key rate limit of /api/v1', response: adminResponses(RateLimitSettingsSchema) }
  }, async () => rateLimitPart().settings())

  app.put('/rate-limit', {
    schema: {
      summary: 'Replace the rate-limit settings (fields left out go back to their start-up values); every key starts a new window',
      body: PutRateLimitBodySchema,
      response: adminResponses(RateLimitSettingsSchema, 400)
    }
  }, async (request) => rateLimitPart().set(request.body))
}

export default faults
