// EMULATOR_SCENE_TOMBSTONES_MAX: a scene whose elements are deleted one by one keeps only the newest tombstones; the
// answer, the stored content, the metadata counters and the audit entry all count what is kept.
import t from 'tap'
import { KEYS, build, call } from '../../helper.js'
import { cid, putBody, rect } from '../../content/element-builders.js'

const CONTENT = '/api/v1/scenes/scnShapes01/content'
const NAMES = ['one', 'two', 'three', 'four', 'five']

t.test('deleting elements one by one keeps the newest tombstones up to the bound', async (t) => {
  const app = await build(t, { sceneTombstonesMax: 3 })
  const live = NAMES.map((name, i) => rect(cid(name), { index: `a${i}` }))
  t.equal((await call(t, app, 'PUT', CONTENT, { key: KEYS.full, body: putBody(live) })).status, 200)
  let answer: any
  for (const [i, element] of live.entries()) {
    const deleted = { ...element, isDeleted: true, version: 2, versionNonce: 2, updated: 1789000000000 + i }
    answer = await call(t, app, 'PATCH', CONTENT, { key: KEYS.full, body: { elements: [deleted] } })
    t.equal(answer.status, 200)
  }
  const kept = ['three', 'four', 'five'].map(cid)
  t.same(answer.body.elements.map((e: { id: string }) => e.id), kept, 'the PATCH answer: the three newest tombstones')
  const stored = await call(t, app, 'GET', CONTENT, { key: KEYS.full })
  t.same(stored.body.elements, answer.body.elements, 'what GET serves is what the write answered')
  t.ok(stored.body.elements.every((e: { isDeleted: boolean }) => e.isDeleted))
  const { metadata } = (await call(t, app, 'GET', '/api/v1/scenes/scnShapes01', { key: KEYS.full })).body
  t.same([metadata.totalElements, metadata.deletedElements, metadata.sceneVersion], [3, 3, stored.body.sceneVersion])
  const [entry] = app.stores.auditLog.listAll('wsMain00001')
  t.match(entry.entry.details, { sceneId: 'scnShapes01', mode: 'merge', elementsSent: 1, totalElements: 3, deletedElements: 3 })
})

t.test('0 keeps every tombstone', async (t) => {
  const app = await build(t, { sceneTombstonesMax: 0 })
  const live = NAMES.map((name, i) => rect(cid(name), { index: `a${i}` }))
  await call(t, app, 'PUT', CONTENT, { key: KEYS.full, body: putBody(live) })
  const deleted = live.map((element) => ({ ...element, isDeleted: true, version: 2 }))
  const res = await call(t, app, 'PATCH', CONTENT, { key: KEYS.full, body: { elements: deleted } })
  t.equal(res.body.elements.length, 5)
})
