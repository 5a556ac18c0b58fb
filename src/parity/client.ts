// The HTTP client of a parity run and of import: the global fetch, the key as a Bearer header, pacing, 429 retries,
// and answers reduced to what a client reads (status, a few headers, the JSON body; MCP's SSE frames unwrapped).
import { CLIENT_HEADERS } from './compare/headers.js'
import { MAX_RETRY_AFTER_MS, createPacer, realClock, retryAfterMs, type Pacer, type PacerClock } from './pacer.js'
import { Interrupted, type Answer, type HttpRequest } from './types.js'

/** One request may take this long before it counts as lost (--timeout). */
export const DEFAULT_TIMEOUT_MS = 30_000
const MAX_RETRIES = 5
/** A read answered with one of these is tried once more after a second: a busy moment is not a difference. */
const TRANSIENT = new Set([502, 503, 504])

/** The target could not be reached at all (refused, reset, DNS, timeout): the run cannot be made. */
export class NetworkError extends Error {
  readonly url: string
  readonly reason: string
  constructor (url: string, reason: string) {
    super(`cannot reach ${url} (${reason})`)
    this.url = url
    this.reason = reason
    this.name = 'NetworkError'
  }
}

/** One request went unanswered for the whole --timeout: the message names it. */
export class TimedOut extends NetworkError {
  constructor (method: string, url: string, timeoutMs: number) {
    super(url, `no answer within ${timeoutMs / 1000} s`)
    this.message = `${method} ${url} got no answer within ${timeoutMs / 1000} s (--timeout)`
    this.name = 'TimedOut'
  }
}

export interface ApiClient {
  readonly baseUrl: string
  send (request: HttpRequest, signal?: AbortSignal): Promise<Answer>
  /** Requests sent so far, retries included. */
  requests (): number
  /** 429 answers waited out so far. */
  throttled (): number
}

export interface ClientOptions {
  baseUrl: string
  key: string
  /** How long one request may go unanswered (default 30 s). */
  timeoutMs?: number
  pacer?: Pacer
  clock?: PacerClock
}

export function urlOf (baseUrl: string, request: HttpRequest): string {
  const query = new URLSearchParams(request.query ?? {}).toString()
  return `${baseUrl}${request.path}${query === '' ? '' : `?${query}`}`
}

/** The JSON-RPC message of an SSE stream: the last `data:` line that parses (the SDK sends one per request). */
function parseSse (text: string): unknown {
  const data = text.split('\n').filter((line) => line.startsWith('data:')).map((line) => line.slice(5).trim())
  for (const line of data.reverse()) {
    try { return JSON.parse(line) } catch { /* a keep-alive or partial frame: try the one before */ }
  }
  return undefined
}

function readBody (contentType: string, text: string): { body: unknown, json: boolean } {
  if (text === '') return { body: null, json: false }
  if (/text\/event-stream/i.test(contentType)) {
    const message = parseSse(text)
    return message === undefined ? { body: text, json: false } : { body: message, json: true }
  }
  try {
    return { body: JSON.parse(text), json: true }
  } catch {
    return { body: text, json: false }
  }
}

export async function toAnswer (response: Response): Promise<Answer> {
  return answerFrom(response.status, (name) => response.headers.get(name), await response.text())
}

/** An answer from its status, its headers (`header` as fetch's Headers.get) and its text, however it was read. */
export function answerFrom (status: number, header: (name: string) => string | null, text: string): Answer {
  const headers: Record<string, string> = {}
  for (const name of CLIENT_HEADERS) {
    const value = header(name)
    if (value !== null) headers[name] = value
  }
  const { body, json } = readBody(headers['content-type'] ?? '', text)
  return { status, headers, body, json }
}

function networkReason (error: unknown): string {
  const cause = (error as { cause?: { code?: string, message?: string } }).cause
  if (cause?.code === 'ECONNREFUSED') return 'connection refused'
  return cause?.code ?? cause?.message ?? (error as Error).message
}

interface Connection { baseUrl: string, key: string, pacer: Pacer, timeoutMs: number }

/** One request, paced; a network failure becomes a NetworkError (a timeout naming the request), an abort an Interrupted. */
async function sendOnce ({ baseUrl, key, pacer, timeoutMs }: Connection, request: HttpRequest, signal?: AbortSignal): Promise<Answer> {
  try {
    await pacer.take(signal)
  } catch (error) {
    if (signal?.aborted === true) throw new Interrupted(String(signal.reason ?? 'signal'))
    throw error
  }
  const url = urlOf(baseUrl, request)
  const timeout = AbortSignal.timeout(timeoutMs)
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers, authorization: `Bearer ${key}` }
  if (request.body !== undefined) headers['content-type'] = 'application/json'
  try {
    const response = await fetch(url, {
      method: request.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: signal === undefined ? timeout : AbortSignal.any([signal, timeout]),
      redirect: 'manual'
    })
    return await toAnswer(response)
  } catch (error) {
    if (signal?.aborted === true) throw new Interrupted(String(signal.reason ?? 'signal'))
    if (timeout.aborted) throw new TimedOut(request.method, url, timeoutMs)
    throw new NetworkError(url, networkReason(error))
  }
}

export function createClient ({ baseUrl, key, pacer = createPacer(), clock = realClock, timeoutMs = DEFAULT_TIMEOUT_MS }: ClientOptions): ApiClient {
  const connection: Connection = { baseUrl, key, pacer, timeoutMs }
  let sent = 0
  let throttled = 0
  return {
    baseUrl,
    async send (request, signal) {
      for (let attempt = 0; ; attempt++) {
        sent++
        const answer = await sendOnce(connection, request, signal)
        if (TRANSIENT.has(answer.status) && request.method === 'GET' && attempt === 0) {
          pacer.pauseUntil(clock.now() + 1000)
          continue
        }
        if (answer.status !== 429 || attempt === MAX_RETRIES) return answer
        const wait = retryAfterMs(answer.headers['retry-after'], clock.now())
        if (wait > MAX_RETRY_AFTER_MS) return answer
        throttled++
        pacer.pauseUntil(clock.now() + wait)
      }
    },
    requests: () => sent,
    throttled: () => throttled
  }
}
