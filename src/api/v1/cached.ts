// GET answers served from the exact read cache (services/cached-read.ts), so a cached route's handler stays one
// line. The read is named by the route, so a write of the same URL (PUT content) keeps what its GET serves next.
import type { FastifyReply, FastifyRequest } from 'fastify'
import { JSON_TYPE } from '../../lib/routes.js'
import { cachedRead, keepRead } from '../../services/cached-read.js'
import type { OpContext } from '../../services/context.js'
import { ctxOf } from './auth.js'
import { answersKept } from './operations.js'
import { routeOf } from '../../layers/request-record.js'

/** 'GET /api/v1/scenes/:sceneId/content', whatever the method of the route at that URL. */
const readOf = (request: FastifyRequest): string => `GET ${routeOf(request).url as string}`

/**
 * A page, serialised by the route's response schema once per database version and key, and kept as its UTF-8 bytes:
 * a page read again is neither measured nor encoded again (a name with one character outside Latin-1 makes the whole
 * text two-byte, and encoding it was a sixth of a cached read's CPU time).
 */
function sendCachedPage<I> (request: FastifyRequest, reply: FastifyReply, input: I, list: (ctx: OpContext, input: I) => unknown): FastifyReply {
  const ctx = ctxOf(request)
  return reply.type(JSON_TYPE).send(cachedRead(ctx, readOf(request), input, () => bytesOf(reply.serialize(list(ctx, input)))))
}

/**
 * Fastify types a serializer's output as text or bytes; the route's compiled serializer gives text. (The two
 * Buffer.from calls are two overloads: none takes the union.)
 */
function bytesOf (serialized: string | ArrayBuffer | Buffer): Buffer {
  if (Buffer.isBuffer(serialized)) return serialized
  return typeof serialized === 'string' ? Buffer.from(serialized) : Buffer.from(serialized)
}

/**
 * A document the service already answers as JSON text (scene content), kept as bytes: a large drawing read
 * again is neither measured nor encoded again.
 */
function sendCachedText<I> (request: FastifyRequest, reply: FastifyReply, input: I, read: (ctx: OpContext, input: I) => string): FastifyReply {
  const ctx = ctxOf(request)
  return reply.type(JSON_TYPE).send(cachedRead(ctx, readOf(request), input, () => Buffer.from(read(ctx, input))))
}

/** How a kept GET answers from the read cache: a page, or a JSON text. */
export interface KeptAnswers { page: typeof sendCachedPage, text: typeof sendCachedText }

/**
 * A kept GET's handler, made with the ways to answer from the read cache (only handlers made here have them), and
 * marked so a route without `config.keptRead` fails start-up (operations.ts): its MCP twin keeps its answer by that
 * flag. `make` returns the route's own handler, so its request keeps the route's schema types.
 */
export function fromReadCache<H extends object> (make: (kept: KeptAnswers) => H): H {
  return answersKept(make({ page: sendCachedPage, text: sendCachedText }))
}

/** A write answering exactly what the GET of its URL serves until the next write: kept as that GET's answer. */
export function sendAsNextRead<I> (request: FastifyRequest, reply: FastifyReply, input: I, write: (ctx: OpContext, input: I) => string): FastifyReply {
  const ctx = ctxOf(request)
  const body = Buffer.from(write(ctx, input))
  keepRead(ctx, readOf(request), input, body)
  return reply.type(JSON_TYPE).send(body)
}
