// /scenes and /scenes/{sceneId}: scene metadata (catalogue §4).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { EmptyObjectSchema, paginated, OPTIONAL_BODY, responses } from '../../schemas/common.js'
import {
  CreateSceneBodySchema, ListScenesQuerySchema, SceneParamsSchema, SceneRecordSchema, UpdateSceneBodySchema
} from '../../schemas/scenes.js'
import * as scenes from '../../services/scenes.js'
import { callerUserId } from '../../services/context.js'
import { ctxOf } from './auth.js'

const tags = ['scenes']

const sceneRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { stores } = app

  app.get('/scenes', {
    schema: { tags, summary: 'Get scenes', querystring: ListScenesQuerySchema, response: responses(paginated(SceneRecordSchema), 400, 401, 403, 404) }
  }, async (request, reply) => {
    const ctx = ctxOf(request)
    // Serialised once per database version, like GET /collections (store/read-cache.ts). The collection check
    // (404 unknown, 403 `private` with a workspace key) runs inside the list, so a cached page was checked too.
    const key = `scenes:${ctx.caller.workspaceId}:${callerUserId(ctx.caller) ?? ''}:${ctx.compat.pageSize}:${JSON.stringify(request.query)}`
    const body = stores.readCache.get(key, () => reply.serialize(scenes.list(ctx, request.query)))
    return reply.type('application/json; charset=utf-8').send(body)
  })

  app.post('/scenes', {
    schema: { tags, summary: 'Create a scene', body: CreateSceneBodySchema, response: responses(SceneRecordSchema, 400, 401, 403, 404) }
  }, async (request) => scenes.create(ctxOf(request), request.body))

  app.get('/scenes/:sceneId', {
    schema: { tags, summary: 'Get a scene', params: SceneParamsSchema, response: responses(SceneRecordSchema, 401, 403, 404) }
  }, async (request) => scenes.get(ctxOf(request), request.params))

  app.patch('/scenes/:sceneId', {
    schema: { tags, summary: 'Update a scene', [OPTIONAL_BODY]: true, params: SceneParamsSchema, body: UpdateSceneBodySchema, response: responses(SceneRecordSchema, 400, 401, 403, 404) }
  }, async (request) => scenes.update(ctxOf(request), { ...request.params, patch: request.body ?? {} }))

  app.delete('/scenes/:sceneId', {
    schema: { tags, summary: 'Delete a scene', params: SceneParamsSchema, response: responses(EmptyObjectSchema, 401, 403, 404) }
  }, async (request) => scenes.remove(ctxOf(request), request.params))
}

export default sceneRoutes
