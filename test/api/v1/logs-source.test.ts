// The audit log's `source_id`: one id format whoever wrote the entry (a fixture file, a fixture key, a key
// minted through the admin API, the demo editor), so two emulators started from the same fixtures agree.
import t from 'tap'
import { AUDIT_SOURCE_ID, auditSourceId } from '../../../src/lib/ids.js'
import { BUNDLED_FIXTURES } from '../../../src/config/index.js'
import { build, call } from '../../helper.js'

const ACME = 'MzPkz6jWA0f'

t.test('auditSourceId: an id already in the one form stays; any other becomes one of that form, always the same', async (t) => {
  t.equal(auditSourceId('key_Ab3dE6gH9jK'), 'key_Ab3dE6gH9jK')
  for (const id of ['key_demo_full', 'emulator-editor', 'my-own-key', 'key_short']) {
    t.match(auditSourceId(id), AUDIT_SOURCE_ID, id)
    t.equal(auditSourceId(id), auditSourceId(id), `${id}: stable`)
  }
  t.not(auditSourceId('key_demo_full'), auditSourceId('key_demo_read'), 'two keys, two ids')
})

t.test('every writer: fixture entries, a fixture key, a minted key and the editor give source_ids of one form', async (t) => {
  const app = await build(t, { fixturesDir: BUNDLED_FIXTURES, renderer: false })
  const minted = (await app.inject({ method: 'POST', url: '/_emulator/keys', payload: { workspaceId: ACME, kind: 'workspace', permission: 'full' } })).json()
  const body = { name: 'one form' }
  t.equal((await call(t, app, 'POST', '/api/v1/collections', { key: 'sk-demo-full', body })).status, 200)
  t.equal((await call(t, app, 'POST', '/api/v1/collections', { key: minted.key, body })).status, 200)
  const scenes = (await call(t, app, 'GET', '/api/v1/scenes?limit=1', { key: 'sk-demo-full' })).body.data
  const sceneId = scenes[0].metadata.id
  const saved = await app.inject({
    method: 'PATCH', url: `/_emulator/ui/workspaces/${ACME}/scenes/${sceneId}/content`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ elements: [] })
  })
  t.equal(saved.statusCode, 200, saved.body)
  const logs = (await call(t, app, 'GET', '/api/v1/logs?limit=100', { key: 'sk-demo-full' })).body.logs as Array<{ source_id: string | null, action: string }>
  const sources = logs.map((entry) => entry.source_id).filter((id) => id !== null)
  t.ok(sources.length >= 4, `${sources.length} entries with a source`)
  t.same(sources.filter((id) => !AUDIT_SOURCE_ID.test(id as string)), [], 'every source_id is key_ and 11 alphanumerics')
  t.equal(sources[0], auditSourceId('emulator-editor'), 'the editor\'s save')
  t.equal(sources[1], minted.id, 'a minted key: its own id')
  t.equal(sources[2], auditSourceId('key_demo_full'), 'a fixture key')
  t.ok(sources.slice(3).includes(auditSourceId('key_demo_full')), 'the fixture file\'s entry names the same key the same way')
})
