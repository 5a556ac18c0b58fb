// A stop (SIGINT, SIGTERM) lets the client requests in flight finish: each gets the target's whole answer and is
// compared, then the proxy closes; a new connection is refused once it stops. A large answer to a slow client is
// delivered whole: the stop waits for the client to have it, not only for the target to have sent it.
import { once } from 'node:events'
import { createServer, get, type IncomingMessage } from 'node:http'
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

t.test('a large answer to a slow client is delivered whole when the shadow stops mid-way', async (t) => {
  // 16 MB, more than the loopback socket buffers hold: most of it is still to be sent when the stop comes.
  const answer = Buffer.from(JSON.stringify({ id: 'big', elements: 'x'.repeat(16 * 1024 * 1024) }))
  let targetSent = false
  const target = createServer((req, res) => {
    req.resume()
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': String(answer.length) }).end(answer)
    res.on('finish', () => { targetSent = true })
  })
  target.listen(0, '127.0.0.1')
  await once(target, 'listening')
  t.teardown(() => { target.closeAllConnections(); target.close() })
  const shadowed = await startShadowFor(t, `http://127.0.0.1:${(target.address() as AddressInfo).port}/api/v1`, { fixtures: 'fixtures/minimal' })
  // A client that reads nothing until the stop has begun, then reads on.
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    get(`${shadowed.api}/scenes/big/content`, { headers: { authorization: 'Bearer sk-test-full' } }, resolve).on('error', reject)
  })
  response.pause()
  await new Promise((resolve) => setTimeout(resolve, 200))
  t.notOk(targetSent, 'the proxy reads the target no faster than the client reads it (it does not hold the whole answer)')
  const stopped = shadowed.stop()
  await new Promise((resolve) => setTimeout(resolve, 300))
  const chunks: Buffer[] = []
  const received = new Promise<string>((resolve) => {
    response.on('data', (chunk: Buffer) => chunks.push(chunk))
    response.on('end', () => resolve('end'))
    response.on('error', (error) => resolve(error.message))
    response.on('close', () => resolve('closed before the end'))
  })
  response.resume()
  t.equal(await received, 'end', 'the answer ended normally')
  const body = Buffer.concat(chunks)
  t.same([response.statusCode, response.headers['content-type'], response.headers['content-length'], body.length], [200, 'application/json; charset=utf-8', String(answer.length), answer.length], 'status, headers and every byte')
  t.ok(body.equals(answer), 'the bytes the target sent')
  await stopped
  const { shadow } = shadowed.shadow.report()
  t.same([shadow.forwarded, shadow.compared, shadow.failures], [1, 1, []], 'compared, not listed as a target failure')
})
