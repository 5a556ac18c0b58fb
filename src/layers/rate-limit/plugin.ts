// Rate limit on /api/v1, per client IP (the documented figure) or per key (the rateLimitBy switch),
// built on @fastify/rate-limit with windows on the virtual clock. Its per-route onRequest hook runs after the scope's
// auth hook (src/README.md, the hook order), so the key and its workspace's switches are known and 401/403s don't count.
import rateLimit from '@fastify/rate-limit'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { emulatorError } from '../../errors.js'
import { recordOf } from '../request-record.js'
import { RATE_LIMIT_WINDOW_MS } from './state.js'
import { settleHook } from '../../lib/hook-done.js'

const RESET_HEADER = 'x-ratelimit-reset'

export default fp(async (app) => {
  const control = app.control.rateLimit
  const compat = app.control.compat
  /** The window a request counts in: its client address, or its key, as its workspace's rateLimitBy says. */
  const keyOf = (request: FastifyRequest): string => {
    // This route-level hook runs after auth, which has attributed every request it let through.
    const caller = recordOf(request).caller
    return caller === null || compat.effective(caller.workspaceId).rateLimitBy === 'ip' ? `ip:${request.ip}` : `key:${caller.keyId}`
  }
  const { store } = control
  await app.register(rateLimit, {
    // Not global: its route hook is async (a promise and turns even for a request it lets through), so each route
    // gets limitedRoute below, which skips it in the same turn while the limit is off (0, the bench's and many
    // suites' setting) and otherwise runs the very hook global: true would add.
    global: false,
    hook: 'onRequest',
    timeWindow: RATE_LIMIT_WINDOW_MS,
    max: () => control.settings().limit,
    // A limit of 0 means off: every key is then on the allow list, and no X-RateLimit-* headers are sent.
    allowList: () => control.settings().limit === 0,
    keyGenerator: keyOf,
    store: store.Store,
    // Thrown, so the error handler writes the service's envelope; Retry-After is set by the plugin beforehand.
    errorResponseBuilder: (_request, context) => emulatorError('EMU_RATE_LIMITED', Math.ceil(context.ttl / 1000))
  })
  const limit = app.rateLimit()
  const limitedRoute = (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void): void => {
    if (control.settings().limit === 0) done()
    else settleHook(limit.call(app, request, reply), done)
  }
  // Route-level, as global: true adds it: Fastify runs it after the scope's onRequest hooks (auth first).
  app.addHook('onRoute', (route) => {
    const own = route.onRequest
    route.onRequest = own === undefined ? [limitedRoute] : [...(Array.isArray(own) ? own : [own]), limitedRoute]
  })
  // Synchronous work, so a callback hook: no promise and no extra turn per answer.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (control.settings().resetHeader === 'epoch' && reply.hasHeader(RESET_HEADER)) {
      const resetAt = store.resetAt(keyOf(request))
      if (resetAt !== undefined) reply.header(RESET_HEADER, Math.ceil(resetAt / 1000))
    }
    done(null, payload)
  })
}, { name: 'rate-limit', dependencies: ['auth', 'control'] })
