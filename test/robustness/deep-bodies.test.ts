// JSON bodies. A deeply nested one once killed the process (the journal re-serialised it in a
// listener) and answered 500 from the content store. Now: a 400 naming the path, before any handler, nothing stored.
import t from 'tap'
import { MAX_JSON_DEPTH, describeTooDeep, pathBeyondDepth } from '../../src/lib/json-depth.js'
import { startProcess, stopProcess } from '../processes.js'
import { KEYS, build, call, errorBody, sharedApp } from '../helper.js'
import { putBody, rect } from '../content/element-builders.js'

const fresh = sharedApp(t)

/** `{"a":{"a":…{}…}}` nested `levels` deep, built as text so the test itself never recurses. */
const nestedText = (levels: number) => '{"a":'.repeat(levels - 1) + '{}' + '}'.repeat(levels - 1)
const CONTENT = '/api/v1/scenes/scnEmpty001/content'

t.test('the depth walk: 512 levels pass, 513 name the path, arrays count as levels too', async (t) => {
  t.equal(pathBeyondDepth(JSON.parse(nestedText(MAX_JSON_DEPTH)), MAX_JSON_DEPTH), null)
  t.same(pathBeyondDepth(JSON.parse(nestedText(MAX_JSON_DEPTH + 1)), MAX_JSON_DEPTH), Array(MAX_JSON_DEPTH).fill('a'))
  t.same(pathBeyondDepth({ list: [1, [2, [3]]] }, 3), ['list', '1', '1'])
  t.equal(pathBeyondDepth('text', 0), null, 'a scalar has no depth')
  t.equal(describeTooDeep(['elements', '0', 'customData', 'a', 'a', 'a', 'a', 'a', 'a']),
    'body/elements/0/customData/a/a/a/a/a/… is nested deeper than 512 levels: flatten the JSON body')
  t.equal(describeTooDeep(['a']), 'body/a is nested deeper than 512 levels: flatten the JSON body')
})

t.test('a 5,000-level body to a real process: 400, and the process keeps serving with its state', async (t) => {
  const running = await startProcess('src/server.ts', [], {})
  t.teardown(() => stopProcess(running.child))
  const headers = { 'authorization': 'Bearer uk-demo-member', 'content-type': 'application/json' }
  const deep = await fetch(`${running.url}/api/v1/collections`, { method: 'POST', headers, body: nestedText(5000) })
  t.equal(deep.status, 400)
  t.same(await deep.json(), errorBody(400, 'Bad Request', describeTooDeep(Array(MAX_JSON_DEPTH).fill('a'))))
  // The journal entry is recorded after the response closes: give the listener its turn, then prove we are alive.
  await new Promise((resolve) => setTimeout(resolve, 100))
  const after = await fetch(`${running.url}/api/v1/collections`, { headers: { authorization: 'Bearer sk-demo-full' } })
  t.equal(after.status, 200, 'the process survived')
  const journal: any = await (await fetch(`${running.url}/_emulator/requests?method=POST`)).json()
  t.equal(journal.data.length, 1, 'the rejected request is journaled')
  const { text, ...request } = journal.data[0].request
  t.match(journal.data[0], { method: 'POST', path: '/api/v1/collections', status: 400 })
  t.same(request, { bytes: nestedText(5000).length, truncated: true, contentType: 'application/json' }, 'clipped to the journal bound')
  t.ok(nestedText(5000).startsWith(text), 'the clipped text is the start of what the client sent')
  t.equal(running.child.exitCode, null, 'still running')
})

t.test('the journal records a deep body as the raw text the client sent', async (t) => {
  const app = await fresh()
  const text = nestedText(MAX_JSON_DEPTH + 1)
  const res = await call(t, app, 'POST', '/api/v1/collections', { key: KEYS.member, payload: text })
  t.equal(res.status, 400)
  const entries = (await app.inject({ method: 'GET', url: '/_emulator/requests' })).json().data
  t.equal(entries.length, 1)
  t.same(entries[0].request, { text, bytes: text.length, truncated: false, contentType: 'application/json' })
  t.equal(entries[0].status, 400)
})

t.test('customData 5,000 levels deep (journal off): 400 naming the element, nothing stored', async (t) => {
  const app = await build(t, { journalSize: 0 })
  const before = await call(t, app, 'GET', CONTENT)
  const body = JSON.stringify(putBody([rect('deepElement00000000001', { customData: { marker: true } })]))
    .replace('{"marker":true}', nestedText(5000))
  const res = await call(t, app, 'PUT', CONTENT, { payload: body })
  t.equal(res.status, 400)
  t.same(res.body, errorBody(400, 'Bad Request', describeTooDeep(['elements', '0', 'customData', ...Array(MAX_JSON_DEPTH - 3).fill('a')])))
  t.same((await call(t, app, 'GET', CONTENT)).body, before.body, 'the scene is untouched')
  const patch = await call(t, app, 'PATCH', CONTENT, { payload: body.replace(/^\{/, '{"ignored":1,') })
  t.equal(patch.status, 400, 'PATCH refuses it the same way')
})

t.test('the admin scope: the same bound, and a bodyless JSON POST still reads as no body', async (t) => {
  const app = await fresh()
  const deep = await app.inject({ method: 'POST', url: '/_emulator/workspaces', headers: { 'content-type': 'application/json' }, payload: nestedText(600) })
  t.equal(deep.statusCode, 400)
  t.same(deep.json(), errorBody(400, 'Bad Request', describeTooDeep(Array(MAX_JSON_DEPTH).fill('a'))))
  const empty = await app.inject({ method: 'POST', url: '/_emulator/reset', headers: { 'content-type': 'application/json' }, payload: '' })
  t.equal(empty.statusCode, 200)
})

t.test('DELETE with a JSON content type and an empty body deletes, as a published "Delete Scene" action sends it', async (t) => {
  const app = await fresh()
  const res = await app.inject({ method: 'DELETE', url: '/api/v1/scenes/scnEmpty001', headers: { 'authorization': `Bearer ${KEYS.full}`, 'content-type': 'application/json' }, payload: '' })
  t.equal(res.statusCode, 200)
  t.equal((await call(t, app, 'GET', '/api/v1/scenes/scnEmpty001')).status, 404, 'the scene is gone')
  const post = await call(t, app, 'POST', '/api/v1/collections', { payload: '' })
  t.same([post.status, post.body], [400, errorBody(400, 'Bad Request', "Body cannot be empty when content-type is set to 'application/json'")], 'a write still needs its body')
})
