// The only writer of error bodies: the closed {statusCode, error, message} envelope of every declared error.
import type { Socket } from 'node:net'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { EmulatorError, REASON, emulatorError, routeNotFound } from '../errors.js'
import { kRawBody } from '../lib/json-depth.js'

export interface ErrorEnvelope { statusCode: number, error: string, message: string }

/** Fastify's own 413 body, kept with its `code` key because the real service sends exactly that. */
const BODY_TOO_LARGE = {
  code: 'FST_ERR_CTP_BODY_TOO_LARGE',
  error: 'Payload Too Large',
  message: 'Request body is too large',
  statusCode: 413
}

/** The service's error envelope for an emulator error or an error Fastify raised (its status kept). */
export function envelopeOf (error: FastifyError | EmulatorError): ErrorEnvelope {
  if (error instanceof EmulatorError) {
    return { statusCode: error.statusCode, error: error.error, message: error.message }
  }
  const statusCode = error.statusCode ?? 500
  if (statusCode >= 500) {
    const internal = emulatorError('EMU_INTERNAL')
    return { statusCode: 500, error: internal.error, message: internal.message }
  }
  return { statusCode, error: REASON[statusCode] ?? 'Error', message: error.message }
}

/**
 * How much of an oversized body is read and discarded before the 413 goes out. Answering while the client is
 * still uploading makes the socket close under it, and clients report EPIPE or "fetch failed" instead of the
 * 413; past this many bytes the 413 goes out at once and the connection closes.
 */
export const OVERSIZED_DRAIN_BYTES = 128 * 1024 * 1024

interface RestOfBody { complete: boolean, kept: Buffer, bytes: number }

/**
 * Reads what is left of the request body, keeping up to `keepBytes` of it and dropping the rest; resolves once it
 * has all arrived, or was cut off, or ran past OVERSIZED_DRAIN_BYTES.
 */
function readRestOfBody (request: FastifyRequest, keepBytes: number): Promise<RestOfBody> {
  const raw = request.raw
  if (raw.readableEnded || raw.destroyed) return Promise.resolve({ complete: raw.readableEnded, kept: Buffer.alloc(0), bytes: 0 })
  if (Number(request.headers['content-length'] ?? 0) > OVERSIZED_DRAIN_BYTES) return Promise.resolve({ complete: false, kept: Buffer.alloc(0), bytes: 0 })
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let seen = 0
    const finish = (complete: boolean) => {
      raw.off('data', take).off('end', ended).off('close', closed).off('error', closed)
      resolve({ complete, kept: Buffer.concat(chunks), bytes: seen })
    }
    const take = (chunk: Buffer) => {
      if (seen + chunk.length <= keepBytes) chunks.push(chunk)
      seen += chunk.length
      if (seen > OVERSIZED_DRAIN_BYTES) finish(false)
    }
    const ended = () => finish(true)
    const closed = () => finish(false)
    raw.on('data', take).once('end', ended).once('close', closed).once('error', closed)
    raw.resume()
  })
}

async function answerBodyTooLarge (request: FastifyRequest, reply: FastifyReply) {
  const { complete } = await readRestOfBody(request, 0)
  if (!complete) reply.header('connection', 'close')
  return reply.code(413).send(BODY_TOO_LARGE)
}

/**
 * Auth refuses a request before its body is read; read it now so the journal shows what the failing
 * client sent. The Authorization header stays masked: the journal never records headers.
 */
async function keepRefusedBody (request: FastifyRequest, bodyLimit: number): Promise<void> {
  if (request.body !== undefined || request[kRawBody] !== undefined) return
  const { complete, kept, bytes } = await readRestOfBody(request, bodyLimit)
  // Over the body limit only part was kept: better no body in the journal than a wrong one.
  if (complete && bytes > 0 && kept.length === bytes) request[kRawBody] = kept.toString('utf8')
}

/** The envelope of an error, with what to send instead where the client sent the body in the wrong form. */
function envelopeFor (error: FastifyError, request: FastifyRequest): ErrorEnvelope {
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return envelopeOf(emulatorError('EMU_UNSUPPORTED_MEDIA_TYPE', request.headers['content-type']))
  // A JSON body sent as text/plain reaches validation as a string.
  if (error.validation !== undefined && error.validationContext === 'body' && typeof request.body === 'string') {
    const contentType = String(request.headers['content-type'] ?? '').split(';')[0].trim()
    return envelopeOf(emulatorError('EMU_BODY_AS_TEXT', error.message, contentType))
  }
  return envelopeOf(error)
}

async function handleError (this: FastifyInstance, error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === BODY_TOO_LARGE.code) return answerBodyTooLarge(request, reply)
  const envelope = envelopeFor(error, request)
  if (envelope.statusCode === 401 || envelope.statusCode === 403) await keepRefusedBody(request, this.config.bodyLimit)
  // Registry 5xx errors are deliberate (injected faults, documented upstream 500s), not bugs worth a stack trace.
  if (envelope.statusCode >= 500 && !(error instanceof EmulatorError)) request.log.error({ err: error }, 'unhandled error')
  return reply.code(envelope.statusCode).send(envelope)
}

/**
 * Errors Fastify raises before routing (a bad percent-encoding, a path parameter over the router's length cap)
 * skip setErrorHandler; this `frameworkErrors` option gives them the same envelope.
 */
export function frameworkErrors (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  // FIDELITY: a URL that cannot be percent-decoded is refused before routing, so before auth, with a 400 even on
  // operations whose reference entry lists no 400 (docs/emulated-api.md, Statuses the emulator adds).
  if (error.code === 'FST_ERR_BAD_URL') {
    const path = request.url.split('?')[0]
    const bad = emulatorError('EMU_BAD_REQUEST', `The URL path ${path} has malformed percent-encoding: encode each reserved byte as %XX`)
    void reply.code(400).send(envelopeOf(bad))
    return
  }
  void reply.code(error.statusCode ?? 400).send(envelopeOf(error))
}

/** The answer to a request Node's HTTP parser refused, by its error code. */
function clientErrorEnvelope (code: string | undefined, requestTimeoutMs: number | undefined): ErrorEnvelope {
  if (code === 'HPE_HEADER_OVERFLOW') return envelopeOf(emulatorError('EMU_HEADERS_TOO_LARGE'))
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return envelopeOf(emulatorError('EMU_CLIENT_TIMEOUT', requestTimeoutMs ?? 0))
  return envelopeOf(emulatorError('EMU_CLIENT_BAD_REQUEST'))
}

/**
 * Fastify's `clientErrorHandler`: a request too large, too slow or not HTTP gets its error in the envelope, with
 * `Connection: close`, and the socket is ended after it. Fastify's own answer left that header out, so keep-alive
 * clients sent their next request on the closing socket and saw ECONNRESET.
 */
export function clientErrorHandler (this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const envelope = clientErrorEnvelope(error.code, (this as Partial<FastifyInstance>).config?.requestTimeoutMs)
  this.log.debug({ err: error }, `client error ${envelope.statusCode}`)
  if (!socket.writable) { socket.destroy(); return }
  const body = JSON.stringify(envelope)
  socket.end(`HTTP/1.1 ${envelope.statusCode} ${envelope.error}\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`)
}

export default fp(async (app) => {
  app.setErrorHandler(handleError)
  app.setNotFoundHandler(async (request, reply) => {
    const answers = (method: string, url: string) => app.findRoute({ method: method as 'GET', url }) !== null
    return reply.code(404).send(envelopeOf(routeNotFound(request.method, request.url, answers)))
  })
}, { name: 'error-handler' })
