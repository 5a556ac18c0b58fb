// The scene editor: GET /_emulator/ui/scenes/{sceneId}/edit (the page), and its own routes per workspace and scene:
// GET …/content (the document the API's GET answers), GET …/version ({sceneVersion, contentEpoch}, polled each
// second), PATCH …/content (a save: the body and merge of PATCH /api/v1/scenes/{sceneId}/content, through the same
// service, as the identity editor-identity.ts picks: audit entry, sceneVersion and updateCount move as for any client;
// the request journal records it, editor-journal.ts).
import type { FastifyReply } from 'fastify'
import type { RouteFile, RouteScope } from '../../lib/route-file.js'
import { Type } from 'typebox'
import { fail } from '../../errors.js'
import { JSON_TYPE } from '../../lib/routes.js'
import { PatchSceneContentBodySchema, type PatchSceneContentBody } from '../../schemas/scene-content.js'
import { contextFor, type OpContext } from '../../services/context.js'
import * as sceneContent from '../../services/scene-content.js'
import * as workspaces from '../../services/workspaces.js'
import { findScene, harnessContext, sceneDocument, type FoundScene } from './data.js'
import assetRoutes, { editorBuilt } from './editor-assets.js'
import { editorCaller, editorIdentity } from './editor-identity.js'
import { journaledSaves } from './editor-journal.js'
import { editorPage } from './editor-page.js'
import { PAGE_CSP } from './layout.js'

interface SceneParams { workspaceId: string, sceneId: string }
const SceneParamsSchema = Type.Object({ workspaceId: Type.String(), sceneId: Type.String() })

/** The workspace's name; an unknown workspace is a 404. */
function workspaceName (app: RouteScope, workspaceId: string): string {
  return workspaces.get(harnessContext(app, workspaceId)).name
}

/** A scene of this workspace, live or trashed; another workspace's scene is a 404 like an unknown one. */
function sceneIn (app: RouteScope, { workspaceId, sceneId }: SceneParams): FoundScene {
  workspaceName(app, workspaceId)
  const found = findScene(app, sceneId, workspaceId)
  if (found === undefined) fail('EMU_NOT_FOUND', 'Scene', sceneId)
  return found
}

function saveContext (app: RouteScope, found: FoundScene, ip: string): OpContext {
  return contextFor(app, editorCaller(found.workspaceId, editorIdentity(app, found), ip))
}

async function sendJsonText (reply: FastifyReply, text: string) {
  return await reply.type(JSON_TYPE).header('cache-control', 'no-store').send(text)
}

const editorRoutes: RouteFile = async (app) => {
  const hidden = { hide: true }
  await assetRoutes(app)

  app.get<{ Params: { sceneId: string } }>('/ui/scenes/:sceneId/edit', { schema: hidden }, async (request, reply) => {
    const found = findScene(app, request.params.sceneId)
    if (found === undefined) fail('EMU_NOT_FOUND', 'Scene', request.params.sceneId)
    const workspace = { id: found.workspaceId, name: workspaceName(app, found.workspaceId) }
    const body = editorPage({
      workspace, scene: found.scene, identity: editorIdentity(app, found), built: editorBuilt(), signOut: app.config.adminToken !== undefined
    })
    return await reply.type('text/html; charset=utf-8').header('content-security-policy', PAGE_CSP).header('cache-control', 'no-store').send(body)
  })

  app.get<{ Params: SceneParams }>('/ui/workspaces/:workspaceId/scenes/:sceneId/content', {
    schema: { ...hidden, params: SceneParamsSchema }
  }, async (request, reply) =>
    await sendJsonText(reply, JSON.stringify(sceneDocument(app, sceneIn(app, request.params)))))

  app.get<{ Params: SceneParams }>('/ui/workspaces/:workspaceId/scenes/:sceneId/version', {
    schema: { ...hidden, params: SceneParamsSchema }
  }, async (request, reply) => {
    const { sceneVersion, contentEpoch } = sceneIn(app, request.params).scene.metadata
    return await sendJsonText(reply, JSON.stringify({ sceneVersion, contentEpoch }))
  })

  app.patch<{ Params: SceneParams, Body: PatchSceneContentBody | undefined }>('/ui/workspaces/:workspaceId/scenes/:sceneId/content', {
    schema: { ...hidden, params: SceneParamsSchema, body: PatchSceneContentBodySchema },
    ...journaledSaves(app)
  }, async (request, reply) => {
    const found = sceneIn(app, request.params)
    // A trashed scene, or a private one whose owner left, has no identity that may write it: the service says 404.
    const written = sceneContent.patch(saveContext(app, found, request.ip), { sceneId: request.params.sceneId, body: request.body ?? {} })
    return await sendJsonText(reply, written)
  })
}

export default editorRoutes
