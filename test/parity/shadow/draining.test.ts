// A stop (SIGINT, SIGTERM) lets the client requests in flight finish: each gets the target's whole answer and is
// compared, then the proxy closes; a new connection is refused once it stops.
import { once } from 'node:events'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import t from 'tap'
import { send, startShadowFor } from './shadow-helper.js'

t.test('a request in flight when the shadow stops gets the target\'s answer and is compared', async (t) => {
  let arrived!: () => void
  const seen = new Promise<void>((resolve) => { arrived = resolve })
  // A target that answers after 800 ms: the stop comes while the request waits for it.
  const target = createServer((req, res) => {
    req.resume()
    arrived()
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
      res.end(JSON.stringify({ data: [], hasNextPage: false }))
    }, 800)
  })
  target.listen(0, '127.0.0.1')
  await once(target, 'listening')
  t.teardown(() => { target.closeAllConnections(); target.close() })
  const shadowed = await startShadowFor(t, `http://127.0.0.1:${(target.address() as AddressInfo).port}/api/v1`, { fixtures: 'fixtures/minimal' })
  const inFlight = send(shadowed.api, 'sk-test-full', 'GET', '/collections')
  await seen
  const code = await shadowed.stop()
  const reply = await inFlight
  t.same([reply.status, reply.headers.get('content-type'), reply.body], [200, 'application/json; charset=utf-8', { data: [], hasNextPage: false }], 'the client got the target\'s whole answer')
  const { shadow } = shadowed.shadow.report()
  t.same([shadow.forwarded, shadow.compared, shadow.failures], [1, 1, []], 'it was compared, not listed as a target failure')
  t.equal(code, 1, 'the exit code says what the comparison found (a stand-in target differs)')
  await t.rejects(send(shadowed.api, 'sk-test-full', 'GET', '/collections'), 'after the stop, the port takes no request')
})
