// /scenes/{sceneId}/content: GET, PUT (authoritative replacement) and PATCH (server-side merge).
import type { RouteFile } from '../../lib/route-file.js'
import { JSON_TYPE } from '../../lib/routes.js'
import { OPTIONAL_BODY, responses } from '../../schemas/common.js'
import { PatchSceneContentBodySchema, PutSceneContentBodySchema, SceneContentSchema, WrittenSceneContentSchema } from '../../schemas/scene-content.js'
import { SceneParamsSchema } from '../../schemas/scenes.js'
import * as sceneContent from '../../services/scene-content.js'
import { ctxOf } from './auth.js'
import { fromReadCache, sendAsNextRead } from './cached.js'

const tags = ['scenes', 'scene-content']
const url = '/scenes/:sceneId/content'

const sceneContentRoutes: RouteFile = async (app) => {
  // Cached (api/v1/cached.ts), built from the stored elements text, which is never parsed.
  app.get(url, {
    config: { keptRead: true },
    schema: { tags, summary: 'Get scene content', params: SceneParamsSchema, response: responses(SceneContentSchema, 401, 403, 404) }
  }, fromReadCache((kept) => async (request, reply) => kept.text(request, reply, request.params, sceneContent.getText)))

  // A replacement leaves no file unavailable, so its answer is exactly what GET serves until the next write.
  app.put(url, {
    schema: {
      tags,
      summary: 'Replace scene content',
      params: SceneParamsSchema,
      body: PutSceneContentBodySchema,
      response: responses(WrittenSceneContentSchema, 400, 401, 403, 404)
    }
  }, async (request, reply) => sendAsNextRead(request, reply, request.params, (ctx, params) => sceneContent.put(ctx, { ...params, body: request.body })))

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
