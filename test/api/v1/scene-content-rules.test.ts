// Content rules through the API: every 400 family, id rewriting, merge tie-breaks.
// The core's unit tests (test/services/) cover each rule's details; these pin what reaches the wire.
import type { FastifyInstance } from 'fastify'
import t, { type Test } from 'tap'
import { CANONICAL_ELEMENT_ID } from '../../../src/lib/ids.js'
import { KEYS, call, errorBody, sharedApp } from '../../helper.js'
import { arrow, base, cid, file, frame, image, line, putBody, rect, text } from '../../content/element-builders.js'

const fresh = sharedApp(t)

const CONTENT = '/api/v1/scenes/scnEmpty001/content'
const badRequest = (message: string) => errorBody(400, 'Bad Request', message)
const R = cid('rect')
const T = cid('text')
const A = cid('arrow')
const TYPES = 'rectangle, diamond, ellipse, text, line, arrow, freedraw, image, frame, magicframe, iframe, embeddable, stickynote'

/** Sends each case and asserts the exact 400; afterwards the scene, its metadata and the audit log are unchanged. */
async function refuses (t: Test, app: FastifyInstance, method: 'PUT' | 'PATCH', cases: Array<[string, unknown, string]>) {
  const content = (await call(t, app, 'GET', CONTENT)).body
  const metadata = (await call(t, app, 'GET', '/api/v1/scenes/scnEmpty001')).body
  const audit = app.stores.auditLog.listAll('wsMain00001').length
  for (const [name, body, message] of cases) {
    const res = await call(t, app, method, CONTENT, { body })
    t.same([res.status, res.body], [400, badRequest(message)], `${method}: ${name}`)
  }
  t.same((await call(t, app, 'GET', CONTENT)).body, content, `${method}: content unchanged`)
  t.same((await call(t, app, 'GET', '/api/v1/scenes/scnEmpty001')).body, metadata, `${method}: metadata unchanged`)
  t.equal(app.stores.auditLog.listAll('wsMain00001').length, audit, `${method}: nothing audited`)
}

t.test('PUT 400s: the body root and element records', async (t) => {
  const app = await fresh()
  const { type: _type, ...noType } = putBody([])
  await refuses(t, app, 'PUT', [
    ['no type', noType, "body must have required property 'type'"],
    ['another type', putBody([], { type: 'excalidraw/clipboard' }), 'body/type must be equal to one of the allowed values: "excalidraw"'],
    ['an unknown root key', putBody([], { scrollX: 0 }), "body must NOT have additional property 'scrollX'"],
    ['a string version', putBody([], { version: '2' }), 'body/version must be number'],
    ['elements not an array', putBody([], { elements: {} }), 'elements must be an array'],
    ['appState not an object', putBody([], { appState: 'dark' }), 'appState must be an object'],
    ['a locked selection that is not true', putBody([], { appState: { lockedMultiSelections: { g1: false } } }), 'appState.lockedMultiSelections.g1 must be true'],
    ['an element that is not an object', putBody([rect(R), 7]), 'Element at index 1: must be an object'],
    ['an element without id', putBody([{ ...rect(R), id: '' }]), 'Element at index 0: id must be a non-empty string'],
    ['duplicate ids', putBody([rect(R), rect(R)]), `Element ${R}: duplicate element id`],
    ['a partial record', putBody([{ id: R, x: 1 }]), `Element ${R}: no matching discriminator, type is missing (expected one of ${TYPES})`],
    ['an unknown type', putBody([base(R, 'circle')]), `Element ${R}: no matching discriminator for type "circle" (expected one of ${TYPES})`],
    ['no boundElements', putBody([{ ...rect(R), boundElements: undefined }]), `Element ${R}: boundElements is required (null is allowed)`],
    ['a stickynote without baseHeight', putBody([base(R, 'stickynote')]), `Element ${R}: baseHeight is required`],
    ['a bad binding mode', putBody([rect(R), arrow(A, { startBinding: { elementId: R, fixedPoint: [1, 0.5], mode: 'near' } })]), `Element ${A}: startBinding.mode must be one of "inside", "orbit", "skip"`],
    ['a file under another key', putBody([], { files: { 'file-1': file('file-2') } }), 'File file-1: id "file-2" must equal its key in files'],
    ['a file without created', putBody([], { files: { 'file-1': { ...file('file-1'), created: undefined } } }), "body/files/file-1 must have required property 'created'"]
  ])
})

t.test('PUT 400s: reference integrity', async (t) => {
  const app = await fresh()
  const boxed = (extra: Record<string, unknown> = {}) => rect(R, { boundElements: [{ id: T, type: 'text' }], ...extra })
  await refuses(t, app, 'PUT', [
    ['an image whose file is missing', putBody([image(cid('img'), 'file-1')]), 'Referenced file file-1 is missing from scene files'],
    ['a deleted image whose file is missing', putBody([image(cid('img'), 'file-1', { isDeleted: true })]), 'Referenced file file-1 is missing from scene files'],
    ['a dangling containerId', putBody([text(T, { containerId: R })]), `Element ${T}: containerId ${R} does not reference an existing element`],
    ['a container of the wrong type', putBody([frame(R, { boundElements: [{ id: T, type: 'text' }] }), text(T, { containerId: R })]), `Element ${T}: containerId ${R} references a frame, expected rectangle, diamond, ellipse or arrow`],
    ['a container that does not list its text', putBody([rect(R), text(T, { containerId: R })]), `Element ${T}: container ${R} does not list it in boundElements`],
    ['a dangling frameId', putBody([rect(R, { frameId: cid('frame') })]), `Element ${R}: frameId ${cid('frame')} does not reference an existing element`],
    ['a frameId on a rectangle', putBody([rect(R), rect(cid('r2'), { frameId: R })]), `Element ${cid('r2')}: frameId ${R} references a rectangle, expected frame or magicframe`],
    ['a dangling binding', putBody([arrow(A, { endBinding: { elementId: R, focus: 0, gap: 1 } })]), `Element ${A}: endBinding.elementId ${R} does not reference an existing element`],
    ['a binding to a line', putBody([line(R), arrow(A, { startBinding: { elementId: R, fixedPoint: [0, 0], mode: 'orbit' } })]), `Element ${A}: startBinding.elementId ${R} references a line, which arrows cannot bind to`],
    ['a binding to a text inside a container', putBody([boxed(), text(T, { containerId: R }), arrow(A, { startBinding: { elementId: T, fixedPoint: [0, 0], mode: 'orbit' } })]), `Element ${A}: startBinding.elementId ${T} references a text inside a container, which arrows cannot bind to`],
    ['a boundElements entry of the wrong type', putBody([boxed(), rect(T)]), `Element ${R}: boundElements entry ${T} is declared as text but is a rectangle`]
  ])
})

t.test('PATCH 400s', async (t) => {
  const app = await fresh()
  await call(t, app, 'PUT', CONTENT, { body: putBody([rect(R)]) })
  await refuses(t, app, 'PATCH', [
    ['an empty body', {}, 'Body must contain at least one of elements, appState, files'],
    ['only filesFailedToEmbed', { filesFailedToEmbed: [] }, 'Body must contain at least one of elements, appState, files'],
    ['a full GET envelope', { type: 'excalidraw', elements: [] }, "body must NOT have additional property 'type'"],
    ['grid keys in appState', { appState: { viewBackgroundColor: '#fff', gridSize: 20 } }, "body/appState must NOT have additional property 'gridSize'"],
    ['a locked selection that is not true', { appState: { lockedMultiSelections: { g1: false } } }, 'body/appState/lockedMultiSelections/g1 must be equal to one of the allowed values: true'],
    ['elements not an array', { elements: 'all' }, 'elements must be an array'],
    ['a partial record', { elements: [{ id: R, x: 5, version: 9 }] }, `Element ${R}: no matching discriminator, type is missing (expected one of ${TYPES})`],
    ['a text naming a stored container that does not list it', { elements: [text(T, { containerId: R })] }, `Element ${T}: container ${R} does not list it in boundElements`],
    ['an image whose file is neither stored nor sent', { elements: [image(cid('img'), 'file-9')] }, 'Referenced file file-9 is missing from scene files']
  ])
  const noBody = await call(t, app, 'PATCH', CONTENT)
  t.same([noBody.status, noBody.body], [400, badRequest('Body must contain at least one of elements, appState, files')], 'the body is optional, the rule is not')
  const linked = await call(t, app, 'PATCH', CONTENT, { body: { elements: [rect(R, { version: 2, boundElements: [{ id: T, type: 'text' }] }), text(T, { containerId: R })] } })
  t.equal(linked.status, 200, 'references are checked on the merged scene: the same text passes once its container lists it')
})

t.test('non-canonical ids are minted and references follow (PUT)', async (t) => {
  const app = await fresh()
  const body = putBody([
    frame('frame-1'),
    rect('box-1', { frameId: 'frame-1', groupIds: ['box-1'], boundElements: [{ id: 'label-1', type: 'text' }, { id: '42', type: 'arrow' }] }),
    text('label-1', { containerId: 'box-1', frameId: 'frame-1' }),
    { ...arrow('x'), id: 42, startBinding: { elementId: 'box-1', fixedPoint: [1, 0.5], mode: 'orbit' }, endBinding: { elementId: R, focus: 0, gap: 1 } },
    rect(R, { boundElements: [{ id: '42', type: 'arrow' }] })
  ])
  const res = await call(t, app, 'PUT', CONTENT, { body })
  t.equal(res.status, 200)
  const [fid, bid, lid, aid] = res.body.elements.map((e: { id: string }) => e.id)
  for (const id of [fid, bid, lid, aid]) t.match(id, CANONICAL_ELEMENT_ID, `${id} is canonical`)
  t.equal(new Set([fid, bid, lid, aid, R]).size, 5, 'minted ids are distinct')
  t.same(res.body.elements, [
    frame(fid),
    rect(bid, { frameId: fid, groupIds: ['box-1'], boundElements: [{ id: lid, type: 'text' }, { id: aid, type: 'arrow' }] }),
    text(lid, { containerId: bid, frameId: fid }),
    arrow(aid, { startBinding: { elementId: bid, fixedPoint: [1, 0.5], mode: 'orbit' }, endBinding: { elementId: R, focus: 0, gap: 1 } }),
    rect(R, { boundElements: [{ id: aid, type: 'arrow' }] })
  ], 'containerId, frameId, bindings and boundElements follow; groupIds and canonical ids do not change')
  t.same((await call(t, app, 'GET', CONTENT)).body.elements, res.body.elements, 'the canonical ids are what is stored')
  const invalid = await call(t, app, 'PUT', CONTENT, { body: putBody([rect('box-1'), text('label-1', { containerId: 'box-1' })]) })
  t.same(invalid.body, badRequest('Element label-1: container box-1 does not list it in boundElements'), '400s name the ids the client sent')
})

t.test('PATCH merge: version, then the lower versionNonce, then the submitted element', async (t) => {
  const app = await fresh()
  const stored = (name: string, x = 0) => rect(cid(name), { version: 2, versionNonce: 50, x })
  await call(t, app, 'PUT', CONTENT, { body: putBody(['a', 'b', 'c', 'd', 'e', 'g'].map((n) => stored(n))) })
  const sent = (name: string, version: number, versionNonce: number, x: number) => rect(cid(name), { version, versionNonce, x })
  const res = await call(t, app, 'PATCH', CONTENT, {
    key: KEYS.admin,
    body: {
      elements: [
        sent('a', 3, 99, 1), // higher version wins
        sent('b', 1, 1, 2), // lower version loses
        sent('c', 2, 10, 3), // equal version, lower nonce wins
        sent('d', 2, 90, 4), // equal version, higher nonce loses
        sent('e', 2, 50, 5), // full tie: the submitted element is kept
        rect('new-one', { x: 6 }), // not canonical: inserted with a minted id
        sent('f', 1, 1, 7) // unknown canonical id: appended
      ]
    }
  })
  t.equal(res.status, 200)
  const minted = res.body.elements[6].id
  t.match(minted, CANONICAL_ELEMENT_ID)
  t.not(minted, 'new-one')
  t.same(res.body.elements, [
    sent('a', 3, 99, 1), stored('b'), sent('c', 2, 10, 3), stored('d'), sent('e', 2, 50, 5), stored('g'),
    rect(minted, { x: 6 }), sent('f', 1, 1, 7)
  ], 'winners replace in place, elements not sent are kept, new ones are appended in the order sent')

  const tomb = await call(t, app, 'PATCH', CONTENT, { body: { elements: [rect(cid('a'), { version: 4, versionNonce: 1, x: 1, isDeleted: true })] } })
  t.same(tomb.body.elements[0], rect(cid('a'), { version: 4, versionNonce: 1, x: 1, isDeleted: true }), 'isDeleted: true is a winning edit')
  t.equal(tomb.body.elements.length, 8, 'the tombstone stays in the scene')
  const metadata = (await call(t, app, 'GET', '/api/v1/scenes/scnEmpty001')).body.metadata
  t.match(metadata, { totalElements: 8, deletedElements: 1, contentEpoch: 1, updateCount: 3, sceneVersion: tomb.body.sceneVersion })
})
