// The only writer of error bodies: the closed {statusCode, error, message} envelope (catalogue §1.2, DESIGN §3.7).
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { EmulatorError, REASON, emulatorError } from '../errors.js'

export interface ErrorEnvelope { statusCode: number, error: string, message: string }

/** Fastify's own 413 body, kept with its `code` key because the real service sends exactly that. */
const BODY_TOO_LARGE = {
  code: 'FST_ERR_CTP_BODY_TOO_LARGE',
  error: 'Payload Too Large',
  message: 'Request body is too large',
  statusCode: 413
}

// INFER: a body whose content type has no parser (neither JSON nor text/plain) keeps Fastify's 415
// (FST_ERR_CTP_INVALID_MEDIA_TYPE): the service runs on the same kind of stack, and 415 is what clients expect.
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
 * still uploading makes the socket close under it, and clients report EPIPE or "fetch failed" instead of the 413
 * (issue 14.7, 12.2); past this many bytes the 413 goes out at once and the connection closes.
 */
export const OVERSIZED_DRAIN_BYTES = 128 * 1024 * 1024

/** Resolves once the rest of the request body has arrived (and been dropped), or was cut off, or ran past the cap. */
function drainRequestBody (request: FastifyRequest): Promise<boolean> {
  const raw = request.raw
  if (raw.readableEnded || raw.destroyed) return Promise.resolve(true)
  if (Number(request.headers['content-length'] ?? 0) > OVERSIZED_DRAIN_BYTES) return Promise.resolve(false)
  return new Promise((resolve) => {
    let drained = 0
    const finish = (complete: boolean) => {
      raw.off('data', count).off('end', ended).off('close', closed).off('error', closed)
      resolve(complete)
    }
    const count = (chunk: Buffer) => { drained += chunk.length; if (drained > OVERSIZED_DRAIN_BYTES) finish(false) }
    const ended = () => finish(true)
    const closed = () => finish(false)
    raw.on('data', count).once('end', ended).once('close', closed).once('error', closed)
    raw.resume()
  })
}

async function answerBodyTooLarge (request: FastifyRequest, reply: FastifyReply) {
  const complete = await drainRequestBody(request)
  if (!complete) reply.header('connection', 'close')
  return reply.code(413).send(BODY_TOO_LARGE)
}

async function handleError (this: FastifyInstance, error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === BODY_TOO_LARGE.code) return answerBodyTooLarge(request, reply)
  const envelope = envelopeOf(error)
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
  // operations whose reference entry lists no 400 (README, Security).
  if (error.code === 'FST_ERR_BAD_URL') {
    const path = request.url.split('?')[0]
    const bad = emulatorError('EMU_BAD_REQUEST', `The URL path ${path} has malformed percent-encoding: encode each reserved byte as %XX`)
    void reply.code(400).send(envelopeOf(bad))
    return
  }
  void reply.code(error.statusCode ?? 400).send(envelopeOf(error))
}

export default fp(async (app) => {
  app.setErrorHandler(handleError)
  app.setNotFoundHandler(async (request, reply) => {
    const notFound = emulatorError('EMU_ROUTE_NOT_FOUND', request.method, request.url)
    return reply.code(404).send(envelopeOf(notFound))
  })
}, { name: 'error-handler' })
