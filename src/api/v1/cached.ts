// GET answers served from the exact read cache (services/cached-read.ts), so a cached route's handler stays one
// line. The read is named by the route, so a write of the same URL (PUT content) keeps what its GET serves next.
import type { FastifyReply, FastifyRequest } from 'fastify'
import { JSON_TYPE } from '../../lib/routes.js'
import { cachedRead, keepRead } from '../../services/cached-read.js'
import type { OpContext } from '../../services/context.js'
import { ctxOf } from './auth.js'

/** 'GET /api/v1/scenes/:sceneId/content', whatever the method of the route at that URL. */
const readOf = (request: FastifyRequest): string => `GET ${request.routeOptions.url as string}`

/** The name of a kept GET's read; the route must say it is kept, since its MCP twin keeps its answer by that flag. */
function keptReadOf (request: FastifyRequest): string {
  if (request.routeOptions.config.keptRead !== true) throw new Error(`${readOf(request)} answers from the read cache: declare config.keptRead`)
  return readOf(request)
}

/** A page, serialised by the route's response schema once per database version and key. */
export function sendCachedPage<I> (request: FastifyRequest, reply: FastifyReply, input: I, list: (ctx: OpContext, input: I) => unknown): FastifyReply {
  const read = keptReadOf(request)
  const ctx = ctxOf(request)
  return reply.type(JSON_TYPE).send(cachedRead(ctx, read, input, () => reply.serialize(list(ctx, input))))
}

/**
 * A document the service already answers as JSON text (scene content), kept as bytes: a large drawing read
 * again is neither measured nor encoded again.
 */
export function sendCachedText<I> (request: FastifyRequest, reply: FastifyReply, input: I, read: (ctx: OpContext, input: I) => string): FastifyReply {
  const kept = keptReadOf(request)
  const ctx = ctxOf(request)
  return reply.type(JSON_TYPE).send(cachedRead(ctx, kept, input, () => Buffer.from(read(ctx, input))))
}

/** A write answering exactly what the GET of its URL serves until the next write: kept as that GET's answer. */
export function sendAsNextRead<I> (request: FastifyRequest, reply: FastifyReply, input: I, write: (ctx: OpContext, input: I) => string): FastifyReply {
  const ctx = ctxOf(request)
  const body = Buffer.from(write(ctx, input))
  keepRead(ctx, readOf(request), input, body)
  return reply.type(JSON_TYPE).send(body)
}
