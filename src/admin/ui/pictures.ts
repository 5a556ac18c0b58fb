// GET /_emulator/ui/scenes/{sceneId}.svg|.png[?frameId=], and the raw JSON the API would answer: scene
// pictures for the page, for scripts and for take_screenshot's twin, keyed (ETag and render cache) by the drawing's
// identity (services/scene-content.ts `identity`, from the stored text), as take_screenshot's are.
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { RouteScope } from '../../lib/route-file.js'
import { fail } from '../../errors.js'
import type { SceneContent } from '../../schemas/scene-content.js'
import * as scenes from '../../services/scenes.js'
import * as workspaces from '../../services/workspaces.js'
import { collectionViews, emulatorContext, findScene, harnessContext, sceneDocument, sceneIdentityOf } from './data.js'

/** Scene text is user content: an SVG opened on its own may load nothing and run nothing. */
export const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:"

export interface PictureQuery { frameId?: string, v?: string, maxWidth?: number }

function sceneOrFail (app: RouteScope, sceneId: string) {
  const found = findScene(app, sceneId)
  if (found === undefined) fail('EMU_NOT_FOUND', 'Scene', sceneId)
  return found
}

/**
 * The scene, the identity of its drawing and the ETag of its picture; the content (`documentOf`) is read only when
 * a picture is drawn: never for a 304 or a cached picture. The renderer reads it before it awaits anything, in the
 * same synchronous run as the identity (render/contract.ts SceneSource): no write can fall between them.
 */
export function renderable (app: RouteScope, sceneId: string, frameId: string | undefined) {
  const found = sceneOrFail(app, sceneId)
  const scene = sceneIdentityOf(app, found)
  return { documentOf: () => sceneDocument(app, found), scene, etag: `"${scene.drawn}:${frameId ?? ''}"` }
}

function notModified (request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  reply.header('etag', etag).header('cache-control', 'no-cache')
  return request.headers['if-none-match'] === etag
}

export async function sendSvg (app: RouteScope, request: FastifyRequest, reply: FastifyReply, sceneId: string, query: PictureQuery) {
  const { documentOf, etag, scene } = renderable(app, sceneId, query.frameId)
  if (notModified(request, reply, etag)) return await reply.code(304).send()
  const svg = await app.renderer.renderSvg(documentOf, { frameId: query.frameId, scene })
  return await reply.type('image/svg+xml; charset=utf-8').header('content-security-policy', SVG_CSP).send(svg)
}

export async function sendPng (app: RouteScope, request: FastifyRequest, reply: FastifyReply, sceneId: string, query: PictureQuery) {
  const { documentOf, etag, scene } = renderable(app, sceneId, query.frameId)
  const sized = `${etag.slice(0, -1)}:${query.maxWidth ?? ''}"`
  if (notModified(request, reply, sized)) return await reply.code(304).send()
  const png = await app.renderer.renderPng(documentOf, { frameId: query.frameId, maxWidth: query.maxWidth, scene })
  return await reply.type('image/png').send(png)
}

export function contentJson (app: RouteScope, sceneId: string): unknown {
  return sceneDocument(app, sceneOrFail(app, sceneId))
}

export function recordJson (app: RouteScope, sceneId: string): unknown {
  return sceneOrFail(app, sceneId).scene
}

export interface DemoPicture { name: string, content: SceneContent, frameId: string | undefined }

/**
 * Every picture the demo page can show of the app's workspaces: each live and trashed scene whole and each of its
 * frames, with the content the SVG route draws. `npm run build` draws these for the bundled fixture sets.
 */
export function demoPictures (app: RouteScope): DemoPicture[] {
  return workspaces.listAll(emulatorContext(app)).flatMap(({ id: workspaceId }) => {
    const live = collectionViews(app, workspaceId).flatMap((view) => view.scenes)
    return [...live, ...scenes.listTrashed(harnessContext(app, workspaceId))].flatMap(({ metadata }) => {
      const content = sceneDocument(app, sceneOrFail(app, metadata.id))
      const frames = (content.elements as Array<Record<string, unknown>>)
        .filter((el) => (el.type === 'frame' || el.type === 'magicframe') && el.isDeleted !== true)
      return [undefined, ...frames.map((frame) => String(frame.id))]
        .map((frameId) => ({ name: frameId === undefined ? metadata.name : `${metadata.name} (frame ${frameId})`, content, frameId }))
    })
  })
}
