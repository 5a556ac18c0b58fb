// Every 400 of scene-content validation, with its exact message.
import t from 'tap'
import { DEFAULT_COMPAT } from '../../src/config/compat.js'
import { createIdFactory } from '../../src/lib/ids.js'
import { replaceContent } from '../../src/content/index.js'
import { arrow, base, cid, file, frame, freedraw, image, line, putBody, rect, rejects400, text } from './element-builders.js'

const ids = () => createIdFactory(1)
const put = (elements: unknown[], extra: Record<string, unknown> = {}) => () => replaceContent(putBody(elements, extra), ids(), DEFAULT_COMPAT)
const TYPES = 'rectangle, diamond, ellipse, text, line, arrow, freedraw, image, frame, magicframe, iframe, embeddable, stickynote'
const R = cid('rect')
const T = cid('text')
const A = cid('arrow')
const F = cid('frame')

t.test('request roots', async (t) => {
  rejects400(t, put([], { type: 'other' }), 'type must be "excalidraw"')
  rejects400(t, put([], { sceneVersion: 15 }), 'sceneVersion must be a string')
  rejects400(t, put([], { gridSize: 20 }), 'body has unrecognized key(s): gridSize')
  rejects400(t, () => replaceContent({ type: 'excalidraw', version: 2, source: 's', appState: {}, files: {} } as never, ids(), DEFAULT_COMPAT),
    'elements is required')
  rejects400(t, put([], { elements: {} }), 'elements must be an array')
  rejects400(t, put([], { appState: null }), 'appState must be an object')
  rejects400(t, put([], { appState: { viewBackgroundColor: 1 } }), 'appState.viewBackgroundColor must be a string')
  rejects400(t, put([], { appState: { viewBackgroundColor: '#fff', lockedMultiSelections: { g: false } } }),
    'appState.lockedMultiSelections.g must be true')
})

t.test('element records must be complete and discriminated by type', async (t) => {
  rejects400(t, put([42]), 'Element at index 0: must be an object')
  rejects400(t, put([{ type: 'rectangle' }]), 'Element at index 0: id must be a non-empty string')
  rejects400(t, put([rect(R), rect(R)]), `Element ${R}: duplicate element id`)
  rejects400(t, put([{ id: 'seed-rect', x: 999 }]),
    `Element seed-rect: no matching discriminator, type is missing (expected one of ${TYPES})`)
  rejects400(t, put([base(R, 'selection')]), `Element ${R}: no matching discriminator for type "selection" (expected one of ${TYPES})`)
  const { boundElements: _b, ...noBound } = rect(R)
  rejects400(t, put([noBound]), `Element ${R}: boundElements is required (null is allowed)`)
  const { x: _x, ...noX } = rect(R)
  rejects400(t, put([noX]), `Element ${R}: x is required`)
  rejects400(t, put([base(R, 'stickynote')]), `Element ${R}: baseHeight is required`)
  rejects400(t, put([text(T, { fontSize: '20' })]), `Element ${T}: fontSize must be a finite number`)
  rejects400(t, put([rect(R, { y: Infinity })]), `Element ${R}: y must be a finite number`)
  rejects400(t, put([rect(R, { version: 1.5 })]), `Element ${R}: version must be an integer`)
  rejects400(t, put([rect(R, { fillStyle: 'dots' })]),
    `Element ${R}: fillStyle must be one of "hachure", "cross-hatch", "solid", "zigzag"`)
  rejects400(t, put([rect(R, { frameId: 5 })]), `Element ${R}: frameId must be a string or null`)
  rejects400(t, put([rect(R, { roundness: { type: 7 } })]), `Element ${R}: roundness.type must be one of 1, 2, 3`)
  rejects400(t, put([rect(R, { boundElements: [{ id: A, type: 'line' }] })]),
    `Element ${R}: boundElements[0].type must be one of "arrow", "text"`)
  rejects400(t, put([arrow(A, { points: [[0, 0], [1]] })]), `Element ${A}: points[1] must not have fewer than 2 items`)
  rejects400(t, put([line(cid('line'), { points: [[0, 0], [1, 'y']] })]), `Element ${cid('line')}: points[1][1] must be a finite number`)
  rejects400(t, put([image(cid('img'), null, { scale: 1 })]), `Element ${cid('img')}: scale must be an array`)
  rejects400(t, put([arrow(A, { points: [[0, 0, 0]] })]), `Element ${A}: points[0][2] is not allowed`)
  rejects400(t, put([rect(R, { opacity: -1 })]), `Element ${R}: opacity must be >= 0`)
  rejects400(t, put([rect(R, { customData: 'notes' })]), `Element ${R}: customData must be an object or null`)
})

t.test('arrow bindings accept the new and the legacy format, nothing else', async (t) => {
  const target = rect(R, { boundElements: [{ id: A, type: 'arrow' }] })
  const fresh = { elementId: R, fixedPoint: [1, 0.5], mode: 'orbit' }
  const legacy = { elementId: R, focus: 0.1, gap: 4 }
  const stored = replaceContent(putBody([target, arrow(A, { startBinding: fresh, endBinding: legacy })]), ids(), DEFAULT_COMPAT)
  t.same(stored.elements[1].startBinding, fresh)
  t.same(stored.elements[1].endBinding, legacy)
  rejects400(t, put([target, arrow(A, { startBinding: { ...fresh, mode: 'glue' } })]),
    `Element ${A}: startBinding.mode must be one of "inside", "orbit", "skip"`)
  rejects400(t, put([target, arrow(A, { endBinding: 'rect' })]), `Element ${A}: endBinding must be an object or null`)
  rejects400(t, put([target, arrow(A, { startBinding: { elementId: R } })]), `Element ${A}: startBinding.fixedPoint is required`)
})

t.test('file records', async (t) => {
  const withFile = (files: Record<string, unknown>) => put([], { files })
  rejects400(t, withFile({ f1: { ...file('f1'), name: 'x.png' } }), 'File f1: file record has unrecognized key(s): name')
  rejects400(t, withFile({ 'a.b': file('a.b') }), 'File a.b: id must match pattern "^[A-Za-z0-9_-]{1,128}$"')
  rejects400(t, withFile({ f1: { ...file('f1'), created: 0 } }), 'File f1: created must be > 0')
  rejects400(t, withFile({ f1: { ...file('f1'), created: 1.5 } }), 'File f1: created must be an integer')
  const { created: _c, ...noCreated } = file('f1')
  rejects400(t, withFile({ f1: noCreated }), 'File f1: created is required')
  rejects400(t, withFile({ f1: file('f1', 'x'.repeat(20_971_521)) }), 'File f1: dataURL must not have more than 20971520 characters')
  t.doesNotThrow(withFile({ f1: file('f1', 'x'.repeat(20_971_520)) }), 'a dataURL of exactly the limit is fine')
  rejects400(t, withFile({ f1: file('f2') }), 'File f1: id "f2" must equal its key in files')
})

t.test('reference integrity', async (t) => {
  const img = cid('img')
  rejects400(t, put([image(img, 'missing-file')]), 'Referenced file missing-file is missing from scene files')
  rejects400(t, put([image(img, 'gone', { isDeleted: true })]), 'Referenced file gone is missing from scene files')
  t.doesNotThrow(put([image(img, 'f1')], { files: { f1: file('f1') } }))
  t.doesNotThrow(put([image(img, null, { status: 'pending' })]), 'an image without a file yet')

  rejects400(t, put([text(T, { containerId: 'nope' })]), `Element ${T}: containerId nope does not reference an existing element`)
  rejects400(t, put([frame(F), text(T, { containerId: F })]),
    `Element ${T}: containerId ${F} references a frame, expected rectangle, diamond, ellipse or arrow`)
  rejects400(t, put([rect(R), text(T, { containerId: R })]), `Element ${T}: container ${R} does not list it in boundElements`)
  t.doesNotThrow(put([rect(R), text(T, { containerId: R, isDeleted: true })]), 'a deleted label need not be listed')
  t.doesNotThrow(put([arrow(A, { boundElements: [{ id: T, type: 'text' }] }), text(T, { containerId: A })]), 'arrow labels')

  rejects400(t, put([rect(R, { frameId: F })]), `Element ${R}: frameId ${F} does not reference an existing element`)
  rejects400(t, put([rect(F), rect(R, { frameId: F })]), `Element ${R}: frameId ${F} references a rectangle, expected frame or magicframe`)
  t.doesNotThrow(put([base(F, 'magicframe', { name: 'AI' }), rect(R, { frameId: F })]))

  const bind = { elementId: R, fixedPoint: [0, 0.5], mode: 'inside' }
  rejects400(t, put([arrow(A, { endBinding: bind })]), `Element ${A}: endBinding.elementId ${R} does not reference an existing element`)
  rejects400(t, put([line(R), arrow(A, { startBinding: bind })]),
    `Element ${A}: startBinding.elementId ${R} references a line, which arrows cannot bind to`)
  const label = text(R, { containerId: cid('box') })
  const box = rect(cid('box'), { boundElements: [{ id: R, type: 'text' }] })
  rejects400(t, put([box, label, arrow(A, { startBinding: bind })]),
    `Element ${A}: startBinding.elementId ${R} references a text inside a container, which arrows cannot bind to`)
  t.doesNotThrow(put([text(R), arrow(A, { startBinding: bind })]), 'a free text is bindable, and need not list the arrow')

  // danglingBoundElements: allow (the default) keeps an entry naming no element; reject refuses it
  t.doesNotThrow(put([rect(R, { boundElements: [{ id: A, type: 'arrow' }] })]), 'a dangling entry is kept by default')
  rejects400(t, () => replaceContent(putBody([rect(R, { boundElements: [{ id: A, type: 'arrow' }] })]), ids(), { ...DEFAULT_COMPAT, danglingBoundElements: 'reject' }),
    `Element ${R}: boundElements entry ${A} does not reference an existing element`)
  rejects400(t, put([rect(R, { boundElements: [{ id: A, type: 'text' }] }), arrow(A)]),
    `Element ${R}: boundElements entry ${A} is declared as text but is an arrow`)
})

t.test('messages name the id the client sent, even when it is rewritten', async (t) => {
  const { boundElements: _b, ...partial } = rect('rect-1')
  rejects400(t, put([partial]), 'Element rect-1: boundElements is required (null is allowed)')
  rejects400(t, put([rect('box-1'), text('label-1', { containerId: 'box-1' })]), 'Element label-1: container box-1 does not list it in boundElements')
  rejects400(t, put([{ ...rect('n'), id: 12345, fillStyle: 'x' }]),
    'Element 12345: fillStyle must be one of "hachure", "cross-hatch", "solid", "zigzag"')
})

t.test('open records: unknown fields round-trip, freedraw strokeOptions is stripped', async (t) => {
  const extras = { created: 1789000000000, customData: { presenterNotes: 'hi' }, futureField: [1, { a: 2 }] }
  const label = text(T, { baseFontSize: 20, labelPosition: 'center', customData: null })
  const stored = replaceContent(putBody([rect(R, extras), label, freedraw(cid('pen'), { strokeOptions: { size: 4 } })]), ids(), DEFAULT_COMPAT)
  t.same(stored.elements[0], rect(R, extras))
  t.same(stored.elements[1], label)
  t.notOk('strokeOptions' in stored.elements[2], 'strokeOptions is dropped')
  t.same(stored.elements[2], freedraw(cid('pen')))
})
