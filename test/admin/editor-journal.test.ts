// Saves made in the demo editor are in the request journal (what the Journal page shows), marked with the editor's
// key id: as requested, with the workspace, the status and both bodies; a refused save too. The browser side (a save
// from the editor appearing on the Journal page) is test/browser/editor.test.ts.
import t from 'tap'
import { build } from '../helper.js'

const SAVE = '/_emulator/ui/workspaces/wsMain00001/scenes/scnShapes01/content'
const JSON_TYPE = 'application/json; charset=utf-8'

const app = await build(t, { renderer: false })
const journal = async () => (await app.inject({ url: '/_emulator/requests' })).json()

t.test('an editor save is a journal entry marked as the editor\'s', async (t) => {
  const payload = JSON.stringify({ appState: { viewBackgroundColor: '#fff9db' } })
  const saved = await app.inject({ method: 'PATCH', url: SAVE, headers: { 'content-type': 'application/json' }, payload })
  t.equal(saved.statusCode, 200)
  const { total, data: [entry] } = await journal()
  t.equal(total, 1, 'one entry')
  t.match(entry, {
    id: 1,
    method: 'PATCH',
    path: SAVE,
    route: '/_emulator/ui/workspaces/:workspaceId/scenes/:sceneId/content',
    query: {},
    status: 200,
    keyId: 'emulator-editor',
    workspaceId: 'wsMain00001',
    latencyMs: 0,
    fault: null,
    drift: null,
    mcp: null,
    request: { contentType: 'application/json', text: payload, bytes: payload.length, truncated: false },
    response: { contentType: JSON_TYPE, text: saved.body, bytes: Buffer.byteLength(saved.body), truncated: false }
  })
  t.type(entry.durationMs, 'number')
  const filtered = (await app.inject({ url: '/_emulator/requests?workspaceId=wsMain00001' })).json()
  t.equal(filtered.total, 1, 'the workspace filter finds it')
})

t.test('a refused save is journaled with its status; the page\'s reads are not', async (t) => {
  await app.inject({ method: 'DELETE', url: '/_emulator/requests' })
  const read = await app.inject({ url: '/_emulator/ui/workspaces/wsMain00001/scenes/scnShapes01/version' })
  t.equal(read.statusCode, 200, 'the page\'s read was answered')
  const refused = await app.inject({ method: 'PATCH', url: SAVE, headers: { 'content-type': 'application/json' }, payload: '{"elements":"no"}' })
  t.equal(refused.statusCode, 400)
  const { total, data: [entry] } = await journal()
  t.equal(total, 1, 'only the save')
  t.match(entry, { method: 'PATCH', status: 400, keyId: 'emulator-editor', response: { text: refused.body } })
})

t.test('with the journal off, nothing is recorded and the save still works', async (t) => {
  const off = await build(t, { renderer: false, journalSize: 0 })
  const saved = await off.inject({ method: 'PATCH', url: SAVE, headers: { 'content-type': 'application/json' }, payload: '{"appState":{"viewBackgroundColor":"#fff9db"}}' })
  t.equal(saved.statusCode, 200, saved.body)
  t.equal((await off.inject({ url: '/_emulator/requests' })).json().total, 0)
})
