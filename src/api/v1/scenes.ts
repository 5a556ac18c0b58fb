// /scenes and /scenes/{sceneId}: scene metadata (catalogue §4).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { EmptyObjectSchema, paginated, OPTIONAL_BODY, responses } from '../../schemas/common.js'
import {
  CreateSceneBodySchema, ListScenesQuerySchema, SceneParamsSchema, SceneRecordSchema, UpdateSceneBodySchema
} from '../../schemas/scenes.js'
import { resolveCollection } from '../../services/collection-access.js'
import { createScene, deleteScene, getVisibleScene, updateScene } from '../../services/scene-writes.js'
import { actorOf } from './auth.js'

const tags = ['scenes']

const scenes: FastifyPluginAsyncTypebox = async (app) => {
  const { stores } = app

  app.get('/scenes', {
    schema: { tags, summary: 'Get scenes', querystring: ListScenesQuerySchema, response: responses(paginated(SceneRecordSchema), 400, 401, 403, 404) }
  }, async (request, reply) => {
    const { collectionId, ...page } = request.query
    // An unknown collection is a 404, `private` with a workspace key a 403, as on the collection routes.
    if (collectionId !== undefined) resolveCollection(stores, request.auth, collectionId)
    const viewer = { userId: request.auth.user?.id ?? null }
    // Serialised once per database version, like GET /collections (store/read-cache.ts).
    const key = `scenes:${request.auth.workspaceId}:${viewer.userId ?? ''}:${JSON.stringify(request.query)}`
    const body = stores.readCache.get(key, () => reply.serialize(stores.scenes.list(request.auth.workspaceId, viewer, { collectionId }, page)))
    return reply.type('application/json; charset=utf-8').send(body)
  })

  app.post('/scenes', {
    schema: { tags, summary: 'Create a scene', body: CreateSceneBodySchema, response: responses(SceneRecordSchema, 400, 401, 403, 404) }
  }, async (request) => {
    const collection = resolveCollection(stores, request.auth, request.body.collectionId)
    return createScene(app, actorOf(request), { ...request.body, collectionId: collection.id })
  })

  app.get('/scenes/:sceneId', {
    schema: { tags, summary: 'Get a scene', params: SceneParamsSchema, response: responses(SceneRecordSchema, 401, 403, 404) }
  }, async (request) => getVisibleScene(app, actorOf(request), request.params.sceneId))

  app.patch('/scenes/:sceneId', {
    schema: { tags, summary: 'Update a scene', [OPTIONAL_BODY]: true, params: SceneParamsSchema, body: UpdateSceneBodySchema, response: responses(SceneRecordSchema, 400, 401, 403, 404) }
  }, async (request) => updateScene(app, actorOf(request), request.params.sceneId, request.body))

  app.delete('/scenes/:sceneId', {
    schema: { tags, summary: 'Delete a scene', params: SceneParamsSchema, response: responses(EmptyObjectSchema, 401, 403, 404) }
  }, async (request) => deleteScene(app, actorOf(request), request.params.sceneId))
}

export default scenes
