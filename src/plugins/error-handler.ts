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

async function handleError (this: FastifyInstance, error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === BODY_TOO_LARGE.code) return reply.code(413).send(BODY_TOO_LARGE)
  const envelope = envelopeOf(error)
  // Registry 5xx errors are deliberate (injected faults, documented upstream 500s), not bugs worth a stack trace.
  if (envelope.statusCode >= 500 && !(error instanceof EmulatorError)) request.log.error({ err: error }, 'unhandled error')
  return reply.code(envelope.statusCode).send(envelope)
}

/**
 * Errors Fastify raises before routing (a bad percent-encoding, a path parameter over the router's length cap)
 * skip setErrorHandler; this `frameworkErrors` option gives them the same envelope.
 */
export function frameworkErrors (error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  void reply.code(error.statusCode ?? 400).send(envelopeOf(error))
}

export default fp(async (app) => {
  app.setErrorHandler(handleError)
  app.setNotFoundHandler(async (request, reply) => {
    const notFound = emulatorError('EMU_ROUTE_NOT_FOUND', request.method, request.url)
    return reply.code(404).send(envelopeOf(notFound))
  })
}, { name: 'error-handler' })
