// GET/PUT/DELETE /_emulator/faults.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { loadConfig } from '../../../src/config/index.js'
import { build, call, errorBody, sharedApp } from '../../helper.js'

const fresh = sharedApp(t)

const admin = async (app: FastifyInstance, method: string, url: string, payload?: object) => {
  const res = await app.inject({ method: method as 'GET', url: `/_emulator${url}`, payload })
  return { status: res.statusCode, body: res.json() }
}

const START = { seed: 42, latencyMs: 0, latencyJitterMs: 0, faultRate: 0, faultStatus: 503, rules: [] }

t.test('GET /_emulator/faults shows the start-up settings', async (t) => {
  const app = await fresh()
  t.same(await admin(app, 'GET', '/faults'), { status: 200, body: START }, 'the fault seed falls back to EMULATOR_SEED')
})

t.test('the EMULATOR_* variables set the start-up settings', async (t) => {
  const config = loadConfig({
    EMULATOR_LATENCY_MS: '120',
    EMULATOR_LATENCY_JITTER_MS: '30',
    EMULATOR_FAULT_RATE: '0.25',
    EMULATOR_FAULT_STATUS: '500',
    EMULATOR_FAULT_SEED: '9'
  })
  const app = await build(t, {
    latencyMs: config.latencyMs, latencyJitterMs: config.latencyJitterMs, faultRate: config.faultRate, faultStatus: config.faultStatus,
    faultSeed: config.faultSeed
  })
  t.same((await admin(app, 'GET', '/faults')).body, { seed: 9, latencyMs: 120, latencyJitterMs: 30, faultRate: 0.25, faultStatus: 500, rules: [] })
})

t.test('PUT /_emulator/faults replaces the settings', async (t) => {
  const app = await build(t, { latencyMs: 10 })
  const put = await admin(app, 'PUT', '/faults', {
    seed: 5,
    faultRate: 0.1,
    faultStatus: 502,
    rules: [
      { method: 'get', path: '/api/v1/scenes/{sceneId}', fault: 'html', probability: 0.5, count: 3, phase: 'after' },
      { path: '/scenes/**', fault: 'slow', delayMs: 20 },
      { method: 'POST', path: '/collections', fault: 'latency', delayMs: 900 }
    ]
  })
  const expected = {
    seed: 5,
    latencyMs: 10,
    latencyJitterMs: 0,
    faultRate: 0.1,
    faultStatus: 502,
    rules: [
      { index: 0, method: 'GET', path: '/api/v1/scenes/{sceneId}', fault: 'html', probability: 0.5, phase: 'after', delayMs: null, remaining: 3, fired: 0 },
      { index: 1, method: '*', path: '/scenes/**', fault: 'slow', probability: 1, phase: 'after', delayMs: 20, remaining: null, fired: 0 },
      { index: 2, method: 'POST', path: '/collections', fault: 'latency', probability: 1, phase: 'before', delayMs: 900, remaining: null, fired: 0 }
    ]
  }
  t.same(put, { status: 200, body: expected }, 'latencyMs, left out, keeps its start-up value')
  t.same(await admin(app, 'GET', '/faults'), { status: 200, body: expected })
  t.same((await admin(app, 'PUT', '/faults', {})).body, { ...START, latencyMs: 10 }, 'an empty PUT is back to start-up')
})

t.test('PUT /_emulator/faults: 400 on a bad rule, and the old settings stay', async (t) => {
  const app = await fresh()
  await admin(app, 'PUT', '/faults', { faultRate: 0.2 })
  const cases: Array<[object, string]> = [
    [{ rules: [{ path: 'scenes', fault: 503 }] }, 'body/rules/0: path "scenes" must start with /'],
    [{ rules: [{ path: '/a', fault: 503 }, { path: '/**/x', fault: 503 }] }, 'body/rules/1: path "/**/x": ** is only allowed as the last segment'],
    [{ rules: [{ method: 'GE T', path: '/a', fault: 503 }] }, 'body/rules/0: method "GE T" must be an HTTP method or *'],
    [{ rules: [{ path: '/a', fault: 'slow', phase: 'before' }] }, 'body/rules/0: phase does not apply to "slow" faults'],
    [{ rules: [{ path: '/a', fault: 504 }] }, 'body/rules/0/fault must be equal to one of the allowed values: 500, 502, 503, "html", "drop", "slow", "latency"'],
    [{ rules: [{ path: '/a', fault: 503, probability: 2 }] }, 'body/rules/0/probability must be <= 1'],
    [{ rules: [{ path: '/a', fault: 503, count: 0 }] }, 'body/rules/0/count must be >= 1'],
    [{ faultRate: 0.5, extra: true }, "body must NOT have additional property 'extra'"]
  ]
  for (const [body, message] of cases) {
    const res = await admin(app, 'PUT', '/faults', body)
    t.same(res, { status: 400, body: errorBody(400, 'Bad Request', message) }, message)
  }
  t.equal((await admin(app, 'GET', '/faults')).body.faultRate, 0.2)
})

t.test('DELETE /_emulator/faults/rules/{index} removes one rule; the others keep their counts', async (t) => {
  const app = await fresh()
  await admin(app, 'PUT', '/faults', { latencyMs: 3, rules: [{ path: '/collections', fault: 503, count: 3 }, { path: '/scenes', fault: 500 }, { path: '/users', fault: 'html', count: 2 }] })
  t.equal((await call(t, app, 'GET', '/api/v1/collections')).status, 503, 'the first rule fires once')
  const removed = await admin(app, 'DELETE', '/faults/rules/1')
  t.same(removed, {
    status: 200,
    body: {
      ...START,
      latencyMs: 3,
      rules: [
        { index: 0, method: '*', path: '/collections', fault: 503, probability: 1, phase: 'before', delayMs: null, remaining: 2, fired: 1 },
        { index: 1, method: '*', path: '/users', fault: 'html', probability: 1, phase: 'before', delayMs: null, remaining: 2, fired: 0 }
      ]
    }
  })
  t.same(await admin(app, 'GET', '/faults'), removed, 'as GET shows it')
  t.same(await admin(app, 'DELETE', '/faults/rules/2'), { status: 404, body: errorBody(404, 'Not Found', 'Fault rule 2 not found') })
  const bad = await admin(app, 'DELETE', '/faults/rules/x')
  t.same([bad.status, Object.keys(bad.body).sort()], [400, ['error', 'message', 'statusCode']])
  t.equal((await admin(app, 'GET', '/faults')).body.rules.length, 2, 'a refused removal changes nothing')
})

t.test('DELETE /_emulator/faults and POST /_emulator/reset go back to start-up', async (t) => {
  const app = await fresh()
  await admin(app, 'PUT', '/faults', { faultRate: 1, rules: [{ path: '/**', fault: 500 }] })
  t.same(await admin(app, 'DELETE', '/faults'), { status: 200, body: START })
  t.equal((await call(t, app, 'GET', '/api/v1/scenes')).status, 200)
  await admin(app, 'PUT', '/faults', { faultRate: 1 })
  t.equal((await admin(app, 'POST', '/reset')).status, 200)
  t.same((await admin(app, 'GET', '/faults')).body, START)
})
