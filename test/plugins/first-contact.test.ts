// What a newcomer's first mistakes get back (docs/emulated-api.md, First contact): a 415 that names the content type to send, a 404
// outside /api/v1 that names the prefix, admin 401s about the admin token, and client errors Node's parser raises
// (431, 400, 408) closed with `Connection: close`, so a keep-alive client's next request succeeds.
import http from 'node:http'
import { connect } from 'node:net'
import t from 'tap'
import { build, errorBody } from '../helper.js'

const SEND_JSON = 'send the body as JSON with "Content-Type: application/json"'
const ADMIN_MISSING = 'This admin route needs the admin token: send "Authorization: Bearer <token>" with the EMULATOR_ADMIN_TOKEN value (API keys do not open the admin API)'
const ADMIN_WRONG = 'Wrong admin token: send the EMULATOR_ADMIN_TOKEN value (API keys do not open the admin API)'

// One app for the file: a short request timeout for the 408 case, an admin token for the 401 cases.
const app = await build(t, { requestTimeoutMs: 1000, adminToken: 'admin-secret', rateLimit: 0 })
await app.listen({ port: 0, host: '127.0.0.1' })
const port = (app.server.address() as { port: number }).port
const auth = { authorization: 'Bearer sk-test-full' }

t.test('a body without JSON content type: 415 saying what to send, nothing stored', async (t) => {
  const before = (await app.inject({ url: '/api/v1/collections', headers: auth })).json().data.length
  const form = await app.inject({ method: 'POST', url: '/api/v1/collections', headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' }, payload: '{"name":"x"}' })
  t.same([form.statusCode, form.json()], [415, errorBody(415, 'Unsupported Media Type', `Unsupported Media Type: application/x-www-form-urlencoded: ${SEND_JSON}`)])
  const none = await app.inject({ method: 'POST', url: '/api/v1/collections', headers: auth, payload: Buffer.from('{"name":"x"}') })
  t.same([none.statusCode, none.json()], [415, errorBody(415, 'Unsupported Media Type', `Missing Content-Type: ${SEND_JSON}`)])
  const admin = await app.inject({ method: 'POST', url: '/_emulator/workspaces', headers: { 'authorization': 'Bearer admin-secret', 'content-type': 'text/csv' }, payload: 'a,b' })
  t.same([admin.statusCode, admin.json()], [415, errorBody(415, 'Unsupported Media Type', `Unsupported Media Type: text/csv: ${SEND_JSON}`)])
  t.equal((await app.inject({ url: '/api/v1/collections', headers: auth })).json().data.length, before, 'nothing was created')
})

t.test('a JSON body sent as text/plain: 400 in the envelope saying to send application/json, nothing stored', async (t) => {
  const before = (await app.inject({ url: '/api/v1/collections', headers: auth })).json().data.length
  for (const contentType of ['text/plain', 'text/plain; charset=utf-8']) {
    const res = await app.inject({ method: 'POST', url: '/api/v1/collections', headers: { ...auth, 'content-type': contentType }, payload: '{"name":"x"}' })
    t.same([res.statusCode, res.headers['content-type'], res.json()], [400, 'application/json; charset=utf-8', errorBody(400, 'Bad Request',
      `body must be object: the body came as text/plain; ${SEND_JSON}`)], contentType)
  }
  const patch = await app.inject({ method: 'PATCH', url: '/api/v1/scenes/scnShapes01/content', headers: { ...auth, 'content-type': 'text/plain' }, payload: '{"elements":[]}' })
  t.same([patch.statusCode, patch.json().message], [400, `body must be object: the body came as text/plain; ${SEND_JSON}`], 'PATCH too')
  const json = await app.inject({ method: 'POST', url: '/api/v1/collections', headers: { ...auth, 'content-type': 'application/json' }, payload: '[]' })
  t.same(json.json().message, 'body must be object', 'a JSON body of the wrong shape keeps the plain message')
  t.equal((await app.inject({ url: '/api/v1/collections', headers: auth })).json().data.length, before, 'nothing was created')
})

t.test('a path that exists under /api/v1: the 404 names the prefix', async (t) => {
  const cases: Array<[string, string, string]> = [
    ['GET', '/collections', '/api/v1/collections'],
    ['GET', '/scenes/abc?limit=1', '/api/v1/scenes/abc?limit=1'],
    ['POST', '/v1/collections', '/api/v1/collections'],
    ['DELETE', '/collections/xyz', '/api/v1/collections/xyz']
  ]
  for (const [method, url, inside] of cases) {
    const res = await app.inject({ method: method as 'GET', url, headers: auth })
    t.same([res.statusCode, res.json()], [404, errorBody(404, 'Not Found',
      `Route ${method}:${url} not found: the API is served under /api/v1, try ${method} ${inside}`)], `${method} ${url}`)
  }
  const unknown = await app.inject({ url: '/nothing-here', headers: auth })
  t.same([unknown.statusCode, unknown.json()], [404, errorBody(404, 'Not Found', 'Route GET:/nothing-here not found')], 'no hint when the prefix would not help')
  const wrongMethod = await app.inject({ method: 'PUT', url: '/collections', headers: auth })
  t.same(wrongMethod.json().message, 'Route PUT:/collections not found', 'no hint for a method the route under the prefix does not take')
  const inside = await app.inject({ url: '/api/v1/nothing', headers: auth })
  t.same(inside.json().message, 'Route GET:/api/v1/nothing not found')
})

t.test('another prefix, or a segment\'s singular for its plural: the 404 names the route meant', async (t) => {
  const cases: Array<[string, string, string]> = [
    ['GET', '/api/v2/collections', 'the API is served under /api/v1, try GET /api/v1/collections'],
    ['GET', '/api/collections?limit=2', 'the API is served under /api/v1, try GET /api/v1/collections?limit=2'],
    ['GET', '/api/v0/scene/abc', 'the API is served under /api/v1, try GET /api/v1/scenes/abc'],
    ['GET', '/api/v1/collection', 'the nearest route is GET /api/v1/collections'],
    ['POST', '/api/v1/scene', 'the nearest route is POST /api/v1/scenes'],
    ['GET', '/api/v1/scene/abc/content', 'the nearest route is GET /api/v1/scenes/abc/content']
  ]
  for (const [method, url, hint] of cases) {
    const res = await app.inject({ method: method as 'GET', url, headers: auth })
    t.same([res.statusCode, res.headers['content-type'], res.json()], [404, 'application/json; charset=utf-8', errorBody(404, 'Not Found', `Route ${method}:${url} not found: ${hint}`)], `${method} ${url}`)
  }
  const none = await app.inject({ url: '/api/v2/nothing', headers: auth })
  t.same(none.json(), errorBody(404, 'Not Found', 'Route GET:/api/v2/nothing not found'), 'no hint when no route answers')
  const wrongMethod = await app.inject({ method: 'PUT', url: '/api/v1/collection', headers: auth })
  t.same(wrongMethod.json().message, 'Route PUT:/api/v1/collection not found', 'no hint for a method the near route does not take')
})

t.test('with an admin token: the admin 401s talk about the token, not API keys', async (t) => {
  const missing = await app.inject({ method: 'POST', url: '/_emulator/reset' })
  t.same([missing.statusCode, missing.json()], [401, errorBody(401, 'Unauthorized', ADMIN_MISSING)])
  const withKey = await app.inject({ method: 'POST', url: '/_emulator/reset', headers: auth })
  t.same([withKey.statusCode, withKey.json()], [401, errorBody(401, 'Unauthorized', ADMIN_WRONG)], 'an API key is the wrong token')
  const malformed = await app.inject({ url: '/_emulator/faults', headers: { authorization: 'Basic abc' } })
  t.same([malformed.statusCode, malformed.json()], [401, errorBody(401, 'Unauthorized', 'Malformed Authorization header: expected "Bearer <token>" with the EMULATOR_ADMIN_TOKEN value')])
  const page = await app.inject({ url: '/_emulator/ui/api/faults' })
  t.same([page.statusCode, page.json()], [401, errorBody(401, 'Unauthorized', ADMIN_MISSING)], 'the demo page\'s JSON routes too')
  const pageWrong = await app.inject({ url: '/_emulator/ui/api/faults', headers: { authorization: 'Bearer nope' } })
  t.same([pageWrong.statusCode, pageWrong.json()], [401, errorBody(401, 'Unauthorized', ADMIN_WRONG)])
  t.equal((await app.inject({ url: '/_emulator/faults', headers: { authorization: 'Bearer admin-secret' } })).statusCode, 200)
})

/** GET through a keep-alive agent with one socket: the next request must not land on a socket being closed. */
function get (agent: http.Agent, headers: Record<string, string> = {}): Promise<{ status: number, headers: http.IncomingHttpHeaders, body: string }> {
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path: '/_emulator/health', agent, headers }, (res) => {
      let body = ''
      res.on('data', (chunk) => { body += chunk })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
    }).on('error', reject)
  })
}

t.test('431 for oversized headers, closed with Connection: close: a keep-alive client\'s next request succeeds', async (t) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  t.teardown(() => agent.destroy())
  for (let round = 0; round < 5; round++) {
    const big = await get(agent, { 'x-padding': 'a'.repeat(17 * 1024) })
    t.equal(big.status, 431)
    t.equal(big.headers.connection, 'close')
    t.equal(big.headers['content-type'], 'application/json; charset=utf-8')
    t.same(JSON.parse(big.body), errorBody(431, 'Request Header Fields Too Large', 'Request Header Fields Too Large: the request line and headers exceed 16 KiB'))
    const next = await get(agent)
    t.equal(next.status, 200, `round ${round}: the next request on the same agent succeeds`)
  }
})

/** Writes raw bytes and reads until the server closes the connection. */
function raw (bytes: string, timeoutMs = 10_000): Promise<{ answer: string, closed: boolean }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes))
    let answer = ''
    const timer = setTimeout(() => { socket.destroy(); resolve({ answer, closed: false }) }, timeoutMs)
    socket.on('data', (chunk) => { answer += chunk.toString() })
    socket.on('close', () => { clearTimeout(timer); resolve({ answer, closed: true }) })
    socket.on('error', () => {})
  })
}

const envelopeOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))

t.test('400 for a request that is not HTTP, and 408 for one that never finishes, each closing the connection', async (t) => {
  const bad = await raw('GET /_emulator/health HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header Line\r\n\r\n')
  t.ok(bad.closed, 'the server closed the connection')
  t.match(bad.answer, /^HTTP\/1\.1 400 Bad Request\r\n/)
  t.match(bad.answer, /\r\nConnection: close\r\n/)
  t.same(envelopeOf(bad.answer), errorBody(400, 'Bad Request', 'Bad Request: the request is not valid HTTP/1.1'))
  const slow = await raw('GET /_emulator/health HTTP/1.1\r\nHost: 127.0.0.1\r\n')
  t.ok(slow.closed, 'the server closed the connection')
  t.match(slow.answer, /^HTTP\/1\.1 408 Request Timeout\r\n/)
  t.match(slow.answer, /\r\nConnection: close\r\n/)
  t.same(envelopeOf(slow.answer), errorBody(408, 'Request Timeout', 'Request Timeout: the request did not arrive in full within 1000 ms (EMULATOR_REQUEST_TIMEOUT_MS)'))
})
