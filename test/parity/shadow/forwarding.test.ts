// The shadow proxy as the client sees it: every /api/v1 request reaches the target unchanged (method, path, query,
// body, headers minus hop-by-hop ones) and the target's answer comes back unchanged, a streamed answer as it
// streams, a 5xx as sent, a reset or a silent target as a broken connection; the report says which side failed.
import { once } from 'node:events'
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'
import t, { type Test } from 'tap'
import { send, settledReport, startShadowFor } from './shadow-helper.js'

interface Seen { method: string, url: string, headers: Record<string, string | string[] | undefined>, body: string }

/** A stand-in target that is not the API: it echoes what it got, or answers as a test tells it to. */
async function echoTarget (
  t: Test, answer?: (req: IncomingMessage, res: ServerResponse, body: string) => void
): Promise<{ api: string, seen: Seen[], server: Server }> {
  const seen: Seen[] = []
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks).toString('utf8')
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body })
    if (answer !== undefined) return answer(req, res, body)
    res.writeHead(201, { 'content-type': 'application/json', 'x-target-header': 'from the target', 'set-cookie': ['a=1', 'b=2'] })
    res.end(JSON.stringify({ echoed: body }))
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  t.teardown(() => { server.closeAllConnections(); server.close() })
  return { api: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`, seen, server }
}

/** A request through node:http (fetch refuses hop-by-hop headers), answered with its raw headers. */
function rawSend (url: string, method: string, headers: Record<string, string>, body?: string): Promise<{ status: number, headers: IncomingMessage['headers'], text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(url), { method, headers }, async (res) => {
      const chunks: Buffer[] = []
      for await (const chunk of res) chunks.push(chunk as Buffer)
      resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') })
    })
    req.on('error', reject)
    req.end(body)
  })
}

// The shadow side starts from the bundled fixtures: no import from a target that is not the API.
const FIXTURES = { fixtures: 'fixtures/minimal' }

t.test('every method, with its path, query, body and the client\'s headers, reaches the target as sent', async (t) => {
  const target = await echoTarget(t)
  const shadowed = await startShadowFor(t, target.api, FIXTURES)
  for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
    const body = method === 'GET' || method === 'DELETE' ? undefined : { name: `a ${method} body`, nested: { list: [1, 2] } }
    const headers = { 'authorization': 'Bearer sk-client-key', 'content-type': 'application/json', 'x-client-header': 'kept', 'connection': 'keep-alive, x-hop', 'x-hop': 'dropped', 'keep-alive': 'timeout=5' }
    const reply = await rawSend(`${shadowed.api}/scenes/abc?limit=2&offset=1`, method, headers, body === undefined ? undefined : JSON.stringify(body))
    t.equal(reply.status, 201, `${method}: the target's status`)
    t.same(JSON.parse(reply.text), { echoed: body === undefined ? '' : JSON.stringify(body) }, `${method}: the target's body`)
    t.equal(reply.headers['x-target-header'], 'from the target', `${method}: the target's headers`)
    t.same(reply.headers['set-cookie'], ['a=1', 'b=2'], `${method}: repeated headers as sent`)
  }
  t.same(target.seen.map((s) => `${s.method} ${s.url} ${s.body}`), [
    'GET /api/v1/scenes/abc?limit=2&offset=1 ',
    'POST /api/v1/scenes/abc?limit=2&offset=1 {"name":"a POST body","nested":{"list":[1,2]}}',
    'PUT /api/v1/scenes/abc?limit=2&offset=1 {"name":"a PUT body","nested":{"list":[1,2]}}',
    'PATCH /api/v1/scenes/abc?limit=2&offset=1 {"name":"a PATCH body","nested":{"list":[1,2]}}',
    'DELETE /api/v1/scenes/abc?limit=2&offset=1 '
  ], 'method, path below the target\'s base, query and body as the client sent them')
  for (const seen of target.seen) {
    t.equal(seen.headers.authorization, 'Bearer sk-client-key', `${seen.method}: the client's own key`)
    t.equal(seen.headers['x-client-header'], 'kept', `${seen.method}: the client's headers`)
    t.equal(seen.headers['x-hop'], undefined, `${seen.method}: a header the Connection header names is hop-by-hop`)
    t.equal(seen.headers['keep-alive'], undefined, `${seen.method}: Keep-Alive is hop-by-hop`)
    t.match(seen.headers.host, /^127\.0\.0\.1:\d+$/, `${seen.method}: Host names the target`)
    t.notOk(seen.headers['x-forwarded-for'], `${seen.method}: nothing added`)
  }
})

t.test('a compressed answer reaches the client byte for byte, with its Content-Encoding', async (t) => {
  const zipped = gzipSync(JSON.stringify({ data: [], hasNextPage: false }))
  const target = await echoTarget(t, (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': String(zipped.length) })
    res.end(zipped)
  })
  const shadowed = await startShadowFor(t, target.api, FIXTURES)
  const url = new URL(`${shadowed.api}/collections`)
  const raw = await new Promise<{ headers: IncomingMessage['headers'], body: Buffer }>((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': 'gzip', 'authorization': 'Bearer k' } }, async (res) => {
      const chunks: Buffer[] = []
      for await (const chunk of res) chunks.push(chunk as Buffer)
      resolve({ headers: res.headers, body: Buffer.concat(chunks) })
    }).on('error', reject).end()
  })
  t.equal(raw.headers['content-encoding'], 'gzip')
  t.equal(raw.headers['content-length'], String(zipped.length))
  t.same(raw.body, zipped, 'the bytes the target sent')
  t.equal(target.seen[0].headers['accept-encoding'], 'gzip', 'the client\'s Accept-Encoding went to the target')
})

t.test('a streamed MCP answer passes through intact, each event as the target sends it', async (t) => {
  let finish: () => void = () => {}
  const finished = new Promise<void>((resolve) => { finish = resolve })
  const events = ['event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{"progress":1}}\n\n', 'event: message\ndata: {"jsonrpc":"2.0","id":1,"result":{"tools":[]}}\n\n']
  const target = await echoTarget(t, (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
    res.write(events[0])
    void finished.then(() => res.end(events[1]))
  })
  const shadowed = await startShadowFor(t, target.api, FIXTURES)
  const response = await fetch(`${shadowed.api}/mcp`, { method: 'POST', headers: { 'authorization': 'Bearer k', 'content-type': 'application/json', 'accept': 'application/json, text/event-stream' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) })
  t.equal(response.status, 200)
  t.equal(response.headers.get('content-type'), 'text/event-stream')
  const reader = (response.body as ReadableStream<Uint8Array>).getReader()
  const first = await reader.read()
  t.equal(Buffer.from(first.value ?? []).toString('utf8'), events[0], 'the first event arrives before the target has finished')
  finish()
  let rest = ''
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += Buffer.from(chunk.value).toString('utf8')
  t.equal(rest, events[1], 'then the rest, unchanged')
  t.equal(JSON.parse(target.seen[0].body).method, 'tools/list')
})

t.test('a target 5xx reaches the client as sent; a reset or a silent target breaks the client\'s connection', async (t) => {
  const target = await echoTarget(t, (req, res) => {
    if (req.url?.includes('fail') === true) return void res.writeHead(503, { 'content-type': 'text/html', 'retry-after': '7' }).end('<h1>down for maintenance</h1>')
    if (req.url?.includes('reset') === true) return void req.socket.destroy()
    // silent: never answers
  })
  const shadowed = await startShadowFor(t, target.api, { ...FIXTURES, timeoutMs: 300 })
  const failed = await send(shadowed.api, 'k', 'GET', '/scenes/fail')
  t.equal(failed.status, 503)
  t.equal(failed.text, '<h1>down for maintenance</h1>')
  t.equal(failed.headers.get('retry-after'), '7')
  await t.rejects(send(shadowed.api, 'k', 'GET', '/scenes/reset'), 'a reset target: the client\'s connection breaks')
  const started = Date.now()
  await t.rejects(send(shadowed.api, 'k', 'GET', '/scenes/silent'), 'a silent target: the connection breaks after --timeout')
  t.ok(Date.now() - started < 5000, 'after --timeout, not the client\'s own timeout')
  const report = await settledReport(shadowed)
  t.same(report.shadow.failures.map((f) => `${f.side} ${f.operation}: ${f.reason}`), [
    'target GET /api/v1/scenes/{sceneId}: no answer within 0.3 s',
    'target GET /api/v1/scenes/{sceneId}: connection reset',
    'target GET /api/v1/scenes/{sceneId}: the target answered 503 (text/html)'
  ], 'the report names each failure of the target, newest first: the 503 page too')
  t.same(report.operations, [], 'the 503 is the target failing, not a difference to learn')
  t.equal(report.shadow.forwarded, 3)
})

t.test('outside /api/v1 the shadow side answers: before it runs only health, the report and its page, after it its admin API and docs', async (t) => {
  const target = await echoTarget(t)
  const waiting = await startShadowFor(t, target.api)
  const early = await send(waiting.shadow.url, undefined, 'GET', '/_emulator/health')
  t.equal(early.status, 200, 'health is the proxy\'s own (test/parity/shadow/health.test.ts)')
  const docs = await send(waiting.shadow.url, undefined, 'GET', '/_emulator/requests')
  t.equal(docs.status, 503)
  t.same(docs.body, { statusCode: 503, error: 'Service Unavailable', message: 'The shadow side is not running yet: it starts with the first /api/v1 request that carries a key (or at start with --key or --fixtures)' })
  const report = await send(waiting.shadow.url, undefined, 'GET', '/_emulator/shadow')
  t.equal(report.status, 200)
  t.match(report.body.shadow, { state: 'waiting', forwarded: 0, importRequests: 0 })
  const ready = await startShadowFor(t, target.api, FIXTURES)
  const health = await send(ready.shadow.url, undefined, 'GET', '/_emulator/health')
  t.equal(health.status, 200)
  t.equal(health.body.status, 'ok')
  t.equal(target.seen.length, 0, 'nothing outside /api/v1 reached the target')
})
