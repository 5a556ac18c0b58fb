// The chaos sweep (EMULATOR_CHAOS=sweep): each failure once per operation and workspace, in a seeded order, a normal
// answer between two; a swept failure never writes, a swept drift perturbs an applied write; named in a header and
// in the journal, counted in the coverage.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { KEYS, build, errorBody, sharedApp } from '../../helper.js'
import { rpc } from '../../mcp/endpoint-helper.js'
import { createSweepControl, sweepOrder } from '../../../src/layers/coverage/sweep.js'
import { ConfigError } from '../../../src/config/index.js'

const DEFAULT_OUTCOMES = ['429', '503', 'drop', 'drift']
const sweeping = sharedApp(t, { chaos: 'sweep' })
const MAIN = 'wsMain00001'

/** One answer as the client saw it: a status (null when the connection was dropped), the chaos header, the drift header. */
interface Seen { status: number | null, chaos: string | undefined, drift: string | undefined, body: any }

async function send (app: FastifyInstance, method: string, url: string, body?: object, key: string = KEYS.full): Promise<Seen> {
  try {
    const res = await app.inject({ method: method as 'GET', url, headers: { authorization: `Bearer ${key}` }, ...(body === undefined ? {} : { payload: body }) })
    return { status: res.statusCode, chaos: res.headers['x-emulator-chaos'] as string | undefined, drift: res.headers['x-emulator-drift'] as string | undefined, body: res.body === '' ? undefined : res.json() }
  } catch (error) {
    if ((error as { code?: string }).code !== 'LIGHT_ECONNRESET') throw error
    return { status: null, chaos: undefined, drift: undefined, body: undefined }
  }
}

/** What each answer's outcome was, as the sweep names it: 'normal', a status, 'drop' or 'drift:<kind>'. */
function outcomeOf (seen: Seen): string {
  if (seen.status === null) return 'drop'
  if (seen.chaos === undefined) return 'normal'
  return seen.chaos.replace(/^sweep /, '')
}

t.test('the state: seeded orders, one failure at a time, a normal answer between, normal once all were served', async (t) => {
  const order = sweepOrder(DEFAULT_OUTCOMES, 7, MAIN, 'GET /api/v1/scenes')
  t.strictSame([...order].sort(), [...DEFAULT_OUTCOMES].sort(), 'each outcome once')
  t.strictSame(sweepOrder(DEFAULT_OUTCOMES, 7, MAIN, 'GET /api/v1/scenes'), order, 'the same seed, the same order')
  const orders = new Set(Array.from({ length: 20 }, (_, i) => sweepOrder(DEFAULT_OUTCOMES, i, MAIN, 'GET /api/v1/scenes').join()))
  t.ok(orders.size > 5, `seeds give different orders (${orders.size} of 20)`)
  const sweep = createSweepControl({ chaos: 'sweep', chaosOutcomes: DEFAULT_OUTCOMES, seed: 7 })
  const taken = Array.from({ length: 10 }, () => sweep.take(MAIN, 'GET /api/v1/scenes'))
  t.strictSame(taken, [order[0], null, order[1], null, order[2], null, order[3], null, null, null])
  t.equal(sweep.take('wsOther0001', 'GET /api/v1/scenes'), sweepOrder(DEFAULT_OUTCOMES, 7, 'wsOther0001', 'GET /api/v1/scenes')[0], 'each workspace its own sweep')
  t.equal(sweep.take(MAIN, 'GET /api/v1/collections'), sweepOrder(DEFAULT_OUTCOMES, 7, MAIN, 'GET /api/v1/collections')[0], 'each operation its own sweep')
  const operation = 'DELETE /api/v1/scenes/{sceneId}'
  const driftFirst = Array.from({ length: 50 }, (_, i) => i).find((n) => sweepOrder(['drift', '503'], n, MAIN, operation)[0] === 'drift') as number
  const drifting = createSweepControl({ chaos: 'sweep', chaosOutcomes: ['drift', '503'], seed: driftFirst })
  t.equal(drifting.take(MAIN, operation), 'drift')
  drifting.putBack(MAIN, operation)
  t.strictSame([drifting.take(MAIN, operation), drifting.take(MAIN, operation), drifting.take(MAIN, operation), drifting.take(MAIN, operation)],
    ['503', null, 'drift', null], 'a drift put back leaves the next call free to fail, and comes after the others')
  const dropping = createSweepControl({ chaos: 'sweep', chaosOutcomes: ['drift', '503'], seed: driftFirst })
  dropping.take(MAIN, operation)
  dropping.dropDrift(MAIN, operation)
  t.strictSame([dropping.take(MAIN, operation), dropping.take(MAIN, operation), dropping.take(MAIN, operation)], ['503', null, null], 'a dropped drift is not tried again')
  sweep.reset()
  t.equal(sweep.take(MAIN, 'GET /api/v1/scenes'), order[0], 'reset starts every sweep again')
  t.equal(createSweepControl({ chaos: 'off', chaosOutcomes: DEFAULT_OUTCOMES }).enabled, false)
})

t.test('each failure is served once, in the seeded order, with a normal answer between two, then only normal ones', async (t) => {
  const app = await sweeping()
  const seen: Seen[] = []
  for (let i = 0; i < 10; i++) seen.push(await send(app, 'GET', '/api/v1/collections'))
  const order = sweepOrder(DEFAULT_OUTCOMES, 42, MAIN, 'GET /api/v1/collections')
  const outcomes = seen.map(outcomeOf).map((outcome) => outcome.startsWith('drift:') ? 'drift' : outcome)
  t.strictSame(outcomes, [order[0], 'normal', order[1], 'normal', order[2], 'normal', order[3], 'normal', 'normal', 'normal'])
  const byOutcome = new Map(seen.map((s) => [outcomeOf(s), s]))
  const normal = seen[1]
  t.equal(normal.status, 200)
  t.strictSame(byOutcome.get('429')?.body, errorBody(429, 'Too Many Requests', 'Rate limit exceeded, retry in 1 seconds'))
  t.strictSame(byOutcome.get('503')?.body, errorBody(503, 'Service Unavailable', 'Service Unavailable'))
  const drifted = seen.find((s) => outcomeOf(s).startsWith('drift:')) as Seen
  t.match(drifted.chaos, /^sweep drift:[a-z-]+$/, 'the header names the kind drift applied')
  t.equal(drifted.drift?.split(' ')[0], drifted.chaos?.replace('sweep drift:', ''), 'X-Emulator-Drift says the same kind')
  t.equal(drifted.status, drifted.drift?.startsWith('change-success-status') === true ? drifted.status : 200)
})

t.test('a 429 carries Retry-After: 1 and X-Emulator-Chaos; the journal and the coverage name every swept answer', async (t) => {
  const app = await build(t, { chaos: 'sweep', chaosOutcomes: ['429', 'drop', 'drift:add-unknown-field'] })
  const answers = []
  for (let i = 0; i < 6; i++) {
    try {
      answers.push(await app.inject({ url: '/api/v1/collections', headers: { authorization: `Bearer ${KEYS.full}` } }))
    } catch { answers.push(null) }
  }
  const limited = answers.find((res) => res?.statusCode === 429)
  t.equal(limited?.headers['retry-after'], '1')
  t.equal(limited?.headers['x-emulator-chaos'], 'sweep 429')
  const journal = (await app.inject({ url: '/_emulator/requests' })).json().data.map((e: any) => [e.status, e.chaos]).reverse()
  const order = sweepOrder(['429', 'drop', 'drift:add-unknown-field'], 42, MAIN, 'GET /api/v1/collections')
  const expected = order.flatMap((outcome) => [[outcome === 'drop' ? null : outcome === '429' ? 429 : 200, `sweep ${outcome}`], [200, null]])
  t.strictSame(journal, expected, 'the journal marks each swept answer')
  t.strictSame((await app.inject({ url: '/_emulator/coverage' })).json(), {
    operations: [{ operation: 'GET /api/v1/collections', calls: 6, outcomes: { '200': 4, '429': 1, 'drop': 1, 'drift:add-unknown-field': 1 } }]
  })
})

t.test('a swept status or drop never writes; a swept drift perturbs the answer of a write that was applied', async (t) => {
  const app = await sweeping()
  // The reads are swept too: a client that retries until a normal answer, as the sweep expects clients to.
  const names = async () => {
    for (;;) {
      const seen = await send(app, 'GET', '/api/v1/collections?limit=100', undefined, KEYS.read)
      if (outcomeOf(seen) === 'normal') return seen.body.data.map((c: any) => c.name)
    }
  }
  const before = await names()
  const created: string[] = []
  for (let i = 0; i < 8; i++) {
    const name = `swept ${i}`
    const seen = await send(app, 'POST', '/api/v1/collections', { name })
    const outcome = outcomeOf(seen)
    if (outcome === 'normal' || outcome.startsWith('drift:')) created.push(name)
    if (outcome.startsWith('drift:')) t.match(seen.drift, /\S/, 'the drifted answer says what changed')
  }
  t.equal(created.length, 5, 'four normal answers and one drifted')
  const after = await names()
  t.strictSame(after.filter((name: string) => !before.includes(name)).sort(), created.sort(), 'only the answered writes were stored')
})

t.test('an MCP create_scene the sweep answered with a drop, 503 or 429 stores nothing; the normal and drifted ones are stored', async (t) => {
  const app = await build(t, { chaos: 'sweep' })
  const names = async (): Promise<string[]> => {
    for (;;) {
      const seen = await send(app, 'GET', '/api/v1/scenes?limit=100', undefined, KEYS.read)
      if (outcomeOf(seen) === 'normal') return seen.body.data.map((scene: any) => scene.metadata.name)
    }
  }
  const before = await names()
  const created: string[] = []
  const served: string[] = []
  for (let i = 0; i < 8; i++) {
    const name = `mcp swept ${i}`
    let outcome = 'drop'
    try {
      const answer = await rpc(app, KEYS.full, { jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: 'create_scene', arguments: { collectionId: 'colSecond01', name, pinned: false } } })
      outcome = (answer.headers['x-emulator-chaos'] as string | undefined)?.replace(/^sweep /, '') ?? 'normal'
      if (['429', '503'].includes(outcome)) t.equal(answer.status, Number(outcome), `${outcome} is the answer's status`)
      else t.equal(answer.status, 200, `${outcome}: the tool's answer`)
    } catch (error) {
      if ((error as { code?: string }).code !== 'LIGHT_ECONNRESET') throw error
    }
    served.push(outcome.startsWith('drift:') ? 'drift' : outcome)
    if (outcome === 'normal' || outcome.startsWith('drift:')) created.push(name)
  }
  t.strictSame([...served].sort(), ['429', '503', 'drift', 'drop', 'normal', 'normal', 'normal', 'normal'], 'each failure once, a normal answer between')
  const after = await names()
  t.strictSame(after.filter((name) => !before.includes(name)).sort(), created.sort(), 'only the normal and drifted calls stored a scene')
})

t.test('MCP tool calls are swept per tool; their drift is one of the mcp-* kinds', async (t) => {
  const app = await build(t, { chaos: 'sweep', chaosOutcomes: ['503', 'drift'] })
  const call = async (id: number) => await rpc(app, KEYS.full, { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'list_scenes', arguments: {} } })
  const answers = [await call(1), await call(2), await call(3), await call(4)]
  const chaos = answers.map((a) => a.headers['x-emulator-chaos'] ?? null)
  const order = sweepOrder(['503', 'drift'], 42, MAIN, 'mcp list_scenes')
  t.equal(chaos[1], null)
  t.equal(chaos[3], null)
  const swept503 = answers[order.indexOf('503') * 2]
  t.equal(swept503.status, 503)
  const drifted = answers[order.indexOf('drift') * 2]
  t.match(drifted.headers['x-emulator-chaos'], /^sweep drift:mcp-[a-z-]+$/)
  const operations = (await app.inject({ url: '/_emulator/coverage' })).json().operations
  t.strictSame(operations.map((e: any) => [e.operation, e.calls, e.outcomes['503']]), [['mcp list_scenes', 4, 1]])
})

t.test('a swept MCP batch credits the failure to the first message\'s tool only, the one the sweep chose; a served one to each', async (t) => {
  const app = await build(t, { chaos: 'sweep', chaosOutcomes: ['503'] })
  const call = (id: number, name: string) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: {} } })
  const answers = [await rpc(app, KEYS.full, [call(1, 'list_scenes'), call(2, 'list_collections')]), await rpc(app, KEYS.full, [call(3, 'list_scenes'), call(4, 'list_collections')])]
  t.strictSame(answers.map((a) => [a.status, a.headers['x-emulator-chaos'] ?? null]), [[503, 'sweep 503'], [200, null]])
  t.strictSame((await app.inject({ url: '/_emulator/coverage' })).json().operations, [
    { operation: 'mcp list_collections', calls: 1, outcomes: { 200: 1 } },
    { operation: 'mcp list_scenes', calls: 2, outcomes: { 200: 1, 503: 1 } }
  ], 'list_collections was never served a 503')
})

t.test('unattributed calls are not swept; off by default nothing is', async (t) => {
  const app = await sweeping()
  for (let i = 0; i < 3; i++) t.equal((await send(app, 'GET', '/api/v1/collections', undefined, 'sk-nobody')).status, 401)
  const plain = await build(t)
  for (let i = 0; i < 3; i++) t.strictSame(outcomeOf(await send(plain, 'GET', '/api/v1/collections')), 'normal')
})

t.test('start-up refuses outcomes the sweep cannot serve, naming the setting', async (t) => {
  await t.rejects(build(t, { chaos: 'sweep', chaosOutcomes: ['drift:no-such-kind'] }), new ConfigError('Invalid configuration: EMULATOR_CHAOS_OUTCOMES (--chaos-outcomes) names an unknown drift kind: no-such-kind (GET /_emulator/drift/kinds lists them)'))
  await t.rejects(build(t, { chaos: 'sweep', chaosOutcomes: ['404', 'drop'] }), new ConfigError('Invalid configuration: chaosOutcomes/0 must match pattern "^(429|500|502|503|drop|drift|drift:[a-z0-9-]+)$" (got "404")'))
})

t.test('a swept drift that applies to nothing is not served: that answer is normal and the next call may fail', async (t) => {
  const outcomes = ['drift:switch-paging', '503']
  const operation = 'GET /api/v1/scenes/{sceneId}'
  // A seed whose order starts with the drift, so the call after it shows whether the sweep moved on.
  const seed = Array.from({ length: 50 }, (_, i) => i).find((n) => sweepOrder(outcomes, n, MAIN, operation)[0] === outcomes[0]) as number
  const app = await build(t, { chaos: 'sweep', chaosOutcomes: outcomes, seed })
  const seen: Seen[] = []
  for (let i = 0; i < 4; i++) seen.push(await send(app, 'GET', '/api/v1/scenes/scnShapes01'))
  // switch-paging changes pages only: a single scene's answer has none, so the drift is never served.
  t.strictSame(seen.map(outcomeOf), ['normal', '503', 'normal', 'normal'])
  t.strictSame(seen.map((s) => s.drift), [undefined, undefined, undefined, undefined], 'nothing drifted')
  const journal = (await app.inject({ url: '/_emulator/requests' })).json().data.map((e: any) => e.chaos).reverse()
  t.strictSame(journal, [null, 'sweep 503', null, null])
})

t.test('a suite with a keyless 401, an unknown URL, MCP initialize and a tool call passes the \'called\' gate after enough calls', async (t) => {
  const app = await build(t, { chaos: 'sweep' })
  const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'suite', version: '1' } } }
  const listScenes = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'list_scenes', arguments: {} } }
  const mcp = async (payload: object): Promise<void> => {
    try { await rpc(app, KEYS.full, payload) } catch (error) { if ((error as { code?: string }).code !== 'LIGHT_ECONNRESET') throw error }
  }
  const gate = async () => (await app.inject({ method: 'POST', url: '/_emulator/coverage/check', payload: { operations: 'called', outcomes: DEFAULT_OUTCOMES } })).json()
  for (let round = 0; round < 10; round++) {
    t.equal((await send(app, 'GET', '/api/v1/scenes', undefined, 'sk-nobody')).status, 401, 'no key: never swept')
    t.equal((await send(app, 'GET', '/api/v1/no-such-thing')).status, 404, 'unknown URL: never swept')
    await mcp(initialize)
    await mcp(listScenes)
    await send(app, 'GET', '/api/v1/scenes/scnShapes01')
    await send(app, 'HEAD', '/api/v1/scenes')
    if (round === 2) t.equal((await gate()).ok, false, 'three rounds are not enough')
  }
  t.strictSame(await gate(), { ok: true, gaps: [] }, 'every called operation met every failure the sweep can serve it')
  const coverage = (await app.inject({ url: '/_emulator/coverage' })).json().operations
  const notApplicable = Object.fromEntries(coverage.filter((entry: any) => entry.notApplicable !== undefined)
    .map((entry: any) => [entry.operation, entry.notApplicable]))
  t.strictSame(notApplicable, { 'HEAD /api/v1/scenes': ['drift'], 'mcp initialize': ['drift'] }, 'the drifts that could change nothing in those answers')
  t.strictSame(coverage.map((entry: any) => entry.operation), ['GET /api/v1/*', 'GET /api/v1/scenes', 'GET /api/v1/scenes/{sceneId}', 'HEAD /api/v1/scenes', 'mcp initialize', 'mcp list_scenes'])
})

t.test('a swept drift that an error answer could not take goes back, after the other failures, for a later success', async (t) => {
  const outcomes = ['drift:rename-field', '503']
  const operation = 'GET /api/v1/scenes/{sceneId}'
  const seed = Array.from({ length: 50 }, (_, i) => i).find((n) => sweepOrder(outcomes, n, MAIN, operation)[0] === outcomes[0]) as number
  const app = await build(t, { chaos: 'sweep', chaosOutcomes: outcomes, seed })
  const missing = await send(app, 'GET', '/api/v1/scenes/scnNope0001')
  t.strictSame([missing.status, missing.chaos, missing.body], [404, undefined, { statusCode: 404, error: 'Not Found', message: 'Scene scnNope0001 not found' }], 'a 404 has no field to rename')
  const seen: Seen[] = []
  for (let i = 0; i < 4; i++) seen.push(await send(app, 'GET', '/api/v1/scenes/scnShapes01'))
  t.strictSame(seen.map(outcomeOf), ['503', 'normal', 'drift:rename-field', 'normal'], 'the drift came back after the 503')
  const check = await app.inject({ method: 'POST', url: '/_emulator/coverage/check', payload: { operations: [operation], outcomes: ['503', 'drift:rename-field'] } })
  t.strictSame(check.json(), { ok: true, gaps: [] })
})
