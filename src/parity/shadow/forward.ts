// One HTTP exchange passed through unchanged: the client's request (minus hop-by-hop headers) to an upstream, the
// upstream's status, headers and body streamed back to the client as they arrive (an SSE answer included), and a
// copy of the answer kept for the comparison. Node's own http/https: no decompression, no re-framing.
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib'

/** Headers that describe one connection, not the message (RFC 9110 §7.6.1), and Host, which names the upstream. */
const HOP_BY_HOP = new Set([
  'connection', 'keep-alive', 'proxy-connection', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'host'
])

/** What the client sent, read whole (the shadow side needs the body too). */
export interface ClientRequest {
  method: string
  /** Path and query as the client sent them, below the proxy's own origin (`/api/v1/scenes?limit=2`). */
  url: string
  /** Raw header pairs, names as sent. */
  rawHeaders: string[]
  body: Buffer
}

/** What the upstream answered, as the client got it, and the body decoded for comparison. */
export interface UpstreamAnswer {
  status: number
  headers: IncomingHttpHeaders
  /** The body as sent (possibly compressed). */
  raw: Buffer
  /** The body with its Content-Encoding undone (the raw body when the encoding is unknown). */
  decoded: Buffer
}

export type ForwardResult = { ok: true, answer: UpstreamAnswer } | { ok: false, reason: string }

/** The header pairs to send on: hop-by-hop headers and those the Connection header names are dropped. */
export function endToEndHeaders (raw: readonly string[], drop: readonly string[] = []): string[] {
  const named = new Set<string>(drop)
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i].toLowerCase() === 'connection') for (const token of raw[i + 1].split(',')) named.add(token.trim().toLowerCase())
  }
  const kept: string[] = []
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i].toLowerCase()
    if (!HOP_BY_HOP.has(name) && !named.has(name)) kept.push(raw[i], raw[i + 1])
  }
  return kept
}

function decode (encoding: string | undefined, body: Buffer): Buffer {
  try {
    switch ((encoding ?? '').trim().toLowerCase()) {
      case 'gzip': case 'x-gzip': return gunzipSync(body)
      case 'deflate': return inflateSync(body)
      case 'br': return brotliDecompressSync(body)
      default: return body
    }
  } catch {
    return body
  }
}

function reasonOf (error: NodeJS.ErrnoException, timeoutMs: number): string {
  if (error.code === 'ETIMEDOUT') return `no answer within ${timeoutMs / 1000} s`
  if (error.code === 'ECONNREFUSED') return 'connection refused'
  if (error.code === 'ECONNRESET') return 'connection reset'
  return error.code ?? error.message
}

/** The request headers for the upstream: its Host, the client's end to end, a Content-Length for the whole body. */
function upstreamHeaders (client: ClientRequest, url: URL): string[] {
  // Raw header pairs get no Host from Node: the upstream's own, as any client of it sends.
  const headers = ['host', url.host, ...endToEndHeaders(client.rawHeaders, ['content-length'])]
  if (client.body.length > 0 || client.method === 'POST' || client.method === 'PUT' || client.method === 'PATCH') {
    headers.push('content-length', String(client.body.length))
  }
  return headers
}

/**
 * Streams the upstream's answer to the client while keeping a copy, as fast as the client reads (the upstream is
 * paused while the client's socket is full); a failure mid-body resets the client too.
 */
function relay (upstream: IncomingMessage, res: ServerResponse, done: (result: ForwardResult) => void): void {
  res.writeHead(upstream.statusCode ?? 502, upstream.statusMessage, endToEndHeaders(upstream.rawHeaders))
  // An answer of unknown length (an event stream) gets its headers at once; one of known length gets them with its
  // first bytes, in one write (a read's whole answer is then one write, not two).
  if (upstream.headers['content-length'] === undefined) res.flushHeaders()
  const chunks: Buffer[] = []
  upstream.on('data', (chunk: Buffer) => {
    chunks.push(chunk)
    if (!res.write(chunk)) {
      upstream.pause()
      res.once('drain', () => upstream.resume())
    }
  })
  upstream.on('end', () => {
    res.end()
    const raw = Buffer.concat(chunks)
    const encoding = upstream.headers['content-encoding']
    done({ ok: true, answer: { status: upstream.statusCode ?? 502, headers: upstream.headers, raw, decoded: decode(encoding, raw) } })
  })
  upstream.on('error', (error) => {
    res.destroy()
    done({ ok: false, reason: `the answer broke off (${(error as NodeJS.ErrnoException).code ?? error.message})` })
  })
}

/**
 * Sends the client's request to `base` + the path below `stripPrefix` and relays the answer. A target that
 * resets, refuses or stays silent for `timeoutMs` resets the client's connection: the client sees what it would
 * have seen without the proxy (no invented 502).
 */
export function forward (base: URL, client: ClientRequest, res: ServerResponse, timeoutMs: number): Promise<ForwardResult> {
  return new Promise((resolve) => {
    let settled = false
    const done = (result: ForwardResult) => {
      if (settled) return
      settled = true
      resolve(result)
    }
    const url = new URL(`${base.pathname.replace(/\/+$/, '')}${client.url}`, base.origin)
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest
    const upstream = send(url, { method: client.method, headers: upstreamHeaders(client, url) as unknown as Record<string, string>, timeout: timeoutMs })
    upstream.on('response', (answer) => relay(answer, res, done))
    upstream.on('timeout', () => upstream.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })))
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      res.destroy()
      done({ ok: false, reason: reasonOf(error, timeoutMs) })
    })
    res.on('close', () => { if (!res.writableFinished) upstream.destroy() })
    upstream.end(client.body)
  })
}
