// Protocol kinds: change-success-status and deprecation.
import t from 'tap'
import { createRng } from '../../../src/lib/rng.js'
import { changeSuccessStatus, deprecation, deprecationHeaders } from '../../../src/layers/drift/kinds/protocol.js'
import type { DriftContext } from '../../../src/layers/drift/types.js'

const invite = {
  id: 'inv1', created: '2026-09-01T10:00:00.000Z', type: 'email', status: 'pending', email: 'ada@example.com',
  role: 'member', resolvedAt: null, redeemedBy: null
}

function ctx (method: string, route: string, body: unknown, statusCode = 200): DriftContext {
  return { method, route, statusCode, body, rng: createRng(1) }
}

t.test('change-success-status', async (t) => {
  t.same(changeSuccessStatus.apply(ctx('POST', '/api/v1/workspaces/invites', invite)), {
    statusCode: 201,
    body: invite,
    headers: {},
    changes: ['change-success-status']
  }, 'a create answers 201 with the same body')
  t.same(changeSuccessStatus.apply(ctx('DELETE', '/api/v1/scenes/:sceneId', {})), {
    statusCode: 204,
    body: undefined,
    headers: {},
    changes: ['change-success-status']
  }, 'a DELETE answers 204 with no body')
  t.equal(changeSuccessStatus.appliesTo(ctx('delete', '/api/v1/scenes/:sceneId', {})), true, 'method case does not matter')
  t.equal(changeSuccessStatus.appliesTo(ctx('GET', '/api/v1/workspaces/invites', invite)), false)
  t.equal(changeSuccessStatus.appliesTo(ctx('PATCH', '/api/v1/workspaces/invites/:inviteId', invite)), false)
  t.equal(changeSuccessStatus.appliesTo(ctx('POST', '/api/v1/mcp', { jsonrpc: '2.0', id: 1, result: {} })), false,
    'the MCP transport is not a create')
  t.equal(changeSuccessStatus.appliesTo(ctx('DELETE', '/api/v1/scenes/:sceneId', { statusCode: 404, error: 'Not Found', message: 'x' }, 404)),
    false, 'errors keep their status')
  t.equal(changeSuccessStatus.apply(ctx('DELETE', '/api/v1/scenes/:sceneId', { ok: true })), null, 'only the empty {} body')
})

t.test('deprecation', async (t) => {
  const headers = {
    Deprecation: '@1788220800',
    Sunset: 'Mon, 01 Mar 2027 00:00:00 GMT',
    Link: '<https://plus.excalidraw.com/docs/api>; rel="deprecation"'
  }
  t.same(deprecationHeaders(), headers)
  t.equal(new Date(1788220800 * 1000).toISOString(), '2026-09-01T00:00:00.000Z', 'Deprecation is RFC 9745 @<unix seconds>')
  t.same(deprecation.apply(ctx('GET', '/api/v1/workspaces/invites/:inviteId', invite)), {
    statusCode: 200,
    body: invite,
    headers,
    changes: ['deprecation']
  }, 'headers only, body untouched')
  t.equal(deprecation.breaking, false)
  t.same(deprecation.apply(ctx('DELETE', '/api/v1/scenes/:sceneId', undefined, 204))?.body, undefined, 'works without a body')
})
