// Reproducibility: byte-identical runs for one seed and one sequence of requests, per-request seeds that other
// traffic cannot shift, and replaying a response's X-Emulator-Drift value to get exactly that change back.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { build, sharedApp } from '../../helper.js'
import { problemList } from '../../problems.js'
import { SEQUENCE, admin, kindsIn, raw, seen } from './drift-helper.js'

const fresh = sharedApp(t)
/** Drift on, every eligible response perturbed. */
const drifting = sharedApp(t, { drift: true, driftRate: 1 })

async function run (app: FastifyInstance) {
  const out = []
  for (let round = 0; round < 2; round++) {
    for (const [method, url, body] of SEQUENCE) out.push(seen(await raw(app, method, url, { body })))
  }
  return out
}

t.test('the same seed and the same requests give byte-identical responses across runs', async (t) => {
  const config = { drift: true, driftSeed: 5, driftRate: 0.6 }
  const first = await run(await build(t, config))
  const second = await run(await build(t, config))
  t.same(second, first, 'status, headers and raw bodies match')
  const drifted = first.filter((res) => res.headers['x-emulator-drift'] !== undefined).length
  t.ok(drifted > 4 && drifted < first.length, `${drifted} of ${first.length} drifted`)
  const other = await run(await build(t, { ...config, driftSeed: 6 }))
  t.not(JSON.stringify(other), JSON.stringify(first), 'another seed drifts differently')
})

t.test('the stream restarts with new settings, a cleared ledger and a reset', async (t) => {
  const app = await drifting()
  // Bodies and drift headers: the rate-limit headers count down across the rounds, as they should.
  const take = async () => {
    const out = []
    for (let i = 0; i < 5; i++) {
      const res = await raw(app, 'GET', '/api/v1/scenes/scnShapes01')
      out.push([res.body, res.headers['x-emulator-drift']])
    }
    return out
  }
  const start = await take()
  await admin(app, 'DELETE', '/drift/ledger')
  t.same(await take(), start, 'after DELETE /_emulator/drift/ledger')
  await admin(app, 'PUT', '/drift', {})
  t.same(await take(), start, 'after PUT /_emulator/drift')
  await app.inject({ method: 'POST', url: '/_emulator/reset' })
  await admin(app, 'PUT', '/drift', { enabled: true, rate: 1 })
  t.same(await take(), start, 'after POST /_emulator/reset')
})

t.test('X-Emulator-Drift-Seed: the seed and the request alone decide, whatever else is sent', async (t) => {
  const seeded = { headers: { 'x-emulator-drift-seed': '99' } }
  const alone = seen(await raw(await drifting(), 'GET', '/api/v1/scenes/scnShapes01', seeded))
  t.type(alone.headers['x-emulator-drift'], 'string')
  const app = await build(t, { drift: true, driftRate: 1, driftSeed: 1234 })
  const answers = []
  for (const [i, [method, url, body]] of SEQUENCE.entries()) {
    await raw(app, method, url, { body, headers: { 'x-emulator-drift-seed': String(i) } })
    await raw(app, 'GET', '/api/v1/scenes?limit=2')
    answers.push(seen(await raw(app, 'GET', '/api/v1/scenes/scnShapes01', seeded)))
  }
  const same = problemList()
  for (const [i, answer] of answers.entries()) {
    same.equal(answer.body, alone.body, `after request ${i}: the same body`)
    same.equal(answer.headers['x-emulator-drift'], alone.headers['x-emulator-drift'], `after request ${i}: the same drift`)
  }
  t.same(same.problems, [], 'same answer after other seeded and unseeded traffic, under another global seed')
  const bySeed = new Set<unknown>()
  for (let seed = 1; seed <= 12; seed++) {
    bySeed.add((await raw(app, 'GET', '/api/v1/scenes/scnShapes01', { headers: { 'x-emulator-drift-seed': String(seed) } })).headers['x-emulator-drift'])
  }
  t.ok(bySeed.size > 3, `different seeds drift differently (${bySeed.size} distinct of 12)`)
  const off = await fresh()
  t.equal((await raw(off, 'GET', '/api/v1/scenes/scnShapes01', seeded)).headers['x-emulator-drift'], undefined,
    'a seed alone does not turn drift on')
})

t.test('forcing without a seed depends on the global seed and the request, not on the traffic before it', async (t) => {
  const forced = { headers: { 'x-emulator-drift': 'rename-field, add-unknown-field' } }
  const first = seen(await raw(await fresh(), 'GET', '/api/v1/scenes?limit=3', forced))
  const app = await build(t, { drift: true, driftRate: 0.5 })
  for (const [method, url, body] of SEQUENCE.slice(0, 4)) await raw(app, method, url, { body })
  const later = seen(await raw(app, 'GET', '/api/v1/scenes?limit=3', forced))
  t.equal(later.body, first.body)
  t.equal(later.headers['x-emulator-drift'], first.headers['x-emulator-drift'])
  t.same(kindsIn(first.headers['x-emulator-drift']), ['rename-field', 'add-unknown-field'])
})

t.test('pasting a response\'s X-Emulator-Drift back into the request reproduces exactly that change', async (t) => {
  const reads = ['/api/v1/scenes', '/api/v1/scenes/scnShapes01', '/api/v1/collections', '/api/v1/scenes/scnShapes01/content',
    '/api/v1/collections/colSecond01/scenes', '/api/v1/scenes/scnNope0001', '/api/v1/collections/colDefault1']
  const app = await drifting()
  const replayed = new Set<string>()
  const replays = problemList()
  for (let round = 0; round < 12; round++) {
    for (const url of reads) {
      await admin(app, 'PUT', '/drift', { enabled: true, seed: round })
      const original = await raw(app, 'GET', url)
      const header = String(original.headers['x-emulator-drift'])
      const again = await raw(app, 'GET', url, { headers: { 'x-emulator-drift': header } })
      replays.equal(again.statusCode, original.statusCode, `${url} ${header}: status`)
      replays.equal(again.body, original.body, `${url} ${header}: body`)
      replays.equal(again.headers['x-emulator-drift'], header, `${url} ${header}: the same changes`)
      replays.equal(again.headers['x-emulator-drift-warning'], undefined, `${url} ${header}: no warning`)
      for (const kind of kindsIn(header)) replayed.add(kind)
    }
  }
  t.same(replays.problems, [], `${12 * reads.length} replays: the same status, body and changes, no warning`)
  t.ok(replayed.size >= 10, `replayed ${replayed.size} kinds: ${[...replayed].join(', ')}`)
  // A kind that reports one change per record: pasting all of them back applies it once, not once per record.
  const older = await raw(app, 'GET', '/api/v1/scenes', { headers: { 'x-emulator-drift': 'older-shape' } })
  t.match(older.headers['x-emulator-drift'], /^older-shape \/data\/0\/metadata, older-shape \/data\/1\/metadata/)
  const again = await raw(app, 'GET', '/api/v1/scenes', { headers: { 'x-emulator-drift': String(older.headers['x-emulator-drift']) } })
  t.equal(again.body, older.body)
  t.equal(again.headers['x-emulator-drift'], older.headers['x-emulator-drift'])
})

t.test('a pasted change that no longer fits the response is dropped with a warning', async (t) => {
  const app = await fresh()
  const res = await raw(app, 'GET', '/api/v1/scenes/scnShapes01', { headers: { 'x-emulator-drift': 'rename-field /metadata/nope, deprecation' } })
  t.equal(res.headers['x-emulator-drift'], 'deprecation', 'the other change still applies')
  t.equal(res.headers['x-emulator-drift-warning'], 'rename-field has nothing to change at /metadata/nope')
  t.notOk('nope' in res.json().metadata)
})
