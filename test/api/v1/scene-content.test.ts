// /scenes/:sceneId/content: reads, who may read and write, and what each write does to metadata and the audit log.
// Validation 400s, id rewriting and merge rules: scene-content-rules.test.ts; files, samples, limits: the others.
import { readFileSync } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import t from 'tap'
import { auditSourceId } from '../../../src/lib/ids.js'
import { KEYS, NOW, type TestLike, call, errorBody, sharedApp } from '../../helper.js'
import { loadReference, missingReference, REFERENCE_PATH } from '../../reference.js'
import { cid, file, frame, image, putBody, rect, text } from '../../content/element-builders.js'

const fresh = sharedApp(t)

const CONTENT = (id: string) => `/api/v1/scenes/${id}/content`
const KEY_ORDER = ['type', 'version', 'source', 'appState', 'elements', 'sceneVersion', 'files']
const R = cid('rect')
const T = cid('text')
const F = cid('frame')

function fixtureContent (name: string) {
  return JSON.parse(readFileSync(new URL(`../../../fixtures/minimal/content/${name}`, import.meta.url), 'utf8'))
}

async function metadataOf (t: TestLike, app: FastifyInstance, sceneId: string, key: string = KEYS.full) {
  return (await call(t, app, 'GET', `/api/v1/scenes/${sceneId}`, { key })).body.metadata
}

t.test('GET /scenes/:sceneId/content', async (t) => {
  const app = await fresh()
  const stored = fixtureContent('simple-shapes.excalidraw')
  const { sceneVersion } = await metadataOf(t, app, 'scnShapes01')
  const res = await call(t, app, 'GET', CONTENT('scnShapes01'), { key: KEYS.read })
  t.equal(res.status, 200, 'read keys may read')
  t.same(res.body, {
    type: 'excalidraw', version: 2, source: 'https://plus.excalidraw.com', appState: stored.appState,
    elements: stored.elements, sceneVersion, files: {}
  })
  t.same(Object.keys(res.body), KEY_ORDER, 'keys in the reference order, no filesFailedToEmbed')
  t.match(res.headers['content-type'], /^application\/json/)

  const image = await call(t, app, 'GET', CONTENT('scnImage001'))
  const withImage = fixtureContent('with-image.excalidraw')
  t.same(image.body.files, withImage.files, 'embedded files are served whole')
  t.same(image.body.elements, withImage.elements)

  t.same((await call(t, app, 'GET', CONTENT('scnEmpty001'))).body, {
    type: 'excalidraw', version: 2, source: 'https://plus.excalidraw.com',
    appState: { viewBackgroundColor: '#ffffff', lockedMultiSelections: {} },
    elements: [], sceneVersion: (await metadataOf(t, app, 'scnEmpty001')).sceneVersion, files: {}
  }, 'a scene created empty')
  const mine = await call(t, app, 'GET', CONTENT('scnPrivate1'), { key: KEYS.admin })
  t.same([mine.status, mine.body.elements], [200, []], 'the owner\'s personal key reads a private scene')

  app.db.prepare("DELETE FROM scene_contents WHERE scene_id = 'scnShapes01'").run()
  const lost = await call(t, app, 'GET', CONTENT('scnShapes01'))
  t.same([lost.status, lost.body.elements, lost.body.files], [200, [], {}], 'a scene whose content row is missing reads as a new scene')
})

t.test('GET, PUT and PATCH content: 401, 403 and 404', async (t) => {
  const app = await fresh()
  const notFound = (id: string) => errorBody(404, 'Not Found', `Scene ${id} not found`)
  const forbidden = (message: string) => errorBody(403, 'Forbidden', message)
  const put = putBody([rect(R)])
  const patch = { elements: [rect(R)] }
  await call(t, app, 'DELETE', '/api/v1/scenes/scnImage001')
  const cases: Array<[string, string, string | null, unknown, number, unknown]> = [
    ['GET', 'scnShapes01', null, undefined, 401, errorBody(401, 'Unauthorized', 'Missing Authorization header: send "Authorization: Bearer <api key>"')],
    ['PUT', 'scnShapes01', KEYS.expired, put, 401, errorBody(401, 'Unauthorized', 'API key expired at 2026-03-01T00:00:00.000Z')],
    ['PUT', 'scnShapes01', KEYS.read, put, 403, forbidden('Missing permission: this API key is read-only and cannot PUT')],
    ['PATCH', 'scnShapes01', KEYS.read, patch, 403, forbidden('Missing permission: this API key is read-only and cannot PATCH')],
    ['GET', 'scnShapes01', KEYS.scenes, undefined, 403, forbidden('Missing permission: this API key may not call GET /scenes/{sceneId}/content')],
    ['PATCH', 'scnShapes01', KEYS.scenes, patch, 403, forbidden('Missing permission: this API key may not call PATCH /scenes/{sceneId}/content')],
    ['GET', 'scnNope0001', KEYS.full, undefined, 404, notFound('scnNope0001')],
    ['PUT', 'scnNope0001', KEYS.full, put, 404, notFound('scnNope0001')],
    ['PATCH', 'scnNope0001', KEYS.full, patch, 404, notFound('scnNope0001')],
    ['GET', 'scnPrivate1', KEYS.full, undefined, 404, notFound('scnPrivate1')],
    ['GET', 'scnPrivate1', KEYS.member, undefined, 404, notFound('scnPrivate1')],
    ['PUT', 'scnPrivate1', KEYS.member, put, 404, notFound('scnPrivate1')],
    ['PATCH', 'scnPrivate1', KEYS.full, patch, 404, notFound('scnPrivate1')],
    ['GET', 'scnOther001', KEYS.full, undefined, 404, notFound('scnOther001')],
    ['GET', 'scnShapes01', KEYS.other, undefined, 404, notFound('scnShapes01')],
    ['PUT', 'scnShapes01', KEYS.other, put, 404, notFound('scnShapes01')],
    ['PATCH', 'scnShapes01', KEYS.other, patch, 404, notFound('scnShapes01')],
    ['GET', 'scnImage001', KEYS.full, undefined, 404, notFound('scnImage001')],
    ['PUT', 'scnImage001', KEYS.full, put, 404, notFound('scnImage001')]
  ]
  const before = (await call(t, app, 'GET', CONTENT('scnShapes01'))).body
  const auditBefore = app.stores.auditLog.listAll('wsMain00001').length
  for (const [method, id, key, body, status, expected] of cases) {
    const res = await call(t, app, method, CONTENT(id), { key, body })
    t.same([res.status, res.body], [status, expected], `${method} ${id} with ${key}`)
  }
  t.same((await call(t, app, 'GET', CONTENT('scnShapes01'))).body, before, 'nothing was written')
  t.equal(app.stores.auditLog.listAll('wsMain00001').length, auditBefore, 'nor audited')
  t.same((await call(t, app, 'GET', CONTENT('scnOther001'), { key: KEYS.other })).status, 200, 'the other workspace reads its own scene')
})

t.test('PUT /scenes/:sceneId/content', async (t) => {
  const app = await fresh()
  const before = await metadataOf(t, app, 'scnShapes01')
  app.clock.advance(60_000)
  const later = new Date(NOW + 60_000).toISOString()
  const elements = [
    frame(F),
    rect(R, { frameId: F, boundElements: [{ id: T, type: 'text' }], version: 3, versionNonce: 7 }),
    text(T, { containerId: R, frameId: F }),
    rect(cid('gone'), { isDeleted: true })
  ]
  const body = putBody(elements, {
    source: 'https://cli.example', appState: { viewBackgroundColor: '#fafafa', lockedMultiSelections: { g1: true } },
    sceneVersion: '12345', filesFailedToEmbed: ['nope']
  })
  const res = await call(t, app, 'PUT', CONTENT('scnShapes01'), { key: KEYS.admin, body })
  t.equal(res.status, 200)
  const expected = {
    type: 'excalidraw', version: 2, source: 'https://cli.example',
    appState: { viewBackgroundColor: '#fafafa', lockedMultiSelections: { g1: true } },
    elements, sceneVersion: res.body.sceneVersion, files: {}
  }
  t.same(res.body, expected, 'elements not sent are gone; sent sceneVersion and filesFailedToEmbed are ignored')
  t.same(Object.keys(res.body), KEY_ORDER)
  t.not(res.body.sceneVersion, '12345')
  t.match(res.body.sceneVersion, /^\d+$/)
  t.same((await call(t, app, 'GET', CONTENT('scnShapes01'), { key: KEYS.read })).body, expected, 'GET answers what PUT stored')

  const after = await metadataOf(t, app, 'scnShapes01')
  t.same(after, {
    ...before,
    updated: later,
    updater: 'usrAdmin001',
    updateCount: before.updateCount + 1,
    contentEpoch: before.contentEpoch + 1,
    sceneVersion: res.body.sceneVersion,
    totalElements: 4,
    deletedElements: 1,
    hasNonDeletedFrames: true,
    previewBackground: '#fafafa'
  }, 'metadata follows the write; revisionCount and lastRevision do not move')

  const again = await call(t, app, 'PUT', CONTENT('scnShapes01'), { body })
  t.same(again.body, expected, 'an identical PUT answers the same document')
  t.same(await metadataOf(t, app, 'scnShapes01'), {
    ...after, updater: null, updateCount: before.updateCount + 2, contentEpoch: before.contentEpoch + 2
  }, 'contentEpoch +1 even for identical content; a workspace key leaves no updater')

  const entries = app.stores.auditLog.listAll('wsMain00001')
  t.same(entries.slice(0, 2).map((e) => e.entry), [{
    id: entries[0].entry.id, action: 'scene', operation: 'update',
    details: { sceneId: 'scnShapes01', mode: 'replace', elementsSent: 4, filesSent: 0, totalElements: 4, deletedElements: 1, sceneVersion: res.body.sceneVersion, contentEpoch: before.contentEpoch + 2 },
    created_at: later, ip_address: '127.0.0.1', user_id: null, workspace_id: 'wsMain00001', app_source: 'excalidraw-plus',
    source_type: 'api', source_id: auditSourceId('key_test_full'), status: 200
  }, {
    id: entries[1].entry.id, action: 'scene', operation: 'update',
    details: { sceneId: 'scnShapes01', mode: 'replace', elementsSent: 4, filesSent: 0, totalElements: 4, deletedElements: 1, sceneVersion: res.body.sceneVersion, contentEpoch: before.contentEpoch + 1 },
    created_at: later, ip_address: '127.0.0.1', user_id: 'usrAdmin001', workspace_id: 'wsMain00001', app_source: 'excalidraw-plus',
    source_type: 'api', source_id: auditSourceId('key_test_admin'), status: 200, user_email: 'alice@test.example', user_full_name: 'Alice Admin', user_picture: null
  }], 'one audit entry per write, newest first')
  t.not(entries[0].entry.id, entries[1].entry.id)
})

t.test('PUT into a private scene and with a changed sceneVersion', async (t) => {
  const app = await fresh()
  const res = await call(t, app, 'PUT', CONTENT('scnPrivate1'), { key: KEYS.admin, body: putBody([rect(R)]) })
  t.equal(res.status, 200)
  const metadata = await metadataOf(t, app, 'scnPrivate1', KEYS.admin)
  t.match(metadata, { collection: 'private', isPrivate: true, contentEpoch: 1, updateCount: 1, totalElements: 1, sceneVersion: res.body.sceneVersion })
  t.equal((await call(t, app, 'GET', '/api/v1/scenes?collectionId=private', { key: KEYS.admin })).body.data.length, 1, 'still the owner\'s private scene')
  const renonced = await call(t, app, 'PUT', CONTENT('scnPrivate1'), { key: KEYS.admin, body: putBody([rect(R, { versionNonce: 2 })]) })
  t.not(renonced.body.sceneVersion, res.body.sceneVersion, 'a new versionNonce changes sceneVersion')
  const moved = await call(t, app, 'PUT', CONTENT('scnPrivate1'), { key: KEYS.admin, body: putBody([rect(R, { versionNonce: 2, x: 500, version: 9 })]) })
  t.equal(moved.body.sceneVersion, renonced.body.sceneVersion, 'geometry and version do not')
})

t.test('PATCH /scenes/:sceneId/content', async (t) => {
  const app = await fresh()
  const base = await call(t, app, 'PUT', CONTENT('scnEmpty001'), { body: putBody([rect(R)], { appState: { viewBackgroundColor: '#111111', lockedMultiSelections: { g1: true } } }) })
  const before = await metadataOf(t, app, 'scnEmpty001')
  app.clock.advance(1000)
  const res = await call(t, app, 'PATCH', CONTENT('scnEmpty001'), {
    key: KEYS.member,
    body: { elements: [image(cid('img'), 'file-1')], files: { 'file-1': file('file-1') }, appState: { viewBackgroundColor: '#222222' }, filesFailedToEmbed: ['x'] }
  })
  t.equal(res.status, 200)
  const expected = {
    ...base.body,
    appState: { viewBackgroundColor: '#222222', lockedMultiSelections: { g1: true } },
    elements: [rect(R), image(cid('img'), 'file-1')],
    sceneVersion: res.body.sceneVersion,
    files: { 'file-1': file('file-1') }
  }
  t.same(res.body, expected, 'elements appended, appState merged shallowly, file added, filesFailedToEmbed ignored')
  t.same(Object.keys(res.body), KEY_ORDER)
  t.same((await call(t, app, 'GET', CONTENT('scnEmpty001'))).body, expected)
  const after = await metadataOf(t, app, 'scnEmpty001')
  t.same(after, {
    ...before, updated: new Date(NOW + 1000).toISOString(), updater: 'usrMember01', updateCount: before.updateCount + 1,
    sceneVersion: res.body.sceneVersion, totalElements: 2, previewBackground: '#222222'
  }, 'contentEpoch unchanged by PATCH')

  const appStateOnly = await call(t, app, 'PATCH', CONTENT('scnEmpty001'), { body: { appState: { lockedMultiSelections: {} } } })
  t.same(appStateOnly.body, { ...expected, appState: { viewBackgroundColor: '#222222', lockedMultiSelections: {} }, sceneVersion: appStateOnly.body.sceneVersion })
  t.not(appStateOnly.body.sceneVersion, res.body.sceneVersion, 'appState enters sceneVersion')
  const replaced = { ...file('file-1', 'data:image/png;base64,AAAA'), version: 2 }
  const filesOnly = await call(t, app, 'PATCH', CONTENT('scnEmpty001'), { body: { files: { 'file-1': replaced } } })
  t.same(filesOnly.body.files, { 'file-1': replaced }, 'a file with the same id replaces the stored one')
  t.equal(filesOnly.body.sceneVersion, appStateOnly.body.sceneVersion, 'files do not enter sceneVersion')
  t.same(await metadataOf(t, app, 'scnEmpty001'), { ...after, updater: null, updateCount: before.updateCount + 3, sceneVersion: filesOnly.body.sceneVersion, previewBackground: '#222222' })

  t.same(app.stores.auditLog.listAll('wsMain00001').slice(0, 3).map((e) => [e.entry.action, e.entry.operation, e.entry.source_id, e.entry.details]), [
    ['scene', 'update', auditSourceId('key_test_full'), { sceneId: 'scnEmpty001', mode: 'merge', elementsSent: 0, filesSent: 1, totalElements: 2, deletedElements: 0, sceneVersion: filesOnly.body.sceneVersion, contentEpoch: 1 }],
    ['scene', 'update', auditSourceId('key_test_full'), { sceneId: 'scnEmpty001', mode: 'merge', elementsSent: 0, filesSent: 0, totalElements: 2, deletedElements: 0, sceneVersion: appStateOnly.body.sceneVersion, contentEpoch: 1 }],
    ['scene', 'update', auditSourceId('key_test_member'), { sceneId: 'scnEmpty001', mode: 'merge', elementsSent: 1, filesSent: 1, totalElements: 2, deletedElements: 0, sceneVersion: res.body.sceneVersion, contentEpoch: 1 }]
  ])
})

t.test('the generated OpenAPI declares the three operations as the reference does', async (t) => {
  if (loadReference() === null) return missingReference(t, `reference OpenAPI not found at ${REFERENCE_PATH}: put ../shared beside the repo, or set REFERENCE_OPENAPI`)
  const app = await fresh()
  const ours = (await app.inject({ method: 'GET', url: '/docs/json' })).json().paths['/api/v1/scenes/{sceneId}/content']
  const theirs = loadReference()!.paths['/api/v1/scenes/{sceneId}/content']
  const summary = (op: any) => ({ tags: op.tags, statuses: Object.keys(op.responses).sort(), bodyRequired: op.requestBody?.required === true })
  for (const method of ['get', 'put', 'patch']) t.same(summary(ours[method]), summary(theirs[method]), method)
  t.same(Object.keys(ours).sort(), ['get', 'patch', 'put'])
  t.same(summary(ours.patch), { tags: ['scenes', 'scene-content'], statuses: ['200', '400', '401', '403', '404'], bodyRequired: false }, 'the PATCH body is optional')
})
