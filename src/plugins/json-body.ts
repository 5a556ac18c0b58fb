// JSON request bodies for every scope: Fastify's own parser (prototype-poisoning checks kept), bounded in nesting
// depth (lib/json-depth.ts), keeping the raw text on the request. The admin scope takes its lenient variant through
// the `jsonBodyParser` decorator, as routes never import plugins.
import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { emulatorError } from '../errors.js'
import { describeTooDeep, kRawBody, MAX_JSON_DEPTH, pathBeyondDepth } from '../lib/json-depth.js'

export interface JsonBodyOptions {
  /** A bodyless request with a JSON content type reads as no body (admin routes) instead of Fastify's 400. */
  emptyAsUndefined: boolean
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The JSON body exactly as the client sent it (set by the parser below; read by the request journal). */
    [kRawBody]?: string
  }
  interface FastifyInstance {
    /** A JSON content-type parser with these options, for a scope that parses differently (admin/harness.ts). */
    jsonBodyParser: (options: JsonBodyOptions) => ReturnType<typeof boundedJsonParser>
  }
}

type Done = (error: Error | null, body?: unknown) => void

/** Methods whose operations take no body: an empty one sent with a JSON content type is simply no body. */
const BODYLESS_METHODS = new Set(['GET', 'HEAD', 'DELETE', 'OPTIONS'])

/**
 * A content-type parser for application/json. `emptyAsUndefined` lets admin routes read a bodyless POST sent with a
 * JSON content type as "no body" (test clients often do that); the public API keeps Fastify's 400 for it, except
 * on bodyless methods: a published "Delete Scene" action sends `DELETE` with a JSON content type and nothing else,
 * and the service deletes.
 */
function boundedJsonParser (app: FastifyInstance, options: JsonBodyOptions) {
  const parseJson = app.getDefaultJsonParser('error', 'error')
  return (request: FastifyRequest, body: string | Buffer, done: Done): void => {
    const text = typeof body === 'string' ? body : body.toString('utf8')
    request[kRawBody] = text
    if (text === '' && (options.emptyAsUndefined || BODYLESS_METHODS.has(request.method))) { done(null, undefined); return }
    parseJson(request, text, (error: Error | null, parsed?: unknown) => {
      if (error !== null) { done(error); return }
      const tooDeep = pathBeyondDepth(parsed, MAX_JSON_DEPTH)
      if (tooDeep === null) done(null, parsed)
      else done(emulatorError('EMU_BAD_REQUEST', describeTooDeep(tooDeep)))
    })
  }
}

/** Every scope parses JSON bodies depth-bounded; `jsonBodyParser` makes the variant a scope swaps in. */
export default fp(async (app) => {
  app.decorate('jsonBodyParser', (options: JsonBodyOptions) => boundedJsonParser(app, options))
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, boundedJsonParser(app, { emptyAsUndefined: false }))
}, { name: 'json-body' })
