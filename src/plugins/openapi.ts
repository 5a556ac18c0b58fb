// The emulator's own OpenAPI document, generated from the route schemas, at /docs/json with a UI at /docs.
// Public routes carry tags; admin routes carry none and hideUntagged keeps them out. The document and
// the page are made by plugins/docs-app.ts on the first request under /docs, not at start.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions, preValidationHookHandler } from 'fastify'
import fp from 'fastify-plugin'
import { OPTIONAL_BODY } from '../schemas/common.js'
import { buildDocsApp } from './docs-app.js'

/** Hop-by-hop and per-connection headers of the docs app's answer; this server sets its own. */
const NOT_FORWARDED = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date', 'content-length'])

/** A route whose schema says OPTIONAL_BODY treats an absent body as `{}` before validation. */
const absentBodyAsEmpty: preValidationHookHandler = (request, _reply, done) => {
  if (request.body === undefined) request.body = {}
  done()
}

/** Sends the docs app's answer to this request as this server's own. */
async function forward (docs: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const answer = await docs.inject({ method: 'GET', url: request.url, headers: request.headers })
  // Not a docs route: the same 404 as any unknown URL of this server.
  if (answer.statusCode === 404) { reply.callNotFound(); return reply }
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value !== undefined && !NOT_FORWARDED.has(name)) reply.header(name, value)
  }
  reply.code(answer.statusCode)
  // No body (a redirect, 304): nothing is sent, so no content type is made up for it.
  return await (answer.rawPayload.length === 0 ? reply.send() : reply.send(answer.rawPayload))
}

export default fp(async (app) => {
  const routes: RouteOptions[] = []
  app.addHook('onRoute', (route) => {
    // The docs app serves /docs itself; the forwarders below are this server's only.
    if (route.url !== '/docs' && !route.url.startsWith('/docs/')) routes.push(route)
    if ((route.schema as Record<string, unknown> | undefined)?.[OPTIONAL_BODY] === true) {
      // Before the route's own preValidation hooks, as an app-wide hook would run.
      route.preValidation = [absentBodyAsEmpty, ...[route.preValidation ?? []].flat()]
    }
  })
  let docs: Promise<FastifyInstance> | undefined
  const docsApp = () => (docs ??= buildDocsApp({ routes, fixtures: app.fixtures }))
  app.addHook('onClose', async () => { if (docs !== undefined) await (await docs).close() })
  for (const url of ['/docs', '/docs/*']) {
    app.get(url, { schema: { hide: true } }, async (request, reply) => await forward(await docsApp(), request, reply))
  }
  // A person opening the emulator's address lands on the demo page, which links both docs pages.
  app.get('/', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/_emulator/ui'))
  app.get('/_emulator', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/_emulator/ui'))
}, { name: 'openapi' })
