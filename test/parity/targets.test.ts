// `parity` against targets this project did not write, through a stand-in server: a JSON server that is not the
// API, a failing service, one that never answers, one without some routes, one that refuses a write (the reads
// after it follow from that step). Each is told apart in one line or in the report.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t, { type Test } from 'tap'
import { holdings, parity, startStandIn, startTarget, type Target } from './parity-helper.js'

let target: Target
const work = mkdtempSync(join(tmpdir(), 'parity-targets-'))
t.teardown(() => rmSync(work, { recursive: true, force: true }))
t.before(async () => { target = await startTarget(t) })

const oneLine = (t: Test, run: { code: number, out: string, err: string }, line: RegExp): void => {
  t.equal(run.code, 2, run.out + run.err)
  t.equal(run.out, '')
  t.match(run.err, line)
  t.notMatch(run.err, /\n/, 'one line')
}

t.test('a JSON server that answers 200 {"status":"ok"} to everything is not the API: exit 2, one line', async (t) => {
  const server = await startStandIn(t, { answer: () => ({ status: 200, body: { status: 'ok' } }) })
  const run = await parity('--target', server.api, '--key', 'sk-any', '--report', join(work, 'foreign.json'))
  oneLine(t, run, /^parity: http:\/\/127\.0\.0\.1:\d+\/api\/v1 is not the drawing API: GET \/workspaces answered 200 \{"status":"ok"\}, not a workspace$/)
  t.same(server.requests, ['GET /api/v1/workspaces'], 'nothing else was sent')
})

t.test('a target answering 500 at first contact is tried once more, then reported as failing', async (t) => {
  const failing = await startStandIn(t, { answer: () => ({ status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'down' } }) })
  const run = await parity('--target', failing.api, '--key', 'sk-any')
  oneLine(t, run, /^parity: http:\/\/127\.0\.0\.1:\d+\/api\/v1 is failing: GET \/workspaces answered 500 twice, a second apart \(the service has a problem; try again later\)$/)
  t.same(failing.requests, ['GET /api/v1/workspaces', 'GET /api/v1/workspaces'])

  await target.reset()
  let first = true
  const once = await startStandIn(t, {
    upstream: target.url,
    answer: (method, path) => {
      if (!first || path !== '/api/v1/workspaces') return undefined
      first = false
      return { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'busy' } }
    }
  })
  const recovered = await parity('--target', once.api, '--key', await target.mintKey(), '--read-only')
  t.equal(recovered.code, 0, recovered.out + recovered.err)
  t.match(recovered.out, /\n12 operations: 12 the same, 0 differ\n/, 'a 500 that passes is not a verdict')
})

t.test('a request that is never answered: --timeout, and the line names it', async (t) => {
  await target.reset()
  const key = await target.mintKey()
  const server = await startStandIn(t, { upstream: target.url, answer: (method, path) => path.startsWith('/api/v1/workspaces/invites') ? 'hang' : undefined })
  const started = Date.now()
  const run = await parity('--target', server.api, '--key', key, '--timeout', '0.5')
  oneLine(t, run, /^parity: GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/workspaces\/invites got no answer within 0\.5 s \(--timeout\)$/)
  t.ok(Date.now() - started < 15_000, 'not the old fixed 60 s')
})

/** Fastify's own answer for a route it does not have. */
const routeNotFound = (method: string, path: string) => ({ status: 404, body: { message: `Route ${method}:${path} not found`, error: 'Not Found', statusCode: 404 } })

t.test('a target without some routes: each is "operation missing at the target", not "the same"', async (t) => {
  await target.reset()
  const key = await target.mintKey()
  const server = await startStandIn(t, {
    upstream: target.url,
    answer: (method, path) => /^\/api\/v1\/workspaces\/(users|invites)\/[^/?]+/.test(path) || path.startsWith('/api/v1/parityNoSuchRoute') ? routeNotFound(method, path) : undefined
  })
  const reportFile = join(work, 'missing.json')
  const run = await parity('--target', server.api, '--key', key, '--report', reportFile)
  t.equal(run.code, 1, run.out + run.err)
  const report = JSON.parse(readFileSync(reportFile, 'utf8'))
  const missing = report.operations.filter((op: any) => op.differences.some((d: any) => d.kind === 'missing-route')).map((op: any) => op.operation)
  t.same(missing, [
    'GET /api/v1/workspaces/users/{userId}', 'GET /api/v1/workspaces/invites/{inviteId}', 'PATCH /api/v1/workspaces/users/{userId}',
    'DELETE /api/v1/workspaces/users/{userId}', 'PATCH /api/v1/workspaces/invites/{inviteId}', 'DELETE /api/v1/workspaces/invites/{inviteId}'
  ])
  const probe = report.operations.find((op: any) => op.operation === 'DELETE /api/v1/workspaces/users/{userId}')
  t.same(probe.differences, [{
    path: 'route', kind: 'missing-route', emulator: 'answered 404', target: 'operation missing at the target (route not found, 404)',
    status: 404, notFound: '{"message":"Route <method>:<path> not found","error":"Not Found","statusCode":404}',
    requests: [{ method: 'DELETE', path: '/workspaces/users/parityNoSuchId0', step: probe.differences[0].requests[0].step }], count: 1
  }], 'the id-not-found 404 of the emulator against the route-not-found 404 of the target')
  t.match(run.out, /\nDELETE \/api\/v1\/workspaces\/users\/\{userId\} +1 +0 +1 +operation missing at the target \[step \d+ DELETE \/workspaces\/users\/parityNoSuchId0\]\n/)
  const others = report.operations.filter((op: any) => op.differs > 0 && !missing.includes(op.operation))
  t.same(others.map((op: any) => op.operation), ['GET /api/v1/workspaces/invites'], 'and what follows from them: the invite the run made could not be revoked')
  t.match(others[0].differences[0].followsFrom, { method: 'PATCH', path: /^\/workspaces\/invites\/\w+$/, status: 404 }, 'marked as following from the change the target could not make')
})

t.test('a write the target refuses: the reads after it are marked as following from that step', async (t) => {
  await target.reset()
  const key = await target.mintKey()
  const before = await holdings(target.api, key)
  const server = await startStandIn(t, {
    upstream: target.url,
    answer: (method, path) => method === 'PATCH' && /\/scenes\/\w+\/content$/.test(path) && !path.includes('parityNoSuchId0') ? { status: 400, body: { statusCode: 400, error: 'Bad Request', message: 'no' } } : undefined
  })
  const reportFile = join(work, 'follows.json')
  const run = await parity('--target', server.api, '--key', key, '--report', reportFile)
  t.equal(run.code, 1)
  const report = JSON.parse(readFileSync(reportFile, 'utf8'))
  const patch = report.operations.find((op: any) => op.operation === 'PATCH /api/v1/scenes/{sceneId}/content')
  const failedSteps = patch.differences.find((d: any) => d.path === 'status').requests.map((r: any) => r.step)
  t.notOk(patch.differences.some((d: any) => d.followsFrom !== undefined), 'the write itself is the cause')
  const content = report.operations.find((op: any) => op.operation === 'GET /api/v1/scenes/{sceneId}/content')
  t.ok(content.differences.length > 0)
  t.same(content.differences.filter((d: any) => d.followsFrom === undefined), [], 'every difference of the read after it follows from it')
  const origin = content.differences[0].followsFrom
  t.match(origin, { method: 'PATCH', path: /^\/scenes\/\w+\/content$/, status: 400 })
  t.ok(failedSteps.includes(origin.step) && origin.step < content.differences[0].requests[0].step, 'the last refused PATCH before the read')
  t.match(run.out, new RegExp(`\\nGET /api/v1/scenes/\\{sceneId\\}/content .+; follows from step ${origin.step as number} PATCH /scenes/\\w+/content \\(answered 400\\)\\n`))
  t.same(await holdings(target.api, key), before, 'nothing left behind')
})
