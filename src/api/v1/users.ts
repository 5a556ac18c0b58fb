// /workspaces/users and /workspaces/users/{userId}: writes for admins; reads for admins too
// unless the memberReads switch is `allow`.
import type { RouteFile } from '../../lib/route-file.js'
import { EmptyObjectSchema, PaginationQuerySchema, paginated, OPTIONAL_BODY, responses } from '../../schemas/common.js'
import { UpdateUserBodySchema, UserParamsSchema, WorkspaceUserSchema } from '../../schemas/users.js'
import * as users from '../../services/users.js'
import { ctxOf } from './auth.js'

const tags = ['workspace', 'users']

const userRoutes: RouteFile = async (app) => {
  // The service's own documents are silent on who reads users; the official CLI says admins, so a member's
  // personal key gets 403 by default (memberReads=deny; `allow` opens both reads).
  app.get('/workspaces/users', {
    config: { adminRead: true },
    schema: { tags, summary: 'Get workspace users', querystring: PaginationQuerySchema, response: responses(paginated(WorkspaceUserSchema), 400, 401, 403) }
  }, async (request) => users.list(ctxOf(request), request.query))

  // The reference declares no 404 here; an unknown id still answers 404 in the envelope (services/users.ts).
  app.get('/workspaces/users/:userId', {
    config: { adminRead: true },
    schema: { tags, summary: 'Get workspace user', params: UserParamsSchema, response: responses(WorkspaceUserSchema, 401, 403) }
  }, async (request) => users.get(ctxOf(request), request.params))

  // The reference declares no 400 here; a bad body still answers 400 in the envelope, as everywhere.
  app.patch('/workspaces/users/:userId', {
    config: { adminOnly: true },
    schema: {
      tags, summary: 'Update workspace user', [OPTIONAL_BODY]: true, params: UserParamsSchema, body: UpdateUserBodySchema,
      response: responses(WorkspaceUserSchema, 401, 403, 404)
    }
  }, async (request) => users.update(ctxOf(request), { ...request.params, patch: request.body ?? {} }))

  // Removing the last admin answers an undeclared 400 in the envelope.
  app.delete('/workspaces/users/:userId', {
    config: { adminOnly: true },
    schema: { tags, summary: 'Delete workspace user', params: UserParamsSchema, response: responses(EmptyObjectSchema, 401, 403, 404) }
  }, async (request) => users.remove(ctxOf(request), request.params))
}

export default userRoutes
