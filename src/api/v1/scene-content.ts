// /scenes/{sceneId}/content: GET, PUT (authoritative replacement) and PATCH (server-side merge) (catalogue §5).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { OPTIONAL_BODY, responses } from '../../schemas/common.js'
import { PatchSceneContentBodySchema, PutSceneContentBodySchema, SceneContentSchema } from '../../schemas/scene-content.js'
import { SceneParamsSchema } from '../../schemas/scenes.js'
import { getSceneContent, patchSceneContent, putSceneContent } from '../../services/scene-content-writes.js'
import { actorOf } from './auth.js'

const tags = ['scenes', 'scene-content']
const url = '/scenes/:sceneId/content'

const sceneContent: FastifyPluginAsyncTypebox = async (app) => {
  app.get(url, {
    schema: { tags, summary: 'Get scene content', params: SceneParamsSchema, response: responses(SceneContentSchema, 401, 403, 404) }
  }, async (request) => getSceneContent(app, actorOf(request), request.params.sceneId))

  app.put(url, {
    schema: {
      tags,
      summary: 'Replace scene content',
      params: SceneParamsSchema,
      body: PutSceneContentBodySchema,
      response: responses(SceneContentSchema, 400, 401, 403, 404)
    }
  }, async (request) => putSceneContent(app, actorOf(request), request.params.sceneId, request.body))

  app.patch(url, {
    schema: {
      tags,
      summary: 'Patch scene content',
      // The reference leaves this body optional; a missing body is `{}`, which the merge rule then refuses.
      [OPTIONAL_BODY]: true,
      params: SceneParamsSchema,
      body: PatchSceneContentBodySchema,
      response: responses(SceneContentSchema, 400, 401, 403, 404)
    }
  }, async (request) => patchSceneContent(app, actorOf(request), request.params.sceneId, request.body))
}

export default sceneContent
