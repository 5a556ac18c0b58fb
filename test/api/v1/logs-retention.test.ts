// GET /logs under retention (EMULATOR_AUDIT_LOG_MAX): both modes list exactly the newest entries kept, a cursor walk
// keeps working across a trim, a cursor into trimmed entries continues at the oldest kept one, 0 keeps every entry.
import t, { type Test } from 'tap'
import type { FastifyInstance } from 'fastify'
import { KEYS, build, call, type TestLike } from '../../helper.js'

const ACTIONS_COUNT = 23

/** `count` invites through the API, one audit entry each; answers their entry ids, oldest first. */
async function invites (t: TestLike, app: FastifyInstance, count: number): Promise<string[]> {
  const made: string[] = []
  for (let i = 0; i < count; i++) {
    const res = await call(t, app, 'POST', '/api/v1/workspaces/invites', { key: KEYS.admin, body: { role: 'member' } })
    if (res.status !== 201 && res.status !== 200) t.fail(`invite answered ${res.status}`)
    made.push(app.stores.auditLog.listAll('wsMain00001')[0].entry.id)
  }
  return made
}

/** The stored entries with these ids, in the order given (what GET /logs serves). */
function entries (app: FastifyInstance, ids: string[]) {
  const byId = new Map(app.stores.auditLog.listAll('wsMain00001').map((row) => [row.entry.id, row]))
  return ids.map((id) => byId.get(id)!.entry)
}
const seqOf = (app: FastifyInstance, id: string) => String(app.stores.auditLog.listAll('wsMain00001').find((row) => row.entry.id === id)!.seq)

async function logs (t: Test, app: FastifyInstance, query: string) {
  const res = await call(t, app, 'GET', `/api/v1/logs?${query}`, { key: KEYS.full })
  t.equal(res.status, 200, query)
  t.equal(res.body.availableActions.length, ACTIONS_COUNT)
  const { availableActions: _actions, ...rest } = res.body
  return rest
}

t.test('both modes list exactly the newest entries kept, newest first', async (t) => {
  const app = await build(t, { auditLogMax: 5 })
  const made = await invites(t, app, 8)
  const newest = made.slice(3).reverse()
  t.same(await logs(t, app, 'limit=10'), { logs: entries(app, newest), nextCursor: null, hasMore: false }, 'the fixtures\' two and the three oldest invites are gone')
  t.same(await logs(t, app, 'page=1&limit=2'), {
    logs: entries(app, newest.slice(0, 2)), nextCursor: seqOf(app, newest[1]), hasMore: true, totalCount: 5, totalPages: 3, currentPage: 1
  })
  t.same(await logs(t, app, 'page=3&limit=2'), { logs: entries(app, newest.slice(4)), nextCursor: null, hasMore: false, totalCount: 5, totalPages: 3, currentPage: 3 })
})

t.test('a cursor walk keeps working across a trim', async (t) => {
  const app = await build(t, { auditLogMax: 5 })
  const made = await invites(t, app, 5)
  const first = await logs(t, app, 'limit=2')
  t.same(first, { logs: entries(app, [made[4], made[3]]), nextCursor: seqOf(app, made[3]), hasMore: true })
  const [newer] = await invites(t, app, 1)
  t.equal(app.stores.auditLog.count('wsMain00001', {}), 5, 'the write trimmed the oldest')
  t.same(await logs(t, app, `limit=2&cursor=${first.nextCursor}`), { logs: entries(app, [made[2], made[1]]), nextCursor: null, hasMore: false },
    'the kept entries older than the cursor, and the end of the log where the trim cut it')
  t.same((await logs(t, app, 'limit=1')).logs, entries(app, [newer]), 'a fresh walk starts at the newest')
})

t.test('FIDELITY: a cursor into trimmed entries continues at the oldest kept one', async (t) => {
  const app = await build(t, { auditLogMax: 5 })
  const made = await invites(t, app, 5)
  const first = await logs(t, app, 'limit=3')
  t.equal(first.nextCursor, seqOf(app, made[2]))
  const later = await invites(t, app, 4)
  t.same(app.stores.auditLog.listAll('wsMain00001').map((row) => row.entry.id), [...later.reverse(), made[4]], 'made[2] was trimmed')
  t.same(await logs(t, app, `limit=3&cursor=${first.nextCursor}`), { logs: entries(app, [made[4]]), nextCursor: null, hasMore: false })
  t.same(await logs(t, app, `limit=3&cursor=${first.nextCursor}&user=usrMember01`), { logs: [], nextCursor: null, hasMore: false },
    'filters still apply to what the cursor continues with')
})

t.test('0 keeps every entry; the default keeps 50,000', async (t) => {
  const app = await build(t, { auditLogMax: 0 })
  await invites(t, app, 30)
  t.equal((await logs(t, app, 'page=1&limit=1')).totalCount, 32)
  t.same(app.stores.auditLog.retention, { maxEntries: 0, batch: 1 })
  const defaults = await build(t)
  t.same(defaults.stores.auditLog.retention, { maxEntries: 50_000, batch: 500 })
})
