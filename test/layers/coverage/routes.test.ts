// /_emulator/coverage: the counts (all workspaces or one), clearing them (DELETE, reset) and the check's gaps.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { KEYS, sharedApp } from '../../helper.js'
import { BAD_REQUEST, NOT_FOUND, admin } from '../../admin/admin-helper.js'

const fresh = sharedApp(t)

async function get (app: FastifyInstance, url: string, headers: Record<string, string> = {}, key: string = KEYS.full) {
  await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}`, ...headers } })
}

/** Three operations: collections answered 200 and 503, a scene 404, the workspace's scenes 200 from the other workspace. */
async function someTraffic (app: FastifyInstance): Promise<void> {
  await get(app, '/api/v1/collections')
  await get(app, '/api/v1/collections', { 'x-emulator-fault': '503' })
  await get(app, '/api/v1/scenes/nope')
  await get(app, '/api/v1/scenes', { 'x-emulator-drift': 'rename-field' }, KEYS.other)
}

t.test('GET answers every operation, sorted, and one workspace\'s with ?workspaceId=', async (t) => {
  const app = await fresh()
  t.strictSame((await admin(t, app, 'GET', '/_emulator/coverage')).body, { operations: [] }, 'nothing before any answer')
  await someTraffic(app)
  const all = await admin(t, app, 'GET', '/_emulator/coverage')
  t.equal(all.status, 200)
  t.strictSame(all.body, {
    operations: [
      { operation: 'GET /api/v1/collections', calls: 2, outcomes: { 200: 1, 503: 1 } },
      { operation: 'GET /api/v1/scenes', calls: 1, outcomes: { '200': 1, 'drift:rename-field': 1 } },
      { operation: 'GET /api/v1/scenes/{sceneId}', calls: 1, outcomes: { 404: 1 } }
    ]
  })
  t.strictSame((await admin(t, app, 'GET', '/_emulator/coverage?workspaceId=wsOther0001')).body, {
    operations: [{ operation: 'GET /api/v1/scenes', calls: 1, outcomes: { '200': 1, 'drift:rename-field': 1 } }]
  })
  const bad = await admin(t, app, 'GET', '/_emulator/coverage?workspaceId=')
  t.equal(bad.status, 400)
  t.strictSame(bad.body, BAD_REQUEST('querystring/workspaceId must NOT have fewer than 1 characters'))
})

t.test('DELETE forgets every count and says how many answers were counted; a reset forgets them too', async (t) => {
  const app = await fresh()
  await someTraffic(app)
  const cleared = await admin(t, app, 'DELETE', '/_emulator/coverage')
  t.equal(cleared.status, 200)
  t.strictSame(cleared.body, { cleared: 4 })
  t.strictSame((await admin(t, app, 'GET', '/_emulator/coverage')).body, { operations: [] })
  await someTraffic(app)
  t.equal((await app.inject({ method: 'POST', url: '/_emulator/reset' })).statusCode, 200)
  t.strictSame((await admin(t, app, 'GET', '/_emulator/coverage')).body, { operations: [] }, 'reset cleared it')
})

t.test('check: every called operation that never received a required outcome; drift matches any kind', async (t) => {
  const app = await fresh()
  await someTraffic(app)
  const check = await admin(t, app, 'POST', '/_emulator/coverage/check', { body: { operations: 'called', outcomes: ['503', 'drift'] } })
  t.equal(check.status, 200)
  t.strictSame(check.body, {
    ok: false,
    gaps: [
      { operation: 'GET /api/v1/collections', outcome: 'drift' },
      { operation: 'GET /api/v1/scenes', outcome: '503' },
      { operation: 'GET /api/v1/scenes/{sceneId}', outcome: '503' },
      { operation: 'GET /api/v1/scenes/{sceneId}', outcome: 'drift' }
    ]
  })
  const met = await admin(t, app, 'POST', '/_emulator/coverage/check', { body: { operations: ['GET /api/v1/collections'], outcomes: ['200', '503'] } })
  t.strictSame(met.body, { ok: true, gaps: [] })
})

t.test('check: a listed operation never called is a gap for each outcome; ?workspaceId narrows it', async (t) => {
  const app = await fresh()
  await someTraffic(app)
  const listed = await admin(t, app, 'POST', '/_emulator/coverage/check', {
    body: { operations: ['POST /api/v1/scenes', 'mcp list_scenes'], outcomes: ['429', 'drop'] }
  })
  t.strictSame(listed.body, {
    ok: false,
    gaps: [
      { operation: 'POST /api/v1/scenes', outcome: '429' },
      { operation: 'POST /api/v1/scenes', outcome: 'drop' },
      { operation: 'mcp list_scenes', outcome: '429' },
      { operation: 'mcp list_scenes', outcome: 'drop' }
    ]
  })
  const other = await admin(t, app, 'POST', '/_emulator/coverage/check', { body: { operations: 'called', outcomes: ['drift:rename-field'], workspaceId: 'wsOther0001' } })
  t.strictSame(other.body, { ok: true, gaps: [] }, 'the other workspace called one operation, and it drifted')
  const unknown = await admin(t, app, 'POST', '/_emulator/coverage/check', { body: { operations: 'called', outcomes: ['200'], workspaceId: 'wsNobody' } })
  t.equal(unknown.status, 404, 'a mistyped workspace is not a passing gate')
  t.strictSame(unknown.body, NOT_FOUND('Workspace wsNobody not found'))
})

t.test('check: \'called\' with nothing called fails, one (none called) gap per outcome; keyless calls and unknown URLs are not called operations', async (t) => {
  const app = await fresh()
  const empty = await admin(t, app, 'POST', '/_emulator/coverage/check', { body: { operations: 'called', outcomes: ['429', 'drift'] } })
  t.equal(empty.status, 200)
  t.strictSame(empty.body, { ok: false, gaps: [{ operation: '(none called)', outcome: '429' }, { operation: '(none called)', outcome: 'drift' }] })
  await get(app, '/api/v1/scenes', {}, 'sk-nobody')
  await get(app, '/api/v1/no-such-thing')
  const keyless = await admin(t, app, 'POST', '/_emulator/coverage/check', { body: { operations: 'called', outcomes: ['200'] } })
  t.strictSame(keyless.body, { ok: false, gaps: [{ operation: '(none called)', outcome: '200' }] }, 'a 401 and an unknown URL are counted, not called')
  t.strictSame((await admin(t, app, 'GET', '/_emulator/coverage')).body.operations.map((entry: any) => entry.operation), ['GET /api/v1/*', 'GET /api/v1/scenes'])
  const other = await admin(t, app, 'POST', '/_emulator/coverage/check', { body: { operations: 'called', outcomes: ['200'], workspaceId: 'wsOther0001' } })
  t.strictSame(other.body, { ok: false, gaps: [{ operation: '(none called)', outcome: '200' }] }, 'nothing called in that workspace')
  await get(app, '/api/v1/scenes')
  const called = await admin(t, app, 'POST', '/_emulator/coverage/check', { body: { operations: 'called', outcomes: ['200', '503'] } })
  t.strictSame(called.body, { ok: false, gaps: [{ operation: 'GET /api/v1/scenes', outcome: '503' }] }, 'only the operation called with a key is checked, not GET /api/v1/*')
})

t.test('check: a bad body is a 400 naming what is wrong, and counts nothing', async (t) => {
  const app = await fresh()
  await someTraffic(app)
  const cases: Array<[unknown, string]> = [
    [{ operations: 'called', outcomes: ['timeout'] }, 'body/outcomes/0 must match pattern "^([1-5][0-9][0-9]|drop|slow|learned|drift|drift:[a-z0-9-]+)$"'],
    [{ operations: 'called', outcomes: [] }, 'body/outcomes must NOT have fewer than 1 items'],
    [{ operations: ['GET /api/v1/scenes', '/api/v1/scenes'], outcomes: ['200'] }, 'body/operations/1 is not an operation of this emulator: "/api/v1/scenes" (GET /_emulator/coverage names operations as a check lists them)'],
    [{ operations: ['GET /api/v1/scenes/:sceneId'], outcomes: ['200'] }, 'body/operations/0 is not an operation of this emulator: "GET /api/v1/scenes/:sceneId" (did you mean "GET /api/v1/scenes/{sceneId}"?)'],
    [{ operations: ['mcp list_scene'], outcomes: ['200'] }, 'body/operations/0 is not an operation of this emulator: "mcp list_scene" (GET /_emulator/coverage names operations as a check lists them)'],
    [{ operations: ['get /api/v1/Scenes/'], outcomes: ['200'] }, 'body/operations/0 is not an operation of this emulator: "get /api/v1/Scenes/" (did you mean "GET /api/v1/scenes"?)'],
    [{ operations: [], outcomes: ['200'] }, "body/operations is an empty list: list at least one operation, or send 'called'"],
    [{ operations: 'everything', outcomes: ['200'] }, 'body/operations must be equal to constant'],
    [{ outcomes: ['200'] }, "body must have required property 'operations'"],
    [{ operations: 'called', outcomes: ['200'], extra: 1 }, "body must NOT have additional property 'extra'"]
  ]
  for (const [body, message] of cases) {
    const res = await admin(t, app, 'POST', '/_emulator/coverage/check', { body })
    t.equal(res.status, 400, JSON.stringify(body))
    t.strictSame(res.body, BAD_REQUEST(message), JSON.stringify(body))
  }
  const broken = await admin(t, app, 'POST', '/_emulator/coverage/check', { payload: '{"operations":' })
  t.equal(broken.status, 400)
  t.equal((await admin(t, app, 'GET', '/_emulator/coverage')).body.operations.length, 3, 'the counts are untouched')
})
