// What a shadowed exchange counts as before anything is compared: the target failing (a 5xx, an HTML page where
// the emulator answers JSON) is listed under failures, never as a difference; a route the target does not have is
// `missing-route` with the target's not-found, as parity names it, not a status change and every field missing;
// what differs after a write the target refused is marked as following from it.
import t from 'tap'
import { learnFrom } from '../../../src/parity/learn/learn.js'
import { send, settledReport, startShadowFor, startTarget } from './shadow-helper.js'

t.test('the target failing: a 502 page and a 200 HTML page are failures, not differences, and nothing is learned', async (t) => {
  const target = await startTarget(t)
  const key = target.keys.full
  const shadowed = await startShadowFor(t, target.apiUrl)
  // The first keyed request starts the shadow side (its import reads the target); the stubs come after it.
  t.equal((await send(shadowed.api, key, 'GET', '/workspaces')).status, 200)
  await target.addStub({ method: 'GET', path: '/collections', status: 502, headers: { 'content-type': 'text/html' }, body: '<html>Bad gateway</html>', times: 1 })
  await target.addStub({ method: 'GET', path: '/logs', status: 200, headers: { 'content-type': 'text/html' }, body: '<html>Sign in to the proxy</html>', times: 1 })
  t.equal((await send(shadowed.api, key, 'GET', '/collections')).status, 502, 'the client got the target\'s answer')
  t.equal((await send(shadowed.api, key, 'GET', '/collections')).status, 200)
  t.equal((await send(shadowed.api, key, 'GET', '/logs?limit=5')).status, 200)
  const report = await settledReport(shadowed)
  t.same(report.shadow.failures.map(({ operation, side, reason }) => ({ operation, side, reason })), [
    { operation: 'GET /api/v1/logs', side: 'target', reason: 'the target answered 200 with a body that is not JSON (text/html)' },
    { operation: 'GET /api/v1/collections', side: 'target', reason: 'the target answered 502 (text/html)' }
  ])
  t.same(report.operations.map((op) => [op.operation, op.requests, op.differs, op.statuses]), [
    ['GET /api/v1/workspaces', 1, 0, { '200 200': 1 }], ['GET /api/v1/collections', 1, 0, { '200 200': 1 }]
  ], 'only the good answers compared')
  t.equal(report.shadow.compared, 2)
  t.same(learnFrom([{ file: 'shadow.json', operations: report.operations }]).operations, [])
})

t.test('a route the target lacks: missing-route with the target\'s not-found, learned as one', async (t) => {
  const target = await startTarget(t)
  const key = target.keys.full
  // The target's own route-not-found, for a route it has: what the service answers where a route is gone.
  const probe = await send(target.apiUrl, key, 'GET', '/parityNoSuchRoute/parityNoSuchId0')
  const notFound = JSON.parse(probe.text.replaceAll('GET:/api/v1/parityNoSuchRoute/parityNoSuchId0', 'POST:/api/v1/workspaces/invites'))
  await target.addStub({ method: 'POST', path: '/workspaces/invites', status: 404, body: notFound })
  const shadowed = await startShadowFor(t, target.apiUrl)
  const invited = await send(shadowed.api, key, 'POST', '/workspaces/invites', { email: 'new.person@example.com', role: 'member' })
  t.same([invited.status, invited.body], [404, notFound])
  t.equal((await send(shadowed.api, key, 'GET', '/workspaces/invites')).status, 200)
  const report = await settledReport(shadowed)
  const invites = report.operations.find((op) => op.operation === 'POST /api/v1/workspaces/invites')
  t.same(invites?.differences.map(({ requests: _r, lastSeen: _l, ...d }) => d), [{
    path: 'route', kind: 'missing-route', emulator: 'answered 200', target: 'operation missing at the target (route not found, 404)', status: 404, count: 1,
    notFound: probe.text.replace('GET:/api/v1/parityNoSuchRoute/parityNoSuchId0', '<method>:<path>')
  }])
  t.same(report.shadow.failures, [])
  // The invite the shadow side took and the target refused: the list differs after it, as its consequence.
  const listed = report.operations.find((op) => op.operation === 'GET /api/v1/workspaces/invites')
  t.same(listed?.differences.map((d) => [d.kind, d.pattern, d.followsFrom]), [['missing', 'body/data/*', { method: 'POST', path: '/workspaces/invites', step: 1, status: 404 }]])
  const learned = learnFrom([{ file: 'shadow.json', operations: report.operations }])
  t.same(learned.operations.map((op) => [op.operation, op.changes.map((c) => c.change)]), [['POST /api/v1/workspaces/invites', ['route-missing']]])
})
