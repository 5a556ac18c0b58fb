// The compatibility switches, each value of each switch observed through the public API three ways:
// globally at start-up (EMULATOR_COMPAT / in-process `compat`), globally at run time (PUT /_emulator/compat), and per
// workspace (`compat` in POST /_emulator/workspaces) while the global setting holds the other value.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { build, call, errorBody, type TestLike } from '../../helper.js'
import { DEFAULT_COMPAT, type Compat, type PartialCompat } from '../../../src/config/compat.js'
import { arrow, putBody, rect } from '../../content/element-builders.js'

interface Workspace { id: string, full: string, read: string, member: string }
type Probe = (t: TestLike, app: FastifyInstance, ws: Workspace) => Promise<unknown>

const forbidden = errorBody(403, 'Forbidden', 'Missing permission: this action needs a workspace admin')
const badRequest = (message: string) => errorBody(400, 'Bad Request', message)

/** One observable outcome per value of each switch. */
const SWITCHES: { [K in keyof Compat]: { values: Array<[Compat[K], unknown]>, probe: Probe } } = {
  unknownFields: {
    probe: async (t, app, ws) => {
      const collection = await call(t, app, 'POST', '/api/v1/collections', { key: ws.full, body: { name: 'Extra', description: 'x' } })
      const invite = await call(t, app, 'POST', '/api/v1/workspaces/invites', { key: ws.full, body: { role: 'member', maxUses: 2, team: 'x' } })
      const scene = (await call(t, app, 'POST', '/api/v1/scenes', { key: ws.full, body: { name: 's', pinned: false, collectionId: await defaultCollection(t, app, ws) } })).body.metadata.id
      const appState = { viewBackgroundColor: '#fff', gridSize: 20 }
      const put = await call(t, app, 'PUT', `/api/v1/scenes/${scene}/content`, { key: ws.full, body: putBody([], { appState }) })
      const patch = await call(t, app, 'PATCH', `/api/v1/scenes/${scene}/content`, { key: ws.full, body: { appState: { ...appState, viewBackgroundColor: '#000' } } })
      return [[collection.status, collection.body.name ?? collection.body.message], [invite.status, invite.body.maxUses ?? invite.body.message],
        [put.status, put.body.appState ?? put.body.message], [patch.status, patch.body.appState ?? patch.body.message]]
    },
    values: [
      ['reject', [[400, "body must NOT have additional property 'description'"],
        [400, "body must NOT have additional property 'team' (expected an email invite {role, email} or a link invite {role, maxUses?, restrictedDomains?})"],
        [200, { viewBackgroundColor: '#fff', lockedMultiSelections: {} }],
        [400, "body/appState must NOT have additional property 'gridSize'"]]],
      ['strip', [[200, 'Extra'], [200, 2], [200, { viewBackgroundColor: '#fff', lockedMultiSelections: {} }],
        [200, { viewBackgroundColor: '#000', lockedMultiSelections: {} }]]]
    ]
  },
  danglingBoundElements: {
    probe: async (t, app, ws) => {
      const scene = (await call(t, app, 'POST', '/api/v1/scenes', { key: ws.full, body: { name: 's', pinned: false, collectionId: await defaultCollection(t, app, ws) } })).body.metadata.id
      const res = await call(t, app, 'PUT', `/api/v1/scenes/${scene}/content`, { key: ws.full, body: putBody([rect('box', { boundElements: [{ id: 'gone', type: 'text' }] })]) })
      return [res.status, res.body.elements?.[0].boundElements ?? res.body]
    },
    values: [
      ['allow', [200, [{ id: 'gone', type: 'text' }]]],
      ['reject', [400, badRequest('Element box: boundElements entry gone does not reference an existing element')]]
    ]
  },
  pageSize: {
    probe: async (t, app, ws) => {
      const page = (await call(t, app, 'GET', '/api/v1/workspaces/users', { key: ws.full })).body
      const explicit = (await call(t, app, 'GET', '/api/v1/workspaces/users?limit=2', { key: ws.full })).body
      return [page.limit, explicit.limit]
    },
    values: [[10, [10, 2]], [1, [1, 2]], [5, [5, 2]]]
  },
  memberReads: {
    probe: async (t, app, ws) => Promise.all(['/api/v1/workspaces/users', '/api/v1/workspaces/invites', '/api/v1/logs'].map(async (url) => {
      const res = await call(t, app, 'GET', url, { key: ws.member })
      return res.status === 200 ? 200 : [res.status, res.body]
    })),
    values: [['deny', [[403, forbidden], [403, forbidden], [403, forbidden]]], ['allow', [200, 200, 200]]]
  },
  collectionDelete: {
    probe: async (t, app, ws) => {
      const collection = (await call(t, app, 'POST', '/api/v1/collections', { key: ws.full, body: { name: 'Doomed' } })).body.id
      const scene = (await call(t, app, 'POST', `/api/v1/collections/${collection}/scenes`, { key: ws.full, body: { name: 'inside', pinned: false } })).body.metadata.id
      await call(t, app, 'DELETE', `/api/v1/collections/${collection}`, { key: ws.full })
      const read = await call(t, app, 'GET', `/api/v1/scenes/${scene}`, { key: ws.full })
      const content = await call(t, app, 'GET', `/api/v1/scenes/${scene}/content`, { key: ws.full })
      return [read.status, read.body.metadata?.collection === collection, content.status]
    },
    values: [['trash-scenes', [404, false, 404]], ['keep-scenes', [200, true, 200]]]
  },
  rateLimitBy: {
    probe: async (t, app, ws) => {
      await app.inject({ method: 'PUT', url: '/_emulator/rate-limit', payload: { limit: 1 } })
      const statuses = []
      for (const key of [ws.full, ws.read]) statuses.push((await call(t, app, 'GET', '/api/v1/collections', { key })).status)
      await app.inject({ method: 'PUT', url: '/_emulator/rate-limit', payload: { limit: 0 } })
      return statuses
    },
    values: [['ip', [200, 429]], ['key', [200, 200]]]
  },
  elementChecks: {
    probe: async (t, app, ws) => {
      const scene = (await call(t, app, 'POST', '/api/v1/scenes', { key: ws.full, body: { name: 's', pinned: false, collectionId: await defaultCollection(t, app, ws) } })).body.metadata.id
      const res = await call(t, app, 'PUT', `/api/v1/scenes/${scene}/content`, { key: ws.full, body: putBody([arrow('arrow', { endArrowhead: 'harpoon', index: 'a0' })]) })
      return [res.status, res.body.message ?? res.body.elements[0].endArrowhead]
    },
    values: [
      ['basic', [200, 'harpoon']],
      ['strict', [400, 'Element arrow: endArrowhead "harpoon" is not an arrowhead (expected null or one of arrow, bar, circle, circle_outline, triangle, triangle_outline, diamond, diamond_outline, cardinality_one, cardinality_many, cardinality_one_or_many, cardinality_exactly_one, cardinality_zero_or_one, cardinality_zero_or_many, dot, crowfoot_one, crowfoot_many, crowfoot_one_or_many)']]
    ]
  }
}

async function defaultCollection (t: TestLike, app: FastifyInstance, ws: Workspace): Promise<string> {
  const page = (await call(t, app, 'GET', '/api/v1/collections', { key: ws.full })).body
  return page.data.find((c: { isDefault: boolean }) => c.isDefault).id
}

/** A copy of the demo workspace (its users: an admin and a member), with a key for the member. */
async function workspace (app: FastifyInstance, compat?: PartialCompat): Promise<Workspace> {
  const made = (await app.inject({ method: 'POST', url: '/_emulator/workspaces', payload: { fixtures: 'demo', ...(compat ? { compat } : {}) } })).json()
  const member = made.users.find((u: { role: string }) => u.role === 'member')
  const key = (await app.inject({ method: 'POST', url: '/_emulator/keys', payload: { workspaceId: made.workspace.id, kind: 'personal', permission: 'full', userId: member.id } })).json()
  return { id: made.workspace.id, full: made.keys.full, read: made.keys.read, member: key.key }
}

/** A value of the same switch that is not `value`, for the global setting a per-workspace value must beat. */
function otherValue<K extends keyof Compat> (name: K, value: Compat[K]): Compat[K] {
  return SWITCHES[name].values.map(([candidate]) => candidate).find((candidate) => candidate !== value) as Compat[K]
}

for (const name of Object.keys(SWITCHES) as Array<keyof Compat>) {
  t.test(`${name}: every value, globally at start-up, at run time, and per workspace`, async (t) => {
    const { probe, values } = SWITCHES[name]
    for (const [value, outcome] of values) {
      const atStart = await build(t, { compat: { [name]: value } })
      t.same(await probe(t, atStart, await workspace(atStart)), outcome, `${name}=${String(value)} at start-up`)

      const atRunTime = await build(t)
      const put = await atRunTime.inject({ method: 'PUT', url: '/_emulator/compat', payload: { [name]: value } })
      t.same(put.json(), { ...DEFAULT_COMPAT, [name]: value }, 'PUT answers the full settings')
      t.same(await probe(t, atRunTime, await workspace(atRunTime)), outcome, `${name}=${String(value)} by PUT /_emulator/compat`)

      const perWorkspace = await build(t, { compat: { [name]: otherValue(name, value) } })
      const own = await workspace(perWorkspace, { [name]: value })
      t.same(await probe(t, perWorkspace, own), outcome, `${name}=${String(value)} for one workspace`)
      const neighbour = await workspace(perWorkspace)
      const expectedElsewhere = values.find(([candidate]) => candidate === otherValue(name, value))?.[1]
      t.same(await probe(t, perWorkspace, neighbour), expectedElsewhere, 'a workspace without its own value follows the global one')
    }
  })
}
