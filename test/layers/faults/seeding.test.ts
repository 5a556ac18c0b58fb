// Seeded faults: the same seed and the same request sequence give the same faults; rules fire by probability and count.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { resolveConfig } from '../../../src/config/index.js'
import { createFaultsControl } from '../../../src/layers/faults/state.js'
import { KEYS, build, errorBody, sharedApp, swap } from '../../helper.js'

const fresh = sharedApp(t)

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${KEYS.full}`, ...headers } })

async function statuses (app: FastifyInstance, count: number, url = '/api/v1/scenes'): Promise<number[]> {
  const seen: number[] = []
  for (let i = 0; i < count; i++) seen.push((await get(app, url)).statusCode)
  return seen
}

const putFaults = (app: FastifyInstance, body: object) => app.inject({ method: 'PUT', url: '/_emulator/faults', payload: body })

t.test('same seed, same sequence → same faults; another seed → another sequence', async (t) => {
  const first = await statuses(await build(t, { faultRate: 0.5, faultSeed: 7 }), 24)
  const again = await statuses(await build(t, { faultRate: 0.5, faultSeed: 7 }), 24)
  const other = await statuses(await build(t, { faultRate: 0.5, faultSeed: 8 }), 24)
  t.same(again, first)
  t.ok(first.includes(200) && first.includes(503), `a mix of answers: ${first.join(' ')}`)
  t.notSame(other, first)
})

t.test('without a fault seed, EMULATOR_SEED seeds the faults', async (t) => {
  const a = await statuses(await build(t, { faultRate: 0.5, seed: 3 }), 16)
  const b = await statuses(await build(t, { faultRate: 0.5, seed: 3 }), 16)
  t.same(a, b)
})

t.test('PUT /_emulator/faults restarts the sequence', async (t) => {
  const app = await fresh()
  t.equal((await putFaults(app, { faultRate: 0.5, seed: 11 })).statusCode, 200)
  const first = await statuses(app, 12)
  await putFaults(app, { faultRate: 0.5, seed: 11 })
  t.same(await statuses(app, 12), first)
})

t.test('decisions depend on the request index, not on what earlier requests drew', async (t) => {
  // Two controls, same seed: one sees extra rules that only POSTs match; GET decisions stay the same.
  const config = resolveConfig({ faultSeed: 5, faultRate: 0.5 })
  const plain = createFaultsControl(config)
  const busy = createFaultsControl(config)
  plain.set({ seed: 5, faultRate: 0.5 })
  busy.set({ seed: 5, faultRate: 0.5, rules: [{ method: 'POST', path: '/**', fault: 500, probability: 0.5 }] })
  const kinds = (control: typeof plain) => Array.from({ length: 20 }, () => control.decide('GET', '/scenes', null, null).fault?.kind ?? null)
  t.same(kinds(busy), kinds(plain))
})

t.test('rules: probability 0 never fires, 1 always does', async (t) => {
  const app = await fresh()
  await putFaults(app, {
    rules: [
      { method: 'GET', path: '/scenes', fault: 500, probability: 0 },
      { method: 'GET', path: '/collections', fault: 502, probability: 1 }
    ]
  })
  t.same(await statuses(app, 5, '/api/v1/scenes'), [200, 200, 200, 200, 200])
  t.same(await statuses(app, 5, '/api/v1/collections'), [502, 502, 502, 502, 502])
})

t.test('rules: a probability between fires on some requests, the same ones for the same seed', async (t) => {
  const rules = [{ method: 'GET', path: '/scenes', fault: 503, probability: 0.3 }]
  const app = await fresh()
  await putFaults(app, { seed: 99, rules })
  const first = await statuses(app, 30)
  const fired = first.filter((s) => s === 503).length
  t.ok(fired > 0 && fired < 30, `fired ${fired} of 30`)
  await putFaults(app, { seed: 99, rules })
  t.same(await statuses(app, 30), first)
  const view = (await app.inject({ method: 'GET', url: '/_emulator/faults' })).json()
  t.equal(view.rules[0].fired, fired, 'the rule counts its firings')
})

t.test('rules: count limits the firings, then the rule goes quiet', async (t) => {
  const app = await fresh()
  await putFaults(app, { rules: [{ path: '/scenes/{sceneId}', fault: 503, count: 2 }] })
  const scene = async () => (await get(app, '/api/v1/scenes/scnShapes01')).statusCode
  t.same([await scene(), await scene(), await scene(), await scene()], [503, 503, 200, 200])
  t.equal((await get(app, '/api/v1/scenes')).statusCode, 200, 'another route is not matched')
  const view = (await app.inject({ method: 'GET', url: '/_emulator/faults' })).json()
  t.same(view.rules, [{ index: 0, method: '*', path: '/scenes/{sceneId}', fault: 503, probability: 1, phase: 'before', delayMs: null, remaining: 0, fired: 2 }])
})

t.test('rules: the first rule that fires wins; the header wins over every rule', async (t) => {
  const app = await fresh()
  await putFaults(app, {
    rules: [
      { method: 'GET', path: '/scenes/**', fault: 502, count: 1 },
      { method: 'GET', path: '/scenes', fault: 500 }
    ]
  })
  const first = await get(app, '/api/v1/scenes')
  t.same(first.json(), errorBody(502, 'Bad Gateway', 'Bad Gateway'))
  t.equal((await get(app, '/api/v1/scenes')).statusCode, 500, 'the first rule is spent: the second fires')
  t.equal((await get(app, '/api/v1/scenes', { 'x-emulator-fault': 'html' })).statusCode, 503)
  const view = (await app.inject({ method: 'GET', url: '/_emulator/faults' })).json()
  t.same(view.rules.map((r: any) => r.fired), [1, 1], 'a header fault does not consume a rule')
})

t.test('rules: a latency rule delays, and a phase=after rule replaces the committed response', async (t) => {
  const app = await fresh()
  const control = app.control.faults
  const delays: number[] = []
  swap(t, control, 'sleep', async (ms) => { delays.push(ms) })
  await putFaults(app, {
    rules: [
      { method: 'GET', path: '/scenes', fault: 'latency', delayMs: 700 },
      { method: 'POST', path: '/collections', fault: 503, phase: 'after', count: 1 }
    ]
  })
  t.equal((await get(app, '/api/v1/scenes')).statusCode, 200)
  t.same(delays, [700])
  const post = await app.inject({ method: 'POST', url: '/api/v1/collections', payload: { name: 'unknown outcome' }, headers: { authorization: `Bearer ${KEYS.full}` } })
  t.equal(post.statusCode, 503)
  const names = (await get(app, '/api/v1/collections')).json().data.map((c: any) => c.name)
  t.ok(names.includes('unknown outcome'), 'the write committed')
})
