// Scene content served from its stored text (content/served.ts, migration 004): the very bytes the routes' response
// serializer writes for the same document, for every bundled scene, for awkward writes, and for rows stored before 004.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import fastJson from 'fast-json-stringify'
import type { FastifyInstance } from 'fastify'
import t from 'tap'
import { BUNDLED_FIXTURES } from '../../../src/config/index.js'
import { withNullableFields } from '../../../src/plugins/validation.js'
import { SceneContentSchema, WrittenSceneContentSchema } from '../../../src/schemas/scene-content.js'
import { contextFor, harnessCaller, type OpContext } from '../../../src/services/context.js'
import * as sceneContent from '../../../src/services/scene-content.js'
import * as scenes from '../../../src/services/scenes.js'
import { build, call } from '../../helper.js'
import { file, image, putBody, rect, text } from '../../content/element-builders.js'

// The routes' serializer exactly as the app compiles it (plugins/validation.ts).
const serializerOf = (schema: object) => fastJson(withNullableFields(schema) as Parameters<typeof fastJson>[0])
const serializeRead = serializerOf(SceneContentSchema)
const serializeWritten = serializerOf(WrittenSceneContentSchema)
const CONTENT = '/api/v1/scenes/scnShapes01/content'
const JSON_TYPE = 'application/json; charset=utf-8'

function harnessCtx (app: FastifyInstance, workspaceId: string): OpContext {
  return contextFor(app, harnessCaller(workspaceId))
}

/** A document whose file records list their keys backwards and whose texts need every kind of JSON escape. */
function awkwardDocument (): unknown {
  const picture = file('fileAwkward1')
  const backwards = Object.fromEntries(Object.entries(picture).reverse())
  return putBody([
    rect('rectAwkward0000000001', { customData: { note: 'kept "as sent"', nested: { list: [1, 2.5, -0, 1e21] } } }),
    text('textAwkward0000000001', { text: 'quote " backslash \\ line\u2028sep tab\t emoji 🎨 lone \ud800', originalText: 'é' }),
    image('imgAwkward00000000001', 'fileAwkward1')
  ], {
    files: { fileAwkward1: backwards },
    appState: { lockedMultiSelections: { g1: true }, viewBackgroundColor: '#fafafa' }
  })
}

/** How many scenes the bundled fixtures hold, read from their files. */
function bundledSceneCount (): number {
  return readdirSync(BUNDLED_FIXTURES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(BUNDLED_FIXTURES, entry.name, 'scenes.json')))
    .reduce((sum, entry) => sum + JSON.parse(readFileSync(join(BUNDLED_FIXTURES, entry.name, 'scenes.json'), 'utf8')).length, 0)
}

t.test('every bundled scene reads as the response serializer writes its document', async (t) => {
  const app = await build(t, { fixturesDir: BUNDLED_FIXTURES })
  let compared = 0
  let trashed = 0
  for (const workspace of app.stores.workspaces.list()) {
    const ctx = harnessCtx(app, workspace.id)
    for (const { metadata } of scenes.list(ctx, { limit: 100, offset: 0 }).data) {
      const expected = serializeRead(sceneContent.get(ctx, { sceneId: metadata.id }))
      t.equal(sceneContent.getText(ctx, { sceneId: metadata.id }), expected, `${workspace.id}/${metadata.id}`)
      compared++
    }
    // A trashed scene answers 404 to its content reads: nothing to compare.
    trashed += app.stores.scenes.listTrashed(workspace.id).length
  }
  t.equal(compared + trashed, bundledSceneCount(), `all ${compared} live scenes of fixtures/default (${trashed} in the trash)`)
})

t.test('PUT and GET answer the serializer\'s bytes for awkward content, before and after the read cache', async (t) => {
  const app = await build(t)
  const put = await call(t, app, 'PUT', CONTENT, { body: awkwardDocument() })
  t.equal(put.status, 200)
  t.equal(put.raw.body, serializeWritten(put.body), 'PUT: file keys in schema order, escapes as the serializer writes them')
  t.same(put.body.files.fileAwkward1, file('fileAwkward1'))
  t.same(Object.keys(put.body.files.fileAwkward1), ['mimeType', 'id', 'created', 'dataURL'], 'a file record\'s keys in the schema\'s order')
  t.same(put.body.elements[0].customData, { note: 'kept "as sent"', nested: { list: [1, 2.5, 0, 1e21] } })
  t.equal(put.headers['content-type'], JSON_TYPE)
  t.equal(put.headers['content-length'], String(Buffer.byteLength(put.raw.body)))

  const cached = await call(t, app, 'GET', CONTENT)
  t.equal(cached.raw.body, put.raw.body, 'GET right after PUT serves the PUT answer')
  t.equal(cached.headers['content-type'], JSON_TYPE)
  t.equal(cached.headers['content-length'], String(Buffer.byteLength(cached.raw.body)))
  // Any write empties the read cache: the next GET is built from the stored text.
  t.equal((await call(t, app, 'POST', '/api/v1/collections', { body: { name: 'Elsewhere' } })).status, 200)
  const rebuilt = await call(t, app, 'GET', CONTENT)
  t.equal(rebuilt.raw.body, put.raw.body, 'GET from the store gives the same bytes')
  t.equal(rebuilt.raw.body, serializeRead(rebuilt.body))

  const patched = await call(t, app, 'PATCH', CONTENT, { body: { elements: [rect('rectAwkward0000000002')] } })
  t.equal(patched.status, 200)
  t.equal(patched.raw.body, serializeWritten(patched.body), 'PATCH answers the serializer\'s bytes too')
  t.equal(patched.headers['content-type'], JSON_TYPE)
  t.same(patched.body.elements.map((e: { id: string }) => e.id), ['rectAwkward0000000001', 'textAwkward0000000001', 'imgAwkward00000000001', 'rectAwkward0000000002'])
})

t.test('a content row stored before migration 004 (elements inside doc) reads, patches and is rewritten', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'served-content-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const dbPath = join(dir, 'emulator.db')
  const first = await build(t, { dbPath })
  const put = await call(t, first, 'PUT', CONTENT, { body: awkwardDocument() })
  await first.close()

  const db = new Database(dbPath)
  t.equal(db.pragma('user_version', { simple: true }), 4)
  const row = db.prepare("SELECT doc, elements FROM scene_contents WHERE scene_id = 'scnShapes01'").get() as { doc: string, elements: string }
  const { type, version, source, appState, files } = JSON.parse(row.doc)
  const legacy = JSON.stringify({ type, version, source, appState, elements: JSON.parse(row.elements), files })
  db.prepare("UPDATE scene_contents SET doc = ?, elements = NULL WHERE scene_id = 'scnShapes01'").run(legacy)
  db.close()

  const app = await build(t, { dbPath })
  const read = await call(t, app, 'GET', CONTENT)
  t.equal(read.raw.body, put.raw.body, 'the legacy row serves the same bytes')
  const patched = await call(t, app, 'PATCH', CONTENT, { body: { elements: [rect('rectAwkward0000000002')] } })
  t.equal(patched.status, 200)
  t.equal(patched.body.elements.length, 4)
  await app.close()

  const after = new Database(dbPath)
  t.teardown(() => after.close())
  const rewritten = after.prepare("SELECT doc, elements FROM scene_contents WHERE scene_id = 'scnShapes01'").get() as { doc: string, elements: string | null }
  t.equal(rewritten.elements, JSON.stringify(patched.body.elements), 'the write stores the elements as their own text')
  t.notOk('elements' in JSON.parse(rewritten.doc), 'and the rest of the document without them')
})
