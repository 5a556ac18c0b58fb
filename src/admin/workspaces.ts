// POST/DELETE /_emulator/workspaces and POST /_emulator/workspaces/{id}/reset: one isolated workspace per test, with
// its own compatibility switches when asked (`compat`), so parallel tests can run both readings in one process.
import { OPTIONAL_BODY } from '../schemas/common.js'
import type { RouteFile } from '../lib/route-file.js'
import { EmptyObjectSchema } from '../schemas/common.js'
import {
  CreateWorkspaceBodySchema, ProvisionedWorkspaceSchema, WorkspaceIdParamsSchema, WorkspaceResetSchema,
  adminResponses
} from '../schemas/admin.js'

const workspaces: RouteFile = async (app) => {
  app.post('/workspaces', {
    schema: {
      summary: 'Create an isolated workspace (empty, or a copy of the demo workspace) with three fresh keys',
      [OPTIONAL_BODY]: true,
      body: CreateWorkspaceBodySchema,
      response: adminResponses(ProvisionedWorkspaceSchema, 400)
    }
  }, async (request) => {
    const { compat = {}, ...body } = request.body ?? {}
    const provisioned = app.harness.provisioning.create(body)
    app.control.compat.setWorkspace(provisioned.workspace.id, compat)
    return { ...provisioned, compat: app.control.compat.effective(provisioned.workspace.id) }
  })

  app.delete('/workspaces/:id', {
    schema: {
      summary: 'Delete a workspace with everything in it; its keys answer 401 afterwards',
      params: WorkspaceIdParamsSchema,
      response: adminResponses(EmptyObjectSchema, 404)
    }
  }, async (request) => {
    app.harness.provisioning.remove(request.params.id)
    return {}
  })

  app.post('/workspaces/:id/reset', {
    schema: {
      summary: 'Restore one workspace: a fixture workspace from its fixtures, an admin-made one to its state at creation',
      params: WorkspaceIdParamsSchema,
      response: adminResponses(WorkspaceResetSchema, 404, 409)
    }
  }, async (request) => app.harness.provisioning.reset(request.params.id))
}

export default workspaces
