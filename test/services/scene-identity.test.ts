// A stored scene's drawing identity (services/scene-content.ts `identity`, lib/scene-identity.ts): hashed from the
// stored elements text, it is the identity of the very document GET answers (render/contract.ts `sceneIdentity` of
// it), and it is kept until the next write of any row, without the elements being read again in between.
import t, { type Test } from 'tap'
import type { FastifyInstance } from 'fastify'
import { findScene } from '../../src/admin/ui/data.js'
import { EmulatorError } from '../../src/errors.js'
import { sceneIdentity } from '../../src/render/contract.js'
import { contextFor, harnessCaller, type OpContext } from '../../src/services/context.js'
import * as sceneContent from '../../src/services/scene-content.js'
import { build, call, KEYS, swap } from '../helper.js'
import { cid, file, image, putBody, rect, text } from '../content/element-builders.js'

const SCENE = 'scnShapes01'

function harnessOf (app: FastifyInstance): OpContext {
  const found = findScene(app, SCENE)
  if (found === undefined) throw new Error(`${SCENE} not found`)
  return contextFor(app, harnessCaller(found.workspaceId))
}

/** Counts the content store's reads: as text (what the identity hashes) and parsed (what it must never need). */
function countReads (t: Test, app: FastifyInstance): { text: number, parsed: number } {
  const reads = { text: 0, parsed: 0 }
  const store = app.stores.sceneContent
  const { getText, get } = store
  swap(t, store, 'getText', (...args: Parameters<typeof getText>) => { reads.text += 1; return getText(...args) })
  swap(t, store, 'get', (...args: Parameters<typeof get>) => { reads.parsed += 1; return get(...args) })
  return reads
}

async function put (app: FastifyInstance, body: unknown): Promise<void> {
  const res = await call(t, app, 'PUT', `/api/v1/scenes/${SCENE}/content`, { body })
  if (res.status !== 200) throw new Error(`PUT content: ${res.status} ${JSON.stringify(res.body)}`)
}

t.test('a stored scene\'s identity is the identity of the document GET answers', async (t) => {
  const app = await build(t)
  const ctx = harnessOf(app)
  const same = (what: string) =>
    t.equal(sceneContent.identity(ctx, { sceneId: SCENE }).drawn, sceneIdentity(sceneContent.get(ctx, { sceneId: SCENE })).drawn, what)
  same('the fixture\'s scene')
  // Text that JSON escapes (quotes, a backslash, a line separator, a lone surrogate) and text it keeps as it is.
  await put(app, putBody([text(cid('label'), { text: 'é "✓" \\ \u2028 😀 \ud800', originalText: 'x' })], { appState: { viewBackgroundColor: '#fdf6e3' } }))
  same('escaped and unescaped text, another background')
  const files = { [cid('fileA')]: file(cid('fileA')), [cid('fileB')]: file(cid('fileB'), 'data:image/png;base64,AAAA') }
  await put(app, putBody([image(cid('imgA'), cid('fileA')), image(cid('imgB'), cid('fileB'))], { files }))
  same('files')
  const withFiles = sceneContent.identity(ctx, { sceneId: SCENE }).drawn
  // A file that cannot be served is not drawn: the identity leaves it out as GET's document does.
  const stored = app.stores.sceneContent.get(ctx.caller.workspaceId, SCENE)
  if (stored === undefined) throw new Error('no content row')
  app.stores.sceneContent.put(ctx.caller.workspaceId, SCENE, stored.content, [cid('fileB')])
  t.same(Object.keys(sceneContent.get(ctx, { sceneId: SCENE }).files), [cid('fileA')], 'GET leaves the unavailable file out')
  same('an unavailable file')
  t.not(sceneContent.identity(ctx, { sceneId: SCENE }).drawn, withFiles, 'which changes the identity')
})

t.test('the identity is kept until the next write, without reading the elements again', async (t) => {
  const app = await build(t)
  const ctx = harnessOf(app)
  await put(app, putBody([rect(cid('box'), { width: 100, versionNonce: 7 })]))
  const reads = countReads(t, app)
  const identity = () => sceneContent.identity(ctx, { sceneId: SCENE }).drawn
  const first = identity()
  t.equal(identity(), first)
  t.same(reads, { text: 1, parsed: 0 }, 'the stored text read once, the elements never parsed')

  const patched = await call(t, app, 'PATCH', `/api/v1/scenes/${SCENE}/content`, { body: { elements: [rect(cid('box'), { width: 300, version: 2, versionNonce: 7 })] } })
  t.equal(patched.status, 200)
  reads.text = 0
  const edited = identity()
  t.not(edited, first, 'an edit under the same versionNonce: another identity')
  t.equal(reads.text, 1, 'read again after the write')

  const renamed = await call(t, app, 'PATCH', '/api/v1/scenes/scnEmpty001', { body: { name: 'Renamed' } })
  t.equal(renamed.status, 200)
  reads.text = 0
  t.equal(identity(), edited, 'a write elsewhere: the same identity')
  t.equal(reads.text, 1, 'read again all the same: any write drops what is kept')

  const reset = await app.inject({ method: 'POST', url: '/_emulator/reset' })
  t.equal(reset.statusCode, 200)
  t.equal(identity(), sceneIdentity(sceneContent.get(ctx, { sceneId: SCENE })).drawn, 'after a reset: the fixture\'s drawing again')
  t.not(identity(), edited)
})

/** The status and message an identity is refused with, or undefined when it is given. */
function refusal (read: () => unknown): { status: number, message: string } | undefined {
  try {
    read()
    return undefined
  } catch (error) {
    if (!(error instanceof EmulatorError)) throw error
    return { status: error.statusCode, message: error.message }
  }
}

t.test('a scene the caller cannot see has no identity to give', async (t) => {
  const app = await build(t)
  const other = contextFor(app, { ...harnessCaller('elsewhere'), seesPrivate: false })
  t.same(refusal(() => sceneContent.identity(other, { sceneId: SCENE })), { status: 404, message: 'Scene scnShapes01 not found' }, 'another workspace')
  const workspaceKey = contextFor(app, { ...harnessOf(app).caller, seesPrivate: false, keyId: KEYS.full })
  t.same(refusal(() => sceneContent.identity(workspaceKey, { sceneId: 'scnPrivate1' })), { status: 404, message: 'Scene scnPrivate1 not found' }, 'a private scene, to a workspace key')
})
