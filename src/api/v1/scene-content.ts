// /scenes/{sceneId}/content: GET, PUT (authoritative replacement) and PATCH (server-side merge) (catalogue §5).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { OPTIONAL_BODY, responses } from '../../schemas/common.js'
import { PatchSceneContentBodySchema, PutSceneContentBodySchema, SceneContentSchema, WrittenSceneContentSchema } from '../../schemas/scene-content.js'
import { SceneParamsSchema } from '../../schemas/scenes.js'
import * as sceneContent from '../../services/scene-content.js'
import { callerUserId, type OpContext } from '../../services/context.js'
import { ctxOf } from './auth.js'

const tags = ['scenes', 'scene-content']
const url = '/scenes/:sceneId/content'

const JSON_TYPE = 'application/json; charset=utf-8'

/** The read cache's key of one caller's GET of one scene's content (the same caller sees the same document). */
const contentKey = (ctx: OpContext, sceneId: string) => `content:${ctx.caller.workspaceId}:${callerUserId(ctx.caller) ?? ''}:${sceneId}`

const sceneContentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { stores } = app

  app.get(url, {
    schema: { tags, summary: 'Get scene content', params: SceneParamsSchema, response: responses(SceneContentSchema, 401, 403, 404) }
  }, async (request, reply) => {
    const ctx = ctxOf(request)
    // Built once per database version (store/read-cache.ts) from the stored elements text, which is never parsed, and
    // kept as bytes: a large drawing read again is neither measured nor encoded again.
    const body = stores.readCache.get(contentKey(ctx, request.params.sceneId), () => Buffer.from(sceneContent.getText(ctx, request.params)))
    return reply.type(JSON_TYPE).send(body)
  })

  app.put(url, {
    schema: {
      tags,
      summary: 'Replace scene content',
      params: SceneParamsSchema,
      body: PutSceneContentBodySchema,
      response: responses(WrittenSceneContentSchema, 400, 401, 403, 404)
    }
  }, async (request, reply) => {
    const ctx = ctxOf(request)
    const body = Buffer.from(sceneContent.put(ctx, { ...request.params, body: request.body }))
    // A replacement leaves no file unavailable, so its answer is exactly what GET serves until the next write.
    stores.readCache.set(contentKey(ctx, request.params.sceneId), body)
    return reply.type(JSON_TYPE).send(body)
  })

  app.patch(url, {
    schema: {
      tags,
      summary: 'Patch scene content',
      // The reference leaves this body optional; a missing body is `{}`, which the merge rule then refuses.
      [OPTIONAL_BODY]: true,
      params: SceneParamsSchema,
      body: PatchSceneContentBodySchema,
      response: responses(WrittenSceneContentSchema, 400, 401, 403, 404)
    }
  }, async (request, reply) => reply.type(JSON_TYPE).send(sceneContent.patch(ctxOf(request), { ...request.params, body: request.body })))
}

export default sceneContentRoutes
