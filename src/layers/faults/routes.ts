// GET/PUT/PATCH/DELETE /_emulator/faults: run-time control of the fault layer of /api/v1.
// PUT replaces (fields left out go back to their start-up values); PATCH changes only the fields given (rules set
// earlier stay); DELETE and reset restore start-up; DELETE /_emulator/faults/rules/{index} removes one rule.
import type { RouteFile } from '../../lib/route-file.js'
import { fail } from '../../errors.js'
import { Type } from 'typebox'
import { adminResponses } from '../../schemas/admin.js'
import { FaultSettingsSchema, PutFaultsBodySchema, type FaultSettings } from '../../schemas/faults.js'

/** A bad rule (the state throws RangeError) is the caller's mistake: a 400 that names it. */
function checked (change: () => FaultSettings): FaultSettings {
  try {
    return change()
  } catch (error) {
    if (error instanceof RangeError) fail('EMU_BAD_REQUEST', `body/${error.message}`)
    throw error
  }
}

const faults: RouteFile = async (app) => {
  const faultsPart = () => app.control.faults

  app.get('/faults', {
    schema: { summary: 'Fault settings: ambient latency, global fault rate, rules with their remaining firings', response: adminResponses(FaultSettingsSchema) }
  }, async () => faultsPart().view())

  app.put('/faults', {
    schema: {
      summary: 'Replace the fault settings (fields left out go back to their start-up values); restarts the seeded sequence',
      body: PutFaultsBodySchema,
      response: adminResponses(FaultSettingsSchema, 400)
    }
  }, async (request) => checked(() => faultsPart().set(request.body)))

  app.patch('/faults', {
    schema: {
      summary: 'Change only the fault settings given (the others and the rules keep their value, rules their counts)',
      body: PutFaultsBodySchema,
      response: adminResponses(FaultSettingsSchema, 400)
    }
  }, async (request) => checked(() => faultsPart().update(request.body)))

  app.delete('/faults/rules/:index', {
    schema: {
      summary: 'Remove one rule (the others keep their counts; later ones move up one index)',
      params: Type.Object({ index: Type.Integer({ minimum: 0 }) }),
      response: adminResponses(FaultSettingsSchema, 400, 404)
    }
  }, async (request) => faultsPart().removeRule(request.params.index) ?? fail('EMU_NOT_FOUND', 'Fault rule', String(request.params.index)))

  app.delete('/faults', {
    schema: { summary: 'Back to the start-up fault settings', response: adminResponses(FaultSettingsSchema) }
  }, async () => {
    faultsPart().reset()
    return faultsPart().view()
  })
}

export default faults
