// /collections, /collections/{collectionId} and /collections/{collectionId}/scenes.
import type { RouteFile } from '../../lib/route-file.js'
import { EmptyObjectSchema, PaginationQuerySchema, paginated, responses } from '../../schemas/common.js'
import {
  CollectionParamsSchema, CollectionSchema, CreateCollectionBodySchema, RenameCollectionBodySchema
} from '../../schemas/collections.js'
import { CreateCollectionSceneBodySchema, SceneRecordSchema } from '../../schemas/scenes.js'
import * as collections from '../../services/collections.js'
import * as scenes from '../../services/scenes.js'
import { ctxOf } from './auth.js'
import { fromReadCache } from './cached.js'

const tags = ['collections']

const collectionRoutes: RouteFile = async (app) => {
  // The two pages are cached (api/v1/cached.ts): a repeated read skips the query, the JSON.parse of each row and
  // the serialiser. The scenes of a collection are the same read as GET /scenes?collectionId=, so they cost the same.
  app.get('/collections', {
    config: { keptRead: true },
    schema: { tags, summary: 'Get collections', querystring: PaginationQuerySchema, response: responses(paginated(CollectionSchema), 400, 401, 403) }
  }, fromReadCache((kept) => async (request, reply) => kept.page(request, reply, request.query, collections.list)))

  app.post('/collections', {
    schema: { tags, summary: 'Create a collection', body: CreateCollectionBodySchema, response: responses(CollectionSchema, 400, 401, 403) }
  }, async (request) => collections.create(ctxOf(request), request.body))

  app.get('/collections/:collectionId', {
    schema: { tags, summary: 'Get a collection', params: CollectionParamsSchema, response: responses(CollectionSchema, 401, 403, 404) }
  }, async (request) => collections.get(ctxOf(request), request.params))

  app.patch('/collections/:collectionId', {
    schema: {
      tags, summary: 'Rename a collection', params: CollectionParamsSchema, body: RenameCollectionBodySchema,
      response: responses(CollectionSchema, 400, 401, 403, 404)
    }
  }, async (request) => collections.rename(ctxOf(request), { ...request.params, name: request.body.name }))

  app.delete('/collections/:collectionId', {
    schema: { tags, summary: 'Delete a collection', params: CollectionParamsSchema, response: responses(EmptyObjectSchema, 400, 401, 403, 404) }
  }, async (request) => collections.remove(ctxOf(request), request.params))

  app.get('/collections/:collectionId/scenes', {
    config: { keptRead: true },
    schema: {
      tags: ['collections', 'scenes'], summary: 'Get scenes of a collection', params: CollectionParamsSchema, querystring: PaginationQuerySchema,
      response: responses(paginated(SceneRecordSchema), 400, 401, 403, 404)
    }
  }, fromReadCache((kept) => async (request, reply) => kept.page(request, reply, { ...request.query, ...request.params }, scenes.list)))

  app.post('/collections/:collectionId/scenes', {
    schema: {
      tags: ['collections', 'scenes'], summary: 'Create a scene in a collection', params: CollectionParamsSchema, body: CreateCollectionSceneBodySchema,
      response: responses(SceneRecordSchema, 400, 401, 403, 404)
    }
  }, async (request) => scenes.create(ctxOf(request), { ...request.body, ...request.params }))
}

export default collectionRoutes
