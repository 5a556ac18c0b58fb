// search_scene_content: the separator-blind contains mode, glob, filters, document order and bound labels.
import t from 'tap'
import { globMatcher, normalise, searchSceneContent } from '../../src/mcp/search.js'
import { arrow, cid, frame, rect, text } from '../content/element-builders.js'

const F = cid('frame')
const scene = [
  frame(F, { name: 'Login slide' }),
  text(cid('title'), { text: 'Auth Flow', originalText: 'Auth Flow', frameId: F }),
  rect(cid('box'), { boundElements: [{ id: cid('boxlabel'), type: 'text' }], frameId: F }),
  text(cid('boxlabel'), { text: 'Token\nstore', originalText: 'Token store', containerId: cid('box'), frameId: F }),
  arrow(cid('arrow'), { boundElements: [{ id: cid('arrowlabel'), type: 'text' }] }),
  text(cid('arrowlabel'), { text: 'auth flow ok', originalText: 'auth flow ok', containerId: cid('arrow') }),
  text(cid('old'), { text: 'Auth flow (v1)', originalText: 'Auth flow (v1)', isDeleted: true }),
  rect(cid('plain'))
]
const ids = (result: ReturnType<typeof searchSceneContent>) => result.elements.map((e) => e.id)

t.test('contains ignores case and the separators space - _ . , : ; / \\', async (t) => {
  for (const query of ['Auth Flow', 'auth-flow', 'AUTH_FLOW', 'authflow', 'auth flow', 'auth.flow', 'auth,flow', 'auth:flow',
    'auth;flow', 'auth/flow', 'auth\\flow', '  a u t h  ']) {
    const result = searchSceneContent(scene, { query })
    t.same(ids(result), [cid('title'), cid('arrow')], `"${query}"`)
    t.equal(result.count, 2)
  }
  t.equal(normalise('A-b_c.d,e:f;g/h\\i j\tk'), 'abcdefghijk')
})

t.test('bound labels: the container is returned with labelText, never the bound text', async (t) => {
  const result = searchSceneContent(scene, { query: 'tokenstore' })
  t.same(ids(result), [cid('box')])
  t.equal(result.elements[0].labelText, 'Token store')
  t.same(ids(searchSceneContent(scene, { query: 'auth', types: ['text'] })), [cid('title')], 'an arrow label is invisible to types:["text"]')
  t.equal(searchSceneContent(scene, { query: 'ok', types: ['arrow'] }).elements[0].labelText, 'auth flow ok')
})

t.test('frames match by name; glob works on the whole text', async (t) => {
  t.same(ids(searchSceneContent(scene, { query: 'login' })), [F])
  t.same(ids(searchSceneContent(scene, { query: 'auth*', matchMode: 'glob' })), [cid('title'), cid('arrow')])
  t.same(ids(searchSceneContent(scene, { query: 'auth', matchMode: 'glob' })), [], 'glob matches the whole text')
  t.same(ids(searchSceneContent(scene, { query: 'Token?store', matchMode: 'glob' })), [cid('box')])
  t.same(ids(searchSceneContent(scene, { query: '*(v1)', matchMode: 'glob', includeDeleted: true })), [cid('old')], 'regex characters are literal')
  t.ok(globMatcher('a*c')('ABC'))
  t.notOk(globMatcher('a?c')('abbc'))
})

t.test('filters: types, frameId, includeDeleted, limit; no query lists everything', async (t) => {
  t.same(ids(searchSceneContent(scene, { query: 'auth', includeDeleted: true })), [cid('title'), cid('arrow'), cid('old')])
  t.same(ids(searchSceneContent(scene, { frameId: F })), [cid('title'), cid('box')], 'frame children only, no bound texts')
  t.same(ids(searchSceneContent(scene, { types: ['rectangle'] })), [cid('box'), cid('plain')])
  t.same(ids(searchSceneContent(scene, { limit: 2 })), [F, cid('title')], 'document order, cut at limit')
  t.equal(searchSceneContent(scene, {}).count, 5, 'live, non-bound elements')
  t.equal(searchSceneContent(scene, { limit: 1000 }).count, 5, 'limit is clamped, not refused')
  t.same(ids(searchSceneContent(scene, { query: 'nothing here' })), [])
})
