// /scenes routes: visibility of private scenes, filters, create, update, soft delete, counters from content.
import { readFileSync } from 'node:fs'
import t from 'tap'
import { KEYS, NOW, call, errorBody, sharedApp } from '../../helper.js'

const fresh = sharedApp(t)

const NOW_ISO = new Date(NOW).toISOString()
const badRequest = (message: string) => errorBody(400, 'Bad Request', message)
const ids = (body: any): string[] => body.data.map((s: any) => s.metadata.id)

t.test('GET /scenes', async (t) => {
  const app = await fresh()
  t.same(ids((await call(t, app, 'GET', '/api/v1/scenes')).body), ['scnShapes01', 'scnEmpty001', 'scnImage001'], 'workspace keys never see private scenes')
  t.same(ids((await call(t, app, 'GET', '/api/v1/scenes', { key: KEYS.admin })).body), ['scnShapes01', 'scnEmpty001', 'scnImage001', 'scnPrivate1'], 'the owner\'s personal key does')
  t.same(ids((await call(t, app, 'GET', '/api/v1/scenes', { key: KEYS.member })).body), ['scnShapes01', 'scnEmpty001', 'scnImage001'], 'another user\'s personal key does not')
  t.same(ids((await call(t, app, 'GET', '/api/v1/scenes?collectionId=colSecond01')).body), ['scnEmpty001', 'scnImage001'])
  t.same(ids((await call(t, app, 'GET', '/api/v1/scenes?collectionId=private', { key: KEYS.admin })).body), ['scnPrivate1'])
  t.same((await call(t, app, 'GET', '/api/v1/scenes?limit=2&offset=1')).body.hasNextPage, false)
  t.same((await call(t, app, 'GET', '/api/v1/scenes?limit=1')).body.hasNextPage, true)
  t.same((await call(t, app, 'GET', '/api/v1/scenes?collectionId=colNope0001')).body, errorBody(404, 'Not Found', 'Collection colNope0001 not found'))
  t.equal((await call(t, app, 'GET', '/api/v1/scenes?collectionId=private')).status, 403)
  t.same((await call(t, app, 'GET', '/api/v1/scenes?collectionId=')).body, badRequest('querystring/collectionId must NOT have fewer than 1 characters'))
})

t.test('GET /scenes/:sceneId', async (t) => {
  const app = await fresh()
  const res = await call(t, app, 'GET', '/api/v1/scenes/scnImage001')
  t.equal(res.status, 200)
  t.same(Object.keys(res.body), ['metadata', 'readOnlyLinks', 'sharedSlidesLinks'])
  t.same(res.body.readOnlyLinks, [{
    id: 'lnkRead0001', scene: 'scnImage001', workspace: 'wsMain00001', created: '2026-02-04T00:00:00.000Z', updated: '2026-02-04T00:00:00.000Z',
    updatedBy: null, creator: 'usrMember01', preview: null, previewPath: null, type: 'readonly', status: 'active', name: null,
    data: { x: 0, y: 0, width: 800, height: 600 }
  }])
  t.test('counters agree with the stored content', async (t) => {
    const file = JSON.parse(readFileSync(new URL('../../../fixtures/minimal/content/simple-shapes.excalidraw', import.meta.url), 'utf8'))
    const { metadata } = (await call(t, app, 'GET', '/api/v1/scenes/scnShapes01')).body
    const deleted = file.elements.filter((e: any) => e.isDeleted).length
    t.equal(metadata.totalElements, file.elements.length)
    t.equal(metadata.deletedElements, deleted)
    t.equal(metadata.hasNonDeletedFrames, file.elements.some((e: any) => !e.isDeleted && (e.type === 'frame' || e.type === 'magicframe')))
    t.match(metadata.sceneVersion, /^\d+$/, 'sceneVersion is a string')
    const image = (await call(t, app, 'GET', '/api/v1/scenes/scnImage001')).body.metadata
    t.equal(image.hasNonDeletedFrames, true, 'the image fixture has a frame')
  })
  t.equal((await call(t, app, 'GET', '/api/v1/scenes/scnPrivate1')).status, 404, 'a private scene does not exist for a workspace key')
  t.equal((await call(t, app, 'GET', '/api/v1/scenes/scnPrivate1', { key: KEYS.member })).status, 404, 'nor for another user')
  t.match((await call(t, app, 'GET', '/api/v1/scenes/scnPrivate1', { key: KEYS.admin })).body.metadata, { isPrivate: true, collection: 'private' })
})

t.test('POST /scenes', async (t) => {
  const app = await fresh()
  const res = await call(t, app, 'POST', '/api/v1/scenes', { key: KEYS.member, body: { name: 'Plan', pinned: false, collectionId: 'colDefault1' } })
  t.equal(res.status, 200)
  t.same(res.body, {
    metadata: {
      workspace: 'wsMain00001', name: 'Plan', isUntitled: false, created: NOW_ISO, updated: NOW_ISO, previewUrl: null, previewFilename: null,
      previewBackground: '#ffffff', isDeleted: false, isPrivate: false, creator: 'usrMember01', updater: 'usrMember01',
      sceneVersion: res.body.metadata.sceneVersion, contentEpoch: 0, linkSharing: 0, readComments: true, writeComments: true, allowCalls: true,
      collection: 'colDefault1', updateCount: 0, revisionCount: 0, lastRevision: null, totalElements: 0, deletedElements: 0, pinned: false,
      hasNonDeletedFrames: false, isSlidesSharingEnabled: false, isWelcomeScene: false, id: res.body.metadata.id
    },
    readOnlyLinks: [],
    sharedSlidesLinks: []
  })
  t.match(res.body.metadata.id, /^[A-Za-z0-9]{11}$/)
  t.same((await call(t, app, 'GET', `/api/v1/scenes/${res.body.metadata.id}`)).body, res.body)
  const inPrivate = await call(t, app, 'POST', '/api/v1/scenes', { key: KEYS.admin, body: { name: 'Mine', pinned: true, collectionId: 'private' } })
  t.match(inPrivate.body.metadata, { collection: 'private', isPrivate: true, pinned: true })
  t.equal((await call(t, app, 'GET', `/api/v1/scenes/${inPrivate.body.metadata.id}`, { key: KEYS.member })).status, 404)

  const failures: Array<[unknown, number, unknown]> = [
    [{ name: 'x', pinned: false }, 400, badRequest("body must have required property 'collectionId'")],
    [{ name: '', pinned: false, collectionId: 'colDefault1' }, 400, badRequest('body/name must NOT have fewer than 1 characters')],
    [{ name: 'x', pinned: 0, collectionId: 'colDefault1' }, 400, badRequest('body/pinned must be boolean')],
    [{ name: 'x', pinned: false, collectionId: 'colDefault1', extra: 1 }, 400, badRequest("body must NOT have additional property 'extra'")],
    [{ name: 'x', pinned: false, collectionId: 'colNope0001' }, 404, errorBody(404, 'Not Found', 'Collection colNope0001 not found')],
    [{ name: 'x', pinned: false, collectionId: 'private' }, 403, errorBody(403, 'Forbidden', 'Workspace API keys cannot access private collections; use a personal API key')]
  ]
  for (const [body, status, expected] of failures) {
    const failed = await call(t, app, 'POST', '/api/v1/scenes', { body })
    t.same([failed.status, failed.body], [status, expected], JSON.stringify(body))
  }
  t.equal((await call(t, app, 'GET', '/api/v1/scenes')).body.data.length, 4, 'only the valid scene was added')
})

t.test('PATCH /scenes/:sceneId', async (t) => {
  const app = await fresh()
  const before = (await call(t, app, 'GET', '/api/v1/scenes/scnShapes01')).body
  const res = await call(t, app, 'PATCH', '/api/v1/scenes/scnShapes01', { key: KEYS.admin, body: { name: 'Shapes', pinned: false, collectionId: 'colSecond01' } })
  t.same(res.body, { ...before, metadata: { ...before.metadata, name: 'Shapes', pinned: false, collection: 'colSecond01', updated: NOW_ISO, updater: 'usrAdmin001' } })
  t.equal(res.body.metadata.contentEpoch, before.metadata.contentEpoch, 'contentEpoch does not change on metadata writes')
  t.same(ids((await call(t, app, 'GET', '/api/v1/scenes?collectionId=colSecond01')).body), ['scnShapes01', 'scnEmpty001', 'scnImage001'])
  t.same((await call(t, app, 'PATCH', '/api/v1/scenes/scnShapes01', { body: {} })).body, res.body, 'an empty patch changes nothing')
  t.same((await call(t, app, 'PATCH', '/api/v1/scenes/scnShapes01')).body, res.body, 'nor does a patch without a body (the body is optional)')

  const toPrivate = await call(t, app, 'PATCH', '/api/v1/scenes/scnEmpty001', { key: KEYS.admin, body: { collectionId: 'private' } })
  t.match(toPrivate.body.metadata, { collection: 'private', isPrivate: true })
  t.equal((await call(t, app, 'GET', '/api/v1/scenes/scnEmpty001')).status, 404, 'moved out of sight of workspace keys')

  const failures: Array<[string, unknown, number, unknown]> = [
    ['scnShapes01', { name: '' }, 400, badRequest('body/name must NOT have fewer than 1 characters')],
    ['scnShapes01', { collection: 'x' }, 400, badRequest("body must NOT have additional property 'collection'")],
    ['scnShapes01', { collectionId: 'colNope0001' }, 404, errorBody(404, 'Not Found', 'Collection colNope0001 not found')],
    ['scnNope0001', { name: 'x' }, 404, errorBody(404, 'Not Found', 'Scene scnNope0001 not found')]
  ]
  for (const [id, body, status, expected] of failures) {
    const failed = await call(t, app, 'PATCH', `/api/v1/scenes/${id}`, { body })
    t.same([failed.status, failed.body], [status, expected], JSON.stringify(body))
  }
  const moves = app.stores.auditLog.listAll('wsMain00001').map((e) => e.entry.action)
  t.same(moves.slice(0, 2), ['scene:collection', 'scene:collection'], 'moves are audited as scene:collection')
})

t.test('DELETE /scenes/:sceneId', async (t) => {
  const app = await fresh()
  const res = await call(t, app, 'DELETE', '/api/v1/scenes/scnShapes01')
  t.same([res.status, res.body], [200, {}])
  t.equal((await call(t, app, 'GET', '/api/v1/scenes/scnShapes01')).status, 404)
  t.same(ids((await call(t, app, 'GET', '/api/v1/scenes')).body), ['scnEmpty001', 'scnImage001'])
  t.equal((await call(t, app, 'DELETE', '/api/v1/scenes/scnShapes01')).status, 404)
  t.equal((await call(t, app, 'PATCH', '/api/v1/scenes/scnShapes01', { body: { name: 'back?' } })).status, 404)
  const row = app.db.prepare("SELECT deleted_at, json_extract(metadata, '$.isDeleted') AS flag FROM scenes WHERE id = 'scnShapes01'").get()
  t.same(row, { deleted_at: NOW, flag: 1 }, 'soft: kept and marked')
})
