// Seeded, bounded property runs over every public operation of the
// emulator's own OpenAPI document. Each hostile request must get a declared status (or a documented extra), never
// an unexpected 5xx, the service's envelope on errors, and a refused request must leave every stored row as it was.
import { createHash } from 'node:crypto'
import fc from 'fast-check'
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { KEYS, build } from '../helper.js'
import { publicOperations } from '../operations.js'
import { documentedExtra, operationsOf, requestArbitrary, type HostileRequest } from './generators.js'

/** Requests per operation: 40 keeps the file to a few seconds; the long run does 100,000. */
const RUNS_PER_OPERATION = Number(process.env.ROBUSTNESS_RUNS ?? 40)
const SEED = 20261124

const KNOWN_IDS = ['colDefault1', 'colSecond01', 'scnShapes01', 'scnEmpty001', 'scnImage001', 'scnPrivate1',
  'usrAdmin001', 'invEmail001', 'invLink0001', 'invDone0001', 'private']

/** Every row of every table, hashed: equal before and after means nothing was stored, changed or removed. */
function fingerprint (app: FastifyInstance): string {
  const hash = createHash('sha256')
  const tables = app.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[]
  for (const table of tables) hash.update(table).update(JSON.stringify(app.db.prepare(`SELECT * FROM "${table}" ORDER BY rowid`).raw().all()))
  return hash.digest('hex')
}

interface Verdict { ok: boolean, why?: string }

function judge (request: HostileRequest, status: number, contentType: string, text: string, changed: boolean): Verdict {
  let body: unknown = null
  try { body = JSON.parse(text) } catch { return { ok: false, why: `answer is not JSON: ${text.slice(0, 80)}` } }
  if (!contentType.startsWith('application/json')) return { ok: false, why: `content-type ${contentType}` }
  if (!request.operation.declared.has(status) && !documentedExtra(request, status, body)) return { ok: false, why: `undeclared ${status}` }
  if (status >= 500 && !documentedExtra(request, status, body)) return { ok: false, why: `unexpected ${status}` }
  if (status >= 400) {
    const envelope = body as Record<string, unknown>
    const keys = Object.keys(envelope).filter((key) => key !== 'code').sort().join(',')
    if (keys !== 'error,message,statusCode' || envelope.statusCode !== status) return { ok: false, why: `not the envelope: ${text.slice(0, 120)}` }
    if (changed) return { ok: false, why: `refused with ${status} but stored data changed` }
  }
  return { ok: true }
}

t.test('every public operation survives hostile requests', async (t) => {
  const app = await build(t, { rateLimit: 0, bodyLimit: 64 * 1024 })
  const operations = operationsOf((await app.inject({ method: 'GET', url: '/docs/json' })).json())
  t.same(operations.map((operation) => `${operation.method} ${operation.path}`).sort(), publicOperations(app), 'every operation of the route table is generated')
  const keys = Object.values(KEYS)
  for (const operation of operations) {
    const failures: string[] = []
    await fc.assert(fc.asyncProperty(requestArbitrary(operation, keys, KNOWN_IDS), async (request) => {
      const before = fingerprint(app)
      const res = await app.inject({ method: request.method as 'GET', url: request.url, headers: request.headers, payload: request.payload })
      const verdict = judge(request, res.statusCode, String(res.headers['content-type'] ?? ''), res.body, fingerprint(app) !== before)
      if (!verdict.ok) failures.push(`${request.method} ${request.url.slice(0, 120)} → ${res.statusCode}: ${verdict.why}`)
      return verdict.ok
    }), { seed: SEED, numRuns: RUNS_PER_OPERATION, endOnFailure: true })
      .catch((error: Error) => { failures.push(error.message.split('\n').slice(0, 6).join(' | ')) })
    t.same(failures, [], `${operation.method} ${operation.path}`)
  }
  const alive = await app.inject({ method: 'GET', url: '/api/v1/collections', headers: { authorization: `Bearer ${KEYS.full}` } })
  t.equal(alive.statusCode, 200, 'the app still serves')
})
