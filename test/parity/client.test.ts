// The client and its pacing: a sliding window (never more than the limit in any window, no wait below it), 429s
// waited out for as long as Retry-After says, one more try for a read answered 503 (on a fake clock: no test sleeps).
import { createServer } from 'node:http'
import t from 'tap'
import { createClient } from '../../src/parity/client.js'
import { DEFAULT_LIMIT, createPacer, retryAfterMs, type PacerClock } from '../../src/parity/pacer.js'

function fakeClock (): PacerClock & { slept: number[] } {
  let now = 1_000_000
  const slept: number[] = []
  return { slept, now: () => now, sleep: async (ms) => { slept.push(ms); now += ms } }
}

t.test('the window: the limit goes out at once, the next waits for the oldest to leave the window', async (t) => {
  const clock = fakeClock()
  const pacer = createPacer(3, 1000, clock)
  for (let i = 0; i < 3; i++) await pacer.take()
  t.same(clock.slept, [], 'a short run is not slowed')
  await pacer.take()
  t.same(clock.slept, [1000], 'the fourth waits until the first is a window old')
  t.equal(pacer.sent(), 4)
  t.equal(DEFAULT_LIMIT, 540, 'a tenth under the documented 600 a minute')
})

t.test('a pause (Retry-After) holds every request until it ends', async (t) => {
  const clock = fakeClock()
  const pacer = createPacer(10, 1000, clock)
  pacer.pauseUntil(clock.now() + 2500)
  await pacer.take()
  t.same(clock.slept, [2500])
})

t.test('Retry-After: seconds, an HTTP date, or a short default', async (t) => {
  t.equal(retryAfterMs('3', 0), 3000)
  t.equal(retryAfterMs(new Date(10_000).toUTCString(), 4_000), 6000)
  t.equal(retryAfterMs(undefined, 0), 1000)
  t.equal(retryAfterMs('soon', 0), 1000)
})

t.test('the client waits out 429s and sends the key as a Bearer header only', async (t) => {
  const seen: string[] = []
  let refusals = 2
  const server = createServer((request, response) => {
    seen.push(`${request.method} ${request.url} ${request.headers.authorization}`)
    if (refusals-- > 0) {
      response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '2', 'x-ratelimit-limit': '600' })
      return response.end('{"statusCode":429,"error":"Too Many Requests","message":"slow down"}')
    }
    response.writeHead(200, { 'content-type': 'application/json', 'x-ratelimit-remaining': '7', 'x-other': 'dropped' })
    response.end('{"ok":true}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => server.close())
  const clock = fakeClock()
  const { port } = server.address() as { port: number }
  const client = createClient({ baseUrl: `http://127.0.0.1:${port}/api/v1`, key: 'sk-secret', pacer: createPacer(540, 60_000, clock), clock })
  const answer = await client.send({ method: 'GET', path: '/scenes', query: { limit: '1' } })
  t.same(answer, { status: 200, headers: { 'content-type': 'application/json', 'x-ratelimit-remaining': '7' }, body: { ok: true }, json: true })
  t.same(seen, Array(3).fill('GET /api/v1/scenes?limit=1 Bearer sk-secret'))
  t.same(clock.slept, [2000, 2000], 'each Retry-After honoured before the next try')
  t.same([client.requests(), client.throttled()], [3, 2])
})

t.test('a read answered 503 is tried once more; a write is not', async (t) => {
  const seen: string[] = []
  const server = createServer((request, response) => {
    seen.push(`${request.method}`)
    response.writeHead(503, { 'content-type': 'application/json' })
    response.end('{"statusCode":503,"error":"Service Unavailable","message":"busy"}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => server.close())
  const clock = fakeClock()
  const { port } = server.address() as { port: number }
  const client = createClient({ baseUrl: `http://127.0.0.1:${port}/api/v1`, key: 'k', pacer: createPacer(540, 60_000, clock), clock })
  t.equal((await client.send({ method: 'GET', path: '/scenes' })).status, 503, 'still 503: then it is the answer')
  t.equal((await client.send({ method: 'POST', path: '/scenes', body: {} })).status, 503)
  t.same(seen, ['GET', 'GET', 'POST'])
  t.same(clock.slept, [1000])
})
