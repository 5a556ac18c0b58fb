// /collections, /collections/{collectionId} and /collections/{collectionId}/scenes (catalogue §3).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { EmptyObjectSchema, PaginationQuerySchema, paginated, responses } from '../../schemas/common.js'
import {
  CollectionParamsSchema, CollectionSchema, CreateCollectionBodySchema, RenameCollectionBodySchema
} from '../../schemas/collections.js'
import { CreateCollectionSceneBodySchema, SceneRecordSchema } from '../../schemas/scenes.js'
import { privateCollectionOf, resolveCollection } from '../../services/collection-access.js'
import { createCollection, deleteCollection, renameCollection } from '../../services/collection-writes.js'
import { createScene } from '../../services/scene-writes.js'
import { actorOf } from './auth.js'

const tags = ['collections']

const collections: FastifyPluginAsyncTypebox = async (app) => {
  const { stores } = app

  app.get('/collections', {
    schema: { tags, summary: 'Get collections', querystring: PaginationQuerySchema, response: responses(paginated(CollectionSchema), 400, 401, 403) }
  }, async (request, reply) => {
    const { workspaceId, user } = request.auth
    // The serialised page is cached until the next write of any row (store/read-cache.ts): exact, and it skips the
    // query, the JSON.parse of each row and the serialiser on repeated reads.
    const key = `collections:${workspaceId}:${user?.id ?? ''}:${JSON.stringify(request.query)}`
    const body = stores.readCache.get(key, () => {
      const virtual = user ? privateCollectionOf(workspaceId, user) : undefined
      return reply.serialize(stores.collections.list(workspaceId, request.query, virtual))
    })
    return reply.type('application/json; charset=utf-8').send(body)
  })

  app.post('/collections', {
    schema: { tags, summary: 'Create a collection', body: CreateCollectionBodySchema, response: responses(CollectionSchema, 400, 401, 403) }
  }, async (request) => createCollection(app, actorOf(request), request.body.name))

  app.get('/collections/:collectionId', {
    schema: { tags, summary: 'Get a collection', params: CollectionParamsSchema, response: responses(CollectionSchema, 401, 403, 404) }
  }, async (request) => resolveCollection(stores, request.auth, request.params.collectionId))

  app.patch('/collections/:collectionId', {
    schema: { tags, summary: 'Rename a collection', params: CollectionParamsSchema, body: RenameCollectionBodySchema, response: responses(CollectionSchema, 400, 401, 403, 404) }
  }, async (request) => renameCollection(app, actorOf(request), request.params.collectionId, request.body.name))

  app.delete('/collections/:collectionId', {
    schema: { tags, summary: 'Delete a collection', params: CollectionParamsSchema, response: responses(EmptyObjectSchema, 400, 401, 403, 404) }
  }, async (request) => deleteCollection(app, actorOf(request), request.params.collectionId))

  app.get('/collections/:collectionId/scenes', {
    schema: { tags: ['collections', 'scenes'], summary: 'Get scenes of a collection', params: CollectionParamsSchema, querystring: PaginationQuerySchema, response: responses(paginated(SceneRecordSchema), 400, 401, 403, 404) }
  }, async (request) => {
    const collection = resolveCollection(stores, request.auth, request.params.collectionId)
    const viewer = { userId: request.auth.user?.id ?? null }
    return stores.scenes.list(request.auth.workspaceId, viewer, { collectionId: collection.id }, request.query)
  })

  app.post('/collections/:collectionId/scenes', {
    schema: { tags: ['collections', 'scenes'], summary: 'Create a scene in a collection', params: CollectionParamsSchema, body: CreateCollectionSceneBodySchema, response: responses(SceneRecordSchema, 400, 401, 403, 404) }
  }, async (request) => {
    const collection = resolveCollection(stores, request.auth, request.params.collectionId)
    return createScene(app, actorOf(request), { ...request.body, collectionId: collection.id })
  })
}

export default collections
