// Telling a missing route from a missing record: each side's route-not-found read from a path that cannot exist,
// its method and path (with the query) taken out; a route-not-found that names nothing judges nothing.
import t from 'tap'
import { createRouteCheck, NO_SUCH_ROUTE, notFoundFingerprint } from '../../src/parity/route-check.js'
import type { Answer, HttpRequest } from '../../src/parity/types.js'

const json = (status: number, body: unknown): Answer => ({ status, headers: {}, body, json: true })
const fastify = (method: string, path: string) => json(404, { message: `Route ${method}:${path} not found`, error: 'Not Found', statusCode: 404 })
const express = (method: string, path: string): Answer => ({ status: 404, headers: {}, body: `Cannot ${method} ${path}`, json: false })
const idNotFound = json(404, { statusCode: 404, error: 'Not Found', message: 'User parityNoSuchId0 not found' })
const request: HttpRequest = { method: 'PATCH', path: '/workspaces/users/abc', query: { limit: '5' } }

t.test('fingerprints: any route-not-found of one server reads the same once its method and path are out', async (t) => {
  t.equal(notFoundFingerprint(fastify('GET', '/api/v1/parityNoSuchRoute/parityNoSuchId0'), NO_SUCH_ROUTE, '/api/v1'),
    notFoundFingerprint(fastify('PATCH', '/api/v1/workspaces/users/abc?limit=5'), request, '/api/v1'))
  t.not(notFoundFingerprint(idNotFound, request, '/api/v1'), notFoundFingerprint(fastify('PATCH', '/api/v1/workspaces/users/abc'), request, '/api/v1'))
})

t.test('the check: operation missing at the target only when the target answers its route-not-found and the emulator does not', async (t) => {
  for (const server of [fastify, express]) {
    const check = createRouteCheck({ answer: server('GET', '/api/v1/parityNoSuchRoute/parityNoSuchId0'), basePath: '/api/v1' }, { answer: fastify('GET', '/api/v1/parityNoSuchRoute/parityNoSuchId0'), basePath: '/api/v1' })
    t.same(check.check(request, idNotFound, server('PATCH', '/api/v1/workspaces/users/abc?limit=5')),
      {
        path: 'route', kind: 'missing-route', emulator: 'answered 404', target: 'operation missing at the target (route not found, 404)', status: 404,
        // The target's own answer, its method and path taken out: what `learn` replays.
        notFound: server === fastify ? '{"message":"Route <method>:<path> not found","error":"Not Found","statusCode":404}' : 'Cannot <method> <path>'
      }, server.name)
    t.equal(check.check(request, idNotFound, idNotFound), null, `${server.name}: a missing record on both sides`)
    t.equal(check.check(request, fastify('PATCH', '/api/v1/workspaces/users/abc?limit=5'), server('PATCH', '/api/v1/workspaces/users/abc?limit=5')), null, `${server.name}: missing on both sides`)
  }
  const generic = createRouteCheck({ answer: json(404, { error: 'not found' }), basePath: '/api/v1' }, { answer: fastify('GET', '/x'), basePath: '/api/v1' })
  t.equal(generic.check(request, idNotFound, json(404, { error: 'not found' })), null, 'a text that names no path cannot tell')
})
