// One client request answered on the shadow side and compared: ids the target gave translated to the shadow's,
// the key swapped for one minted to match the client key's profile, the emulator's answer compared with the
// target's by parity's comparer. Shared by the live proxy and the replay of a shadow recording.
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { answerFrom } from '../client.js'
import { isObject } from '../../formats/read.js'
import type { IdMap } from '../compare/id-map.js'
import type { Answer, Difference, HttpRequest } from '../types.js'
import type { KeyShape } from './keys.js'
import type { Operation } from './operations.js'
import { API_PREFIX } from '../../lib/routes.js'
import type { ShadowSide } from './side.js'

/** A client request as the shadow side and a recording keep it: never the key, never a cookie. */
export interface ShadowRequest extends HttpRequest {
  /** The body as sent when it was not JSON (sent on as it is). */
  text?: string
  /** How the client authenticated: a Bearer key (its profile), no header, or a header that is not a Bearer key. */
  auth: { kind: 'key', shape: KeyShape } | { kind: 'none' } | { kind: 'other' }
}

/** Strings that are target ids the run has paired become their shadow twins. */
export function translate (value: unknown, ids: IdMap): unknown {
  if (typeof value === 'string') return ids.toEmulator(value) ?? value
  if (Array.isArray(value)) return value.map((item) => translate(item, ids))
  if (!isObject(value)) return value
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, translate(v, ids)]))
}

function translatedPath (path: string, ids: IdMap): string {
  return path.split('/').map((segment) => {
    let decoded: string
    try {
      decoded = decodeURIComponent(segment)
    } catch {
      return segment
    }
    const twin = ids.toEmulator(decoded)
    return twin === undefined ? segment : encodeURIComponent(twin)
  }).join('/')
}

/** A key no emulator holds: the target refused the client's key (401), so the shadow side must too. */
const REFUSED_KEY = 'shadow-refused-key-0000000000'

async function authorization (side: ShadowSide, request: ShadowRequest, targetStatus: number): Promise<string | undefined> {
  if (request.auth.kind === 'none') return undefined
  if (request.auth.kind === 'other' || targetStatus === 401) return `Bearer ${REFUSED_KEY}`
  return `Bearer ${await side.keys.emulatorKey(request.auth.shape)}`
}

function bodyOf (request: ShadowRequest, ids: IdMap): string | undefined {
  if (request.text !== undefined) return request.text
  return request.body === undefined ? undefined : JSON.stringify(translate(request.body, ids))
}

/** Connections to the shadow side, kept open between requests. */
const SIDE_AGENT = new Agent({ keepAlive: true })

/** A header as fetch's Headers.get reads it: every value, joined. */
const joined = (headers: IncomingHttpHeaders | Record<string, string[] | undefined>) => (name: string): string | null => {
  const value = headers[name]
  return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value
}

/** UTF-8 as fetch's text() decodes it (a byte order mark dropped). */
const utf8 = new TextDecoder()

/**
 * One request to the shadow side through Node's http on a kept connection: what fetch sent (its defaults for a
 * missing Accept and a text body's type), without its streams, which cost the proxy more than the comparison.
 */
function sideRequest (url: string, method: string, headers: Record<string, string>, body: string | undefined, timeoutMs: number): Promise<Answer> {
  const sent: Record<string, string> = { accept: '*/*', ...headers }
  if (body !== undefined) {
    sent['content-type'] ??= 'text/plain;charset=UTF-8'
    sent['content-length'] = String(Buffer.byteLength(body))
  }
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers: sent, agent: SIDE_AGENT })
    const timer = setTimeout(() => req.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs)
    const fail = (error: Error) => { clearTimeout(timer); reject(error) }
    req.on('response', (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => {
        clearTimeout(timer)
        resolve(answerFrom(res.statusCode ?? 0, joined(res.headersDistinct), utf8.decode(Buffer.concat(chunks))))
      })
      res.on('error', fail)
    })
    req.on('error', fail)
    req.end(body)
  })
}

/** Sends the request to the shadow side; a failure (or no answer within `timeoutMs`) throws. */
export async function shadowAnswer (side: ShadowSide, request: ShadowRequest, targetStatus: number, timeoutMs: number): Promise<Answer> {
  const { ids } = side.comparer
  const query = new URLSearchParams(Object.entries(request.query ?? {}).map(([k, v]): [string, string] => [k, String(translate(v, ids))])).toString()
  const headers: Record<string, string> = { ...request.headers }
  const auth = await authorization(side, request, targetStatus)
  if (auth !== undefined) headers.authorization = auth
  const url = `${side.local.running.apiUrl}${translatedPath(request.path, ids)}${query === '' ? '' : `?${query}`}`
  return await sideRequest(url, request.method, headers, bodyOf(request, ids), timeoutMs)
}

/** The operation of a recorded or live request. */
export function operationOf (side: ShadowSide, request: ShadowRequest): Operation {
  return side.finder.find(request.method, `${API_PREFIX}${request.path}`, request.body)
}

/** Both answers compared by parity's rules (ids learned on the way, for the requests that follow). */
export function compareAnswers (side: ShadowSide, operation: Operation, emulator: Answer, target: Answer): Difference[] {
  return side.comparer.compare(operation, emulator, target)
}

const NO_BODY = new Set([101, 204, 205, 304])

/** An upstream answer as parity reads answers (status, the headers a client reads, the JSON body). */
export function answerOf (status: number, headers: Record<string, string | string[] | undefined>, body: Buffer): Answer {
  const usable = status >= 200 && status <= 599
  const text = NO_BODY.has(status) || body.length === 0 || !usable ? '' : utf8.decode(body)
  // The body is already decoded (forward.ts): its encoding no longer applies.
  return answerFrom(status, (name) => name === 'content-encoding' ? null : joined(headers)(name), text)
}
