// The marks the fault layer leaves for the hooks after it, in the request record: what it applied, and whether the
// body is its own (drift skips that body).
// A bare Fastify app with just the runtime seams, the error handler, the fault layer and a probe where drift would sit.
import t from 'tap'
import Fastify, { type FastifyInstance } from 'fastify'
import { resolveConfig, type Config } from '../../../src/config/index.js'
import { createClock } from '../../../src/lib/clock.js'
import { createIdFactory } from '../../../src/lib/ids.js'
import faults from '../../../src/layers/faults/plugin.js'
import { recordOf, type FaultFired, type FaultOutcome } from '../../../src/layers/request-record.js'
import errorHandler from '../../../src/plugins/error-handler.js'
import runtime from '../../../src/plugins/runtime.js'
import control from '../../../src/layers/control.js'

interface Seen { injected: FaultFired | undefined, applied: FaultOutcome | undefined, status: number }

async function probeApp (t: { teardown (fn: () => unknown): void }, config: Partial<Config> = {}) {
  const app: FastifyInstance = Fastify()
  t.teardown(() => app.close())
  await app.register(runtime, { config: resolveConfig({ logLevel: 'silent', seed: 1, ...config }), clock: createClock(0), ids: createIdFactory(1) })
  await app.register(control)
  await app.register(errorHandler)
  const seen: Seen[] = []
  await app.register(async (scope) => {
    await scope.register(faults)
    // Where drift sits: after the fault layer's onSend.
    scope.addHook('onSend', async (request, reply, payload) => {
      const entry = recordOf(request).fault
      const applied = entry === null ? undefined : { latencyMs: entry.latencyMs, fault: entry.fault }
      seen.push({ injected: entry?.answered === true ? entry.fault ?? undefined : undefined, applied, status: reply.statusCode })
      return payload
    })
    scope.post('/things', async () => ({ ok: true }))
  })
  app.control.faults.sleep = async () => {}
  return { app, seen }
}

const fired = (kind: FaultFired['kind'], phase: FaultFired['phase'], extra: Partial<FaultFired> = {}): FaultFired =>
  ({ kind, phase, source: 'header', rule: null, delayMs: null, ...extra })

t.test('a body a fault produced is marked; the handler\'s own body is not', async (t) => {
  const { app, seen } = await probeApp(t)
  const post = (headers: Record<string, string> = {}) => app.inject({ method: 'POST', url: '/things', headers })

  await post()
  t.same(seen.pop(), { injected: undefined, applied: undefined, status: 200 }, 'no fault: no marks')

  await post({ 'x-emulator-latency': '30' })
  t.same(seen.pop(), { injected: undefined, applied: { latencyMs: 30, fault: null }, status: 200 }, 'a delay alone leaves the body to drift')

  await post({ 'x-emulator-fault': '503' })
  t.same(seen.pop(), { injected: fired(503, 'before'), applied: { latencyMs: 0, fault: fired(503, 'before') }, status: 503 })

  await post({ 'x-emulator-fault': '500; phase=after' })
  t.same(seen.splice(0), [
    { injected: fired(500, 'after'), applied: { latencyMs: 0, fault: fired(500, 'after') }, status: 500 }
  ], 'after: the handler\'s 200 stops at the fault hook; only the fault\'s envelope, marked, reaches drift')

  await post({ 'x-emulator-fault': 'html; phase=after' })
  t.same(seen.pop(), { injected: fired('html', 'after'), applied: { latencyMs: 0, fault: fired('html', 'after') }, status: 503 })

  await post({ 'x-emulator-fault': 'slow; delay=5' })
  t.same(seen.pop(), { injected: fired('slow', 'after', { delayMs: 5 }), applied: { latencyMs: 0, fault: fired('slow', 'after', { delayMs: 5 }) }, status: 200 },
    'a slow body is a stream drift cannot rewrite: marked')
})

t.test('a dropped request never reaches the hooks after the fault layer', async (t) => {
  const { app, seen } = await probeApp(t)
  await t.rejects(app.inject({ method: 'POST', url: '/things', headers: { 'x-emulator-fault': 'drop' } }), { code: 'LIGHT_ECONNRESET' })
  t.same(seen, [])
})
