// /workspaces: the key's workspace, and its rename / avatar change (admins only).
import type { RouteFile } from '../../lib/route-file.js'
import { OPTIONAL_BODY, responses } from '../../schemas/common.js'
import { UpdateWorkspaceBodySchema, WorkspaceSchema } from '../../schemas/workspaces.js'
import * as workspaces from '../../services/workspaces.js'
import { ctxOf } from './auth.js'

const tags = ['workspace']

const workspaceRoutes: RouteFile = async (app) => {
  // Open to every key: it is the "who am I" call of clients (the official CLI's whoami and login).
  app.get('/workspaces', {
    schema: { tags, summary: 'Get workspace data', response: responses(WorkspaceSchema, 401, 403) }
  }, async (request) => workspaces.get(ctxOf(request)))

  app.patch('/workspaces', {
    config: { adminOnly: true },
    schema: {
      tags, summary: 'Update workspace data', [OPTIONAL_BODY]: true, body: UpdateWorkspaceBodySchema,
      response: responses(WorkspaceSchema, 400, 401, 403)
    }
  }, async (request) => workspaces.update(ctxOf(request), { patch: request.body ?? {} }))
}

export default workspaceRoutes
