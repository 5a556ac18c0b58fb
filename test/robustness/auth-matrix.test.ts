// The auth matrix: every public operation × every kind of key, each cell's status and message from the
// rules as docs/emulated-api.md states them (not from the code), and no refused cell changing a stored row.
import { createHash } from 'node:crypto'
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { KEYS, build, errorBody } from '../helper.js'
import { operationsOf, type Operation } from './generators.js'
import { publicOperations } from '../operations.js'
import { problemList } from '../problems.js'

/** Operations a member's personal key may never call (docs/emulated-api.md: workspace settings, user and invite writes). */
const ADMIN_ONLY = new Set(['PATCH /api/v1/workspaces', 'PATCH /api/v1/workspaces/users/{userId}', 'DELETE /api/v1/workspaces/users/{userId}',
  'POST /api/v1/workspaces/invites', 'PATCH /api/v1/workspaces/invites/{inviteId}', 'DELETE /api/v1/workspaces/invites/{inviteId}'])
/** Reads a member's key may call only under memberReads=allow (docs/emulated-api.md: users, invites, logs; default deny). */
const ADMIN_READS = new Set(['GET /api/v1/workspaces/users', 'GET /api/v1/workspaces/users/{userId}', 'GET /api/v1/workspaces/invites',
  'GET /api/v1/workspaces/invites/{inviteId}', 'GET /api/v1/logs'])
/** The routes the `sk-test-scenes` key is restricted to (fixtures/minimal: `GET /scenes`, `* /scenes/{sceneId}`). */
const SCENES_KEY_ROUTES = new Set(['GET /api/v1/scenes', 'GET /api/v1/scenes/{sceneId}', 'PATCH /api/v1/scenes/{sceneId}', 'DELETE /api/v1/scenes/{sceneId}'])

type Cell = { status: number, message: string } | 'allowed'

const unauthorised = (message: string): Cell => ({ status: 401, message })

/** What each key must get on an operation, by the documented rules alone. */
function expected (operation: Operation, key: string, memberReads: 'deny' | 'allow'): Cell {
  const signature = `${operation.method} ${operation.path}`
  const route = `${operation.method} ${operation.path.replace('/api/v1', '')}`
  switch (key) {
    case 'none': return unauthorised('Missing Authorization header: send "Authorization: Bearer <api key>"')
    case 'malformed': return unauthorised('Malformed Authorization header: expected "Bearer <api key>"')
    case 'unknown': return unauthorised('Invalid API key')
    case KEYS.revoked: return unauthorised('API key has been revoked')
    case KEYS.expired: return unauthorised('API key expired at 2026-03-01T00:00:00.000Z')
    case KEYS.read: return operation.method === 'GET' ? 'allowed' : { status: 403, message: `Missing permission: this API key is read-only and cannot ${operation.method}` }
    case KEYS.scenes: return SCENES_KEY_ROUTES.has(signature) ? 'allowed' : { status: 403, message: `Missing permission: this API key may not call ${route}` }
    case KEYS.member: return ADMIN_ONLY.has(signature) || (memberReads === 'deny' && ADMIN_READS.has(signature))
      ? { status: 403, message: 'Missing permission: this action needs a workspace admin' }
      : 'allowed'
    default: return 'allowed'
  }
}

function headersFor (key: string): Record<string, string> {
  if (key === 'none') return {}
  if (key === 'malformed') return { authorization: 'Token abc' }
  return { authorization: `Bearer ${key === 'unknown' ? 'sk-not-a-key' : key}` }
}

function fingerprint (app: FastifyInstance): string {
  const tables = app.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[]
  return createHash('sha256').update(tables.map((name) => JSON.stringify(app.db.prepare(`SELECT * FROM "${name}"`).raw().all())).join('\n')).digest('hex')
}

for (const memberReads of ['deny', 'allow'] as const) t.test(`every operation × every key (memberReads=${memberReads})`, async (t) => {
  const app = await build(t, { rateLimit: 0, compat: { memberReads } })
  const operations = operationsOf((await app.inject({ method: 'GET', url: '/docs/json' })).json())
  const keys = ['none', 'malformed', 'unknown', KEYS.revoked, KEYS.expired, KEYS.read, KEYS.scenes, KEYS.member, KEYS.admin, KEYS.full]
  let cells = 0
  // The stored rows before each cell: those after the cell before it (nothing else runs in between).
  let stored = fingerprint(app)
  for (const operation of operations) {
    // An id that exists nowhere: allowed cells answer 404 (or 400 for a body) and store nothing either.
    const url = operation.path.replace(/\{[^}]+\}/g, 'noSuchId000')
    const row = problemList()
    for (const key of keys) {
      const before = stored
      const res = await app.inject({ method: operation.method as 'GET', url, headers: headersFor(key), payload: operation.hasBody ? {} : undefined })
      const cell = expected(operation, key, memberReads)
      const label = `with ${key}`
      if (cell === 'allowed') row.notOk([401, 403].includes(res.statusCode), `${label}: not refused (${res.statusCode})`)
      else row.same([res.statusCode, res.json()], [cell.status, errorBody(cell.status, cell.status === 401 ? 'Unauthorized' : 'Forbidden', cell.message)], label)
      stored = fingerprint(app)
      if (res.statusCode >= 400) row.equal(stored, before, `${label}: nothing stored`)
      cells++
    }
    t.same(row.problems, [], `${operation.method} ${operation.path}: each of the ${keys.length} keys as the rules say, refusals store nothing`)
  }
  t.equal(cells, publicOperations(app).length * keys.length, 'every operation of the route table × every key')
})
