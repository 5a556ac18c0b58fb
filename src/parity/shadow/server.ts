// The shadow's listening socket: /api/v1 goes through the session (the target answers the client); its health is
// its own; everything else (/_emulator with the shadow report and the demo page, /docs) is the shadow side's own,
// passed through to it with every credential a client sent masked in its text answers (the side holds what clients
// wrote); before the side runs, the report and its page are answered here, the rest 503.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { timingSafeEqual } from 'node:crypto'
import { finished } from 'node:stream/promises'
import type { ShadowSource } from '../../index.js'
import { endToEndHeaders, type ClientRequest } from './forward.js'
import { API_PREFIX, BEARER_HEADER } from '../../lib/routes.js'
import { FRONT_PAGE_CSP, frontPage, healthOf } from './page.js'
import { SHADOW_PAGE_REFRESH_SECONDS } from '../../lib/shadow-state.js'
import type { ShadowSession } from './session.js'

/** Bodies beyond this are refused before anything is forwarded (the shadow side needs the whole body). */
export const MAX_BODY_BYTES = 64 * 1024 * 1024

export interface FrontSettings {
  session: ShadowSession
  source: ShadowSource
  adminToken?: string
  timeoutMs: number
  /** Every credential clients sent, masked in the text the shadow side answers (../secrets.ts). */
  maskText: (text: string) => string
}

function sendJson (res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body))
}

const envelope = (statusCode: number, error: string, message: string) => ({ statusCode, error, message })

const EMPTY = Buffer.alloc(0)

async function readBody (req: IncomingMessage): Promise<Buffer | undefined> {
  // A request that declares no body (most reads) has none to wait for (RFC 9112 §6.3): forwarded without a turn of the loop.
  if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) return EMPTY
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > MAX_BODY_BYTES) return undefined
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

const isApi = (url: string): boolean => url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) || url.startsWith(`${API_PREFIX}?`)

function tokenOk (req: IncomingMessage, token: string | undefined): boolean {
  if (token === undefined) return true
  const given = Buffer.from(BEARER_HEADER.exec(req.headers.authorization ?? '')?.[1] ?? '')
  const expected = Buffer.from(token)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/** What the proxy answers itself whatever the side does: its health (open, as the emulator's), for probes. */
function ownAnswer (req: IncomingMessage, res: ServerResponse, settings: FrontSettings): boolean {
  const path = new URL(req.url ?? '/', 'http://shadow.invalid').pathname
  if (path !== '/_emulator/health' || (req.method !== 'GET' && req.method !== 'HEAD')) return false
  sendJson(res, 200, healthOf(settings.source.report(), settings.adminToken !== undefined))
  return true
}

/** Before the shadow side runs, the report and its page are answered here; the rest of /_emulator waits for the side. */
function beforeSide (req: IncomingMessage, res: ServerResponse, settings: FrontSettings): void {
  const path = new URL(req.url ?? '/', 'http://shadow.invalid').pathname
  if (path === '/_emulator/ui/shadow' && req.method === 'GET') {
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8', 'content-security-policy': FRONT_PAGE_CSP, 'refresh': String(SHADOW_PAGE_REFRESH_SECONDS)
    })
    res.end(frontPage(settings.source.report(), settings.adminToken !== undefined))
    return
  }
  if (path === '/_emulator/shadow' && (req.method === 'GET' || req.method === 'DELETE')) {
    if (!tokenOk(req, settings.adminToken)) {
      return sendJson(res, 401, envelope(401, 'Unauthorized',
        'This admin route needs the admin token: send "Authorization: Bearer <token>" with the EMULATOR_ADMIN_TOKEN value'))
    }
    if (req.method === 'DELETE') settings.source.clear()
    return sendJson(res, 200, settings.source.report())
  }
  sendJson(res, 503, envelope(503, 'Service Unavailable',
    'The shadow side is not running yet: it starts with the first /api/v1 request that carries a key (or at start with --key or --fixtures)'))
}

/** The side's answers that are text: its pages and admin JSON show what clients wrote, their keys included. */
const TEXT_ANSWER = /^(text\/|application\/(json|problem\+json|xml))/i
/** Set again by Node for the masked body; Set-Cookie is copied one by one. */
const NOT_COPIED = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive', 'set-cookie'])

/** Everything but /api/v1 is the shadow side's own (/_emulator, the demo page, /docs), its text answers masked. */
async function fromSide (origin: string, client: ClientRequest, res: ServerResponse, settings: FrontSettings): Promise<void> {
  const headers = new Headers()
  const kept = endToEndHeaders(client.rawHeaders, ['content-length', 'accept-encoding'])
  for (let i = 0; i < kept.length; i += 2) headers.append(kept[i], kept[i + 1])
  const hasBody = client.method !== 'GET' && client.method !== 'HEAD'
  const answer = await fetch(`${origin}${client.url}`, { method: client.method, headers, body: hasBody ? new Uint8Array(client.body) : undefined, redirect: 'manual', signal: AbortSignal.timeout(settings.timeoutMs) })
  const body = Buffer.from(await answer.arrayBuffer())
  const text = TEXT_ANSWER.test(answer.headers.get('content-type') ?? '')
  const out: string[] = []
  answer.headers.forEach((value, name) => { if (!NOT_COPIED.has(name)) out.push(name, value) })
  for (const cookie of answer.headers.getSetCookie()) out.push('set-cookie', cookie)
  res.writeHead(answer.status, out).end(text ? Buffer.from(settings.maskText(body.toString('utf8'))) : body)
}

const isReport = (url: string): boolean => new URL(url, 'http://shadow.invalid').pathname === '/_emulator/shadow'

/**
 * Before the report is read or cleared, the requests already answered are compared (for `timeoutMs` at most): the
 * comparisons run after the answers, so a test's afterEach reads (and a beforeEach clears) every one of its own.
 */
async function settledFor (settings: FrontSettings): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<void>((resolve) => { timer = setTimeout(resolve, settings.timeoutMs) })
  await Promise.race([settings.session.settled(), late])
  clearTimeout(timer)
}

async function handle (req: IncomingMessage, res: ServerResponse, settings: FrontSettings): Promise<void> {
  const body = await readBody(req)
  if (body === undefined) return sendJson(res, 413, envelope(413, 'Payload Too Large', `The shadow proxy takes bodies up to ${MAX_BODY_BYTES} bytes`))
  const client: ClientRequest = { method: req.method ?? 'GET', url: req.url ?? '/', rawHeaders: req.rawHeaders, body }
  if (isApi(client.url)) return await settings.session.handle(client, res)
  if (ownAnswer(req, res, settings)) return
  const side = settings.session.side()
  if (side === undefined) return beforeSide(req, res, settings)
  if (isReport(client.url)) await settledFor(settings)
  await fromSide(side.local.running.url, client, res, settings)
}

/** Each front's requests in flight, and whether it is closing (then no connection is kept alive). */
const FRONTS = new WeakMap<Server, { active: Set<Promise<void>>, closing: boolean }>()

export function createFront (settings: FrontSettings): Server {
  const state = { active: new Set<Promise<void>>(), closing: false }
  const server = createServer((req, res) => {
    if (state.closing) res.shouldKeepAlive = false
    const handled = handle(req, res, settings).catch(() => {
      if (!res.headersSent) sendJson(res, 500, envelope(500, 'Internal Server Error', 'The shadow proxy failed on this request'))
      else res.destroy()
    })
    // Done once the client has the whole answer (or its connection closed), not when the upstream has sent it: what
    // is still buffered for a slow client would be cut by the close.
    const delivered = finished(res).catch(() => {})
    const done = Promise.all([handled, delivered]).then(() => {})
    state.active.add(done)
    void done.finally(() => state.active.delete(done))
  })
  FRONTS.set(server, state)
  return server
}

/**
 * Stops taking connections and lets the requests in flight finish, each client having received the target's whole
 * answer (for at most `graceMs`: a stop is not held by a stream that never ends), then closes what is left.
 */
export async function closeFront (server: Server, graceMs: number): Promise<void> {
  const state = FRONTS.get(server)
  if (state !== undefined) state.closing = true
  const closed = new Promise<void>((resolve) => server.close(() => resolve()))
  server.closeIdleConnections()
  let timer: NodeJS.Timeout | undefined
  const grace = new Promise<void>((resolve) => { timer = setTimeout(resolve, graceMs) })
  await Promise.race([Promise.allSettled([...(state?.active ?? [])]), grace])
  clearTimeout(timer)
  server.closeAllConnections()
  await closed
}
