// /_emulator/drift: read and change the drift settings at run time, list the kinds, read and clear the ledger.
// The state is app.control.drift (state.ts), so POST /_emulator/reset returns it to its start.
import type { RouteFile } from '../../lib/route-file.js'
import { fail } from '../../errors.js'
import { checkPatch, driftKindCatalogue } from './state.js'
import { adminResponses } from '../../schemas/admin.js'
import { DriftKindListSchema, DriftLedgerSchema, DriftSettingsSchema, PutDriftBodySchema } from '../../schemas/drift.js'

const driftRoutes: RouteFile = async (app) => {
  const control = app.control.drift

  app.get('/drift', {
    schema: { summary: 'The drift settings in force', response: adminResponses(DriftSettingsSchema) }
  }, async () => control.settings())

  app.put('/drift', {
    schema: {
      summary: 'Change drift settings (keys left out keep their value); restarts the seeded stream',
      body: PutDriftBodySchema,
      response: adminResponses(DriftSettingsSchema, 400)
    }
  }, async (request) => {
    const problem = checkPatch(request.body)
    if (problem !== undefined) fail('EMU_BAD_REQUEST', problem)
    return control.update(request.body)
  })

  app.get('/drift/kinds', {
    schema: { summary: 'Every drift kind, with its description and whether it breaks a strict client', response: adminResponses(DriftKindListSchema) }
  }, async () => ({ kinds: driftKindCatalogue() }))

  app.get('/drift/ledger', {
    schema: { summary: 'What drift did since the last reset: counts by kind and by route', response: adminResponses(DriftLedgerSchema) }
  }, async () => control.ledger())

  app.delete('/drift/ledger', {
    schema: { summary: 'Clear the ledger and restart the seeded stream; answers the ledger as it was', response: adminResponses(DriftLedgerSchema) }
  }, async () => control.clearLedger())
}

export default driftRoutes
