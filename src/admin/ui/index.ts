// /_emulator/ui: the demo page. Server-rendered HTML and one bundled script (browser/page/); it reads the workspace
// through services/ and the harness, renders scenes through the renderer, and changes settings through the
// existing admin API (/_emulator/ui/api/* forwards there, adding the admin token when one is set).
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import type { RouteFile, RouteScope } from '../../lib/route-file.js'
import { fail } from '../../errors.js'
import { clockState } from '../clock.js'
import pageScript from './page-script.js'
import { collectionViews, emulatorContext, harnessContext, sceneDocument, sceneVersions, workspaceSummaries, findScene, type FoundScene } from './data.js'
import * as scenes from '../../services/scenes.js'
import * as workspaces from '../../services/workspaces.js'
import { admitted, cookieHeader, loginPage, logoutCookieHeader, refuse, tokenMatches } from './access.js'
import editorRoutes from './editor-routes.js'
import { faviconSvg } from './favicon.js'
import { PAGE_CSP, STYLES, page } from './layout.js'
import { journalBody, overviewBody, sceneBody, sceneCard, workspaceBody, type FirstRequest, type FixtureSecrets, type OverviewFacts } from './pages.js'
import { switchesBody } from './switches.js'
import { usableKeys } from '../../harness/fixtures.js'
import { shadowBody, shadowLive } from './shadow.js'
import { coverageBody, coverageTable, requiredOutcomes, type CoverageFacts } from './coverage.js'
import { shadowSourceOf } from '../shadow.js'
import { toText } from './html.js'
import { contentJson, recordJson, sendPng, sendSvg, type PictureQuery } from './pictures.js'
import type { Element } from '../../schemas/elements.js'
import { listSlides } from '../../mcp/slides.js'
import { addRouteFiles } from '../../lib/route-file.js'

const startedAt = Date.now()
const hidden = { schema: { hide: true } }

function sendPage (reply: FastifyReply, title: string, body: Parameters<typeof page>[0]['body'], workspaceId?: string) {
  const signOut = reply.server.config.adminToken !== undefined
  const shadow = reply.server.shadowSource !== undefined
  return reply.type('text/html; charset=utf-8').header('content-security-policy', PAGE_CSP).send(page({ title, body, workspaceId, signOut, shadow }))
}

function overviewFacts (app: RouteScope): OverviewFacts {
  const { drift, faults, journal } = app.control
  const faultView = faults.view()
  return {
    version: app.emulatorVersion,
    uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
    clock: clockState(app.clock),
    drift: drift.settings(),
    faults: { faultRate: faultView.faultRate, latencyMs: faultView.latencyMs, rules: faultView.rules.length },
    rateLimit: rateLimitFacts(app),
    journal: { capacity: journal.capacity, size: journal.list({ limit: 1 }).total },
    renderer: app.config.renderer
  }
}

function rateLimitFacts (app: RouteScope): OverviewFacts['rateLimit'] {
  const { rateLimit, compat } = app.control
  const by = compat.settings().rateLimitBy
  const otherwise = workspaces.listAll(emulatorContext(app)).filter((w) => compat.effective(w.id).rateLimitBy !== by).map((w) => w.name)
  return { limit: rateLimit.settings().limit, by, otherwise }
}

/** The loaded fixtures' key secrets (public values, in the fixture files) of the workspaces seeded from them. */
function fixtureSecrets (app: RouteScope): FixtureSecrets {
  return new Map(app.fixtures.workspaces.flatMap(({ workspace, keys }) => keys.map((key) => [`${workspace.id} ${key.id}`, key.secret] as const)))
}

/** A first request to suggest while the journal is empty: this origin, and a full key of the first fixture workspace. */
function firstRequest (app: RouteScope, request: FastifyRequest): FirstRequest | null {
  if (app.control.journal.list({ limit: 1 }).total > 0) return null
  const key = usableKeys(app.fixtures.workspaces[0]?.keys ?? [], app.clock.now()).find((k) => k.kind === 'workspace' && k.permission === 'full')
  return { origin: `${request.protocol}://${request.host}`, key: key?.secret ?? null }
}

function summaryOf (app: RouteScope, workspaceId: string) {
  const summary = workspaceSummaries(app).find((w) => w.id === workspaceId)
  if (summary === undefined) fail('EMU_NOT_FOUND', 'Workspace', workspaceId)
  return summary
}

/**
 * Frames of the scene's live content, one picture each on the scene page: the slides in presentation order (the
 * order list_slides answers, which update_slide and any REST move change), then magic frames in document order.
 */
function framesOf (app: RouteScope, found: FoundScene) {
  const { elements } = sceneDocument(app, found) as { elements: Element[] }
  const slides = listSlides({ elements }).slides.map((slide) => ({ id: slide.frameId, name: slide.name }))
  const magic = elements.filter((e) => e.type === 'magicframe' && e.isDeleted !== true)
    .map((e) => ({ id: String(e.id), name: typeof e.name === 'string' ? e.name : null }))
  return [...slides, ...magic]
}

/** INFER: with the sweep off, the failures the sweep would serve by default are the ones worth asking of a suite. */
const DEFAULT_REQUIRED = ['429', '503', 'drop', 'drift']

/** A query parameter given once, trimmed; a repeated one (an array) or an empty one counts as not given. */
const single = (value: unknown): string | undefined => typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined

function coverageFacts (app: RouteScope, query: Record<string, unknown>): CoverageFacts {
  const { coverage, sweep } = app.control
  const workspaceId = single(query.workspaceId)
  const required = requiredOutcomes(single(query.outcomes), sweep.enabled ? sweep.outcomes : DEFAULT_REQUIRED)
  const view = coverage.view(workspaceId)
  const check = required.length === 0 ? { ok: true, gaps: [] } : coverage.check({ operations: 'called', outcomes: required, workspaceId })
  return { coverage: view, required, check, workspaceId, sweep: { enabled: sweep.enabled, outcomes: sweep.outcomes } }
}

/** The overview pages: the workspaces, the shadow, the journal, coverage and the switches. */
const overviewPages: RouteFile = async (app) => {
  app.get('/ui', hidden, async (request, reply) =>
    sendPage(reply, 'Overview', overviewBody(overviewFacts(app), workspaceSummaries(app), fixtureSecrets(app), firstRequest(app, request))))
  app.get('/ui/shadow', hidden, async (_request, reply) => sendPage(reply, 'Shadow', shadowBody(shadowSourceOf(app.shadowSource).report())))
  // The page's live part, which its script reads again each second (the journal's rows are read the same way).
  app.get('/ui/shadow/live', hidden, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(toText(shadowLive(shadowSourceOf(app.shadowSource).report()))))
  app.get('/ui/journal', hidden, async (request, reply) => sendPage(reply, 'Journal', journalBody(workspaceSummaries(app), firstRequest(app, request))))
  app.get<{ Querystring: Record<string, unknown> }>('/ui/coverage', hidden, async (request, reply) =>
    sendPage(reply, 'Coverage', coverageBody(coverageFacts(app, request.query))))
  app.get<{ Querystring: Record<string, unknown> }>('/ui/coverage/table', hidden, async (request, reply) =>
    reply.type('text/html; charset=utf-8').header('content-security-policy', PAGE_CSP).send(toText(coverageTable(coverageFacts(app, request.query)))))
  app.get('/ui/switches', hidden, async (_request, reply) => {
    const { drift, faults } = app.control
    return sendPage(reply, 'Drift and faults', switchesBody(drift.settings(), drift.ledger(), faults.view(), drift.kinds()))
  })
}

/** A workspace's page, a scene's page and picture, its card, its content and record, the live versions. */
const scenePages: RouteFile = async (app) => {
  app.get<{ Params: { workspaceId: string }, Querystring: { trash?: string } }>('/ui/workspaces/:workspaceId', hidden, async (request, reply) => {
    const { workspaceId } = request.params
    const summary = summaryOf(app, workspaceId)
    const trashed = request.query.trash === undefined ? null : scenes.listTrashed(harnessContext(app, workspaceId))
    return sendPage(reply, summary.name, workspaceBody(summary, collectionViews(app, workspaceId), trashed), workspaceId)
  })
  app.get<{ Params: { scene: string }, Querystring: PictureQuery }>('/ui/scenes/:scene', hidden, async (request, reply) => {
    const { scene } = request.params
    const maxWidth = request.query.maxWidth === undefined ? undefined : Number(request.query.maxWidth)
    const query = { ...request.query, maxWidth: Number.isFinite(maxWidth) ? maxWidth : undefined }
    if (scene.endsWith('.svg')) return await sendSvg(app, request, reply, scene.slice(0, -4), query)
    if (scene.endsWith('.png')) return await sendPng(app, request, reply, scene.slice(0, -4), query)
    const found = findScene(app, scene)
    if (found === undefined) fail('EMU_NOT_FOUND', 'Scene', scene)
    const workspace = { id: found.workspaceId, name: workspaces.get(harnessContext(app, found.workspaceId)).name }
    return sendPage(reply, found.scene.metadata.name, sceneBody(workspace, found, framesOf(app, found)), found.workspaceId)
  })
  app.get<{ Params: { sceneId: string } }>('/ui/cards/:sceneId', hidden, async (request, reply) => {
    const found = findScene(app, request.params.sceneId)
    // A trashed scene's card is drawn once with the page; only live cards are refreshed.
    if (found === undefined || found.trashed) fail('EMU_NOT_FOUND', 'Scene', request.params.sceneId)
    return reply.type('text/html; charset=utf-8').header('content-security-policy', PAGE_CSP).send(toText(sceneCard(found.scene, false)))
  })
  app.get<{ Params: { sceneId: string } }>('/ui/scenes/:sceneId/content.json', hidden, async (request) => contentJson(app, request.params.sceneId))
  app.get<{ Params: { sceneId: string } }>('/ui/scenes/:sceneId/record.json', hidden, async (request) => recordJson(app, request.params.sceneId))
  app.get<{ Params: { workspaceId: string } }>('/ui/api/versions/:workspaceId', hidden, async (request) => {
    summaryOf(app, request.params.workspaceId)
    return sceneVersions(app, request.params.workspaceId)
  })
}

/** The page's buttons and polls reach the admin API as a header-carrying client would. */
const forward: RouteFile = async (app) => {
  app.route<{ Params: { '*': string } }>({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/ui/api/*',
    ...hidden,
    handler: async (request, reply) => {
      const token = app.config.adminToken
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : ''
      const answer = await app.inject({
        method: request.method as 'GET',
        url: `/_emulator/${request.params['*']}${query}`,
        headers: { ...(token === undefined ? {} : { authorization: `Bearer ${token}` }), ...(request.body === undefined ? {} : { 'content-type': 'application/json' }) },
        payload: request.body === undefined ? undefined : JSON.stringify(request.body)
      })
      return await reply.code(answer.statusCode).type(String(answer.headers['content-type'] ?? 'application/json')).send(answer.body)
    }
  })
}

const ui: FastifyPluginAsync = async (app) => {
  const token = app.config.adminToken
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)))
  })
  await addRouteFiles(app, [pageScript, faviconSvg])
  app.get('/ui/app.css', hidden, async (_request, reply) => reply.type('text/css; charset=utf-8').send(STYLES))
  app.get('/ui/login', hidden, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('content-security-policy', PAGE_CSP).send(loginPage(false)))
  app.post<{ Body: { token?: string } }>('/ui/login', hidden, async (request, reply) => {
    if (token === undefined || tokenMatches(request.body?.token ?? '', token)) {
      if (token !== undefined) reply.header('set-cookie', cookieHeader(token))
      return await reply.redirect('/_emulator/ui', 303)
    }
    return await reply.code(401).type('text/html; charset=utf-8').header('content-security-policy', PAGE_CSP).send(loginPage(true))
  })
  // Signing out needs no token: it only clears this browser's cookie.
  app.post('/ui/logout', hidden, async (_request, reply) =>
    await reply.header('set-cookie', logoutCookieHeader()).redirect(`/_emulator/ui${token === undefined ? '' : '/login'}`, 303))
  await app.register(async (guarded) => {
    guarded.addHook('onRequest', async (request, reply) => {
      if (!admitted(request, token)) return await refuse(request, reply)
    })
    await addRouteFiles(guarded, [overviewPages, scenePages, editorRoutes, forward])
  })
}

export default ui
