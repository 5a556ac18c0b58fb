// POST /_emulator/reset: back to the loaded fixtures (admin-made workspaces dropped), every control part
// (drift, faults, journal, clock...) to its start. Snapshots are kept: they are the harness's, not the service's.
import type { RouteFile } from '../lib/route-file.js'
import { ResetAllSchema, adminResponses } from '../schemas/admin.js'

const reset: RouteFile = async (app) => {
  app.post('/reset', {
    schema: {
      summary: 'Restore everything to the loaded fixtures and every control setting to its start',
      response: adminResponses(ResetAllSchema)
    }
  }, async () => {
    const workspaces = app.harness.provisioning.resetAll()
    const control = app.control.resetAll()
    return { workspaces, control }
  })
}

export default reset
