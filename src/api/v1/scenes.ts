// /scenes and /scenes/{sceneId}: scene metadata.
import type { RouteFile } from '../../lib/route-file.js'
import { EmptyObjectSchema, paginated, OPTIONAL_BODY, responses } from '../../schemas/common.js'
import {
  CreateSceneBodySchema, ListScenesQuerySchema, SceneParamsSchema, SceneRecordSchema, UpdateSceneBodySchema
} from '../../schemas/scenes.js'
import * as scenes from '../../services/scenes.js'
import { ctxOf } from './auth.js'
import { fromReadCache } from './cached.js'

const tags = ['scenes']

const sceneRoutes: RouteFile = async (app) => {
  // Cached (api/v1/cached.ts). The collection check (404 unknown, 403 `private` with a workspace key) runs inside
  // the list, so a kept page was checked too, and a refusal is never kept.
  app.get('/scenes', {
    config: { keptRead: true },
    schema: { tags, summary: 'Get scenes', querystring: ListScenesQuerySchema, response: responses(paginated(SceneRecordSchema), 400, 401, 403, 404) }
  }, fromReadCache((kept) => async (request, reply) => kept.page(request, reply, request.query, scenes.list)))

  app.post('/scenes', {
    schema: { tags, summary: 'Create a scene', body: CreateSceneBodySchema, response: responses(SceneRecordSchema, 400, 401, 403, 404) }
  }, async (request) => scenes.create(ctxOf(request), request.body))

  app.get('/scenes/:sceneId', {
    schema: { tags, summary: 'Get a scene', params: SceneParamsSchema, response: responses(SceneRecordSchema, 401, 403, 404) }
  }, async (request) => scenes.get(ctxOf(request), request.params))

  app.patch('/scenes/:sceneId', {
    schema: {
      tags, summary: 'Update a scene', [OPTIONAL_BODY]: true, params: SceneParamsSchema, body: UpdateSceneBodySchema,
      response: responses(SceneRecordSchema, 400, 401, 403, 404)
    }
  }, async (request) => scenes.update(ctxOf(request), { ...request.params, patch: request.body ?? {} }))

  app.delete('/scenes/:sceneId', {
    schema: { tags, summary: 'Delete a scene', params: SceneParamsSchema, response: responses(EmptyObjectSchema, 401, 403, 404) }
  }, async (request) => scenes.remove(ctxOf(request), request.params))
}

export default sceneRoutes
