// PUT replace, PATCH merge, id rewriting, sceneVersion and stats of scene content.
import t from 'tap'
import { DEFAULT_COMPAT } from '../../src/config/compat.js'
import { CANONICAL_ELEMENT_ID, createIdFactory } from '../../src/lib/ids.js'
import {
  computeSceneVersion, contentStats, emptyContent, mergeContent, replaceContent, validateStoredContent,
  type StoredContent
} from '../../src/content/index.js'
import { arrow, base, cid, file, frame, image, putBody, rect, rejects400, text } from './element-builders.js'

const ids = () => createIdFactory(7)
const R = cid('rect')
const T = cid('text')

/** Stored content holding `elements` (canonical ids, valid references). */
function stored (elements: unknown[], extra: Record<string, unknown> = {}): StoredContent {
  return replaceContent(putBody(elements, extra), ids(), DEFAULT_COMPAT)
}

t.test('emptyContent is a fresh new-scene document', async (t) => {
  const empty = emptyContent()
  t.same(empty, {
    type: 'excalidraw',
    version: 2,
    source: 'https://plus.excalidraw.com',
    appState: { viewBackgroundColor: '#ffffff', lockedMultiSelections: {} },
    elements: [],
    files: {}
  })
  empty.elements.push(rect(R))
  t.same(emptyContent().elements, [], 'each call returns new objects')
  t.doesNotThrow(() => validateStoredContent(emptyContent()))
})

t.test('PUT replaces everything and stores canonical content', async (t) => {
  const before = stored([rect(R), rect(cid('old'))])
  const after = replaceContent(putBody([rect(R, { x: 5 })], { source: 'cli', sceneVersion: 'ignored', filesFailedToEmbed: ['x'] }), ids(), DEFAULT_COMPAT)
  t.same(after.elements, [rect(R, { x: 5 })], 'elements not sent are gone')
  t.equal(after.source, 'cli')
  t.notOk('sceneVersion' in after, 'a sent sceneVersion is ignored')
  t.notOk('filesFailedToEmbed' in after)
  t.equal(before.elements.length, 2, 'the previous content object is untouched')
  t.doesNotThrow(() => validateStoredContent(after))
})

t.test('PUT appState: any other key is dropped under either unknownFields value; the two stored keys are kept', async (t) => {
  const grid = { viewBackgroundColor: '#123456', gridSize: 20, gridStep: 5, gridModeEnabled: false, zoom: { value: 1 } }
  t.same(stored([], { appState: grid }).appState, { viewBackgroundColor: '#123456', lockedMultiSelections: {} }, 'reject (default)')
  const strip = { ...DEFAULT_COMPAT, unknownFields: 'strip' as const }
  t.same(replaceContent(putBody([], { appState: grid }), ids(), strip).appState, { viewBackgroundColor: '#123456', lockedMultiSelections: {} }, 'strip')
  t.same(stored([], { appState: {} }).appState, { viewBackgroundColor: '#ffffff', lockedMultiSelections: {} })
  t.same(stored([], { appState: { viewBackgroundColor: '#fff', lockedMultiSelections: { g1: true } } }).appState,
    { viewBackgroundColor: '#fff', lockedMultiSelections: { g1: true } })
  rejects400(t, () => stored([], { appState: { ...grid, viewBackgroundColor: 7 } }), 'appState.viewBackgroundColor must be a string')
  rejects400(t, () => stored([], { appState: { gridSize: 20, lockedMultiSelections: { g1: false } } }),
    'appState.lockedMultiSelections.g1 must be true')
})

t.test('non-canonical ids are minted and every reference follows', async (t) => {
  const body = putBody([
    frame('frame-1'),
    rect('box-1', { frameId: 'frame-1', groupIds: ['box-1'], boundElements: [{ id: 'label-1', type: 'text' }, { id: '12345', type: 'arrow' }] }),
    text('label-1', { containerId: 'box-1', frameId: 'frame-1' }),
    { ...arrow('x'), id: 12345, startBinding: { elementId: 'box-1', fixedPoint: [1, 0.5], mode: 'orbit' }, endBinding: { elementId: R, focus: 0, gap: 1 } },
    rect(R, { boundElements: [{ id: '12345', type: 'arrow' }] })
  ])
  const result = replaceContent(body, ids(), DEFAULT_COMPAT)
  const [frameEl, box, label, arrowEl, kept] = result.elements
  const minted = ids()
  t.same([frameEl.id, box.id, label.id, arrowEl.id], [minted.elementId(), minted.elementId(), minted.elementId(), minted.elementId()],
    'ids come from the factory, in element order')
  for (const element of result.elements) t.match(element.id, CANONICAL_ELEMENT_ID)
  t.equal(kept.id, R, 'a canonical id is kept')
  t.equal(box.frameId, frameEl.id)
  t.equal(label.frameId, frameEl.id)
  t.equal(label.containerId, box.id)
  t.same(box.boundElements, [{ id: label.id, type: 'text' }, { id: arrowEl.id, type: 'arrow' }])
  t.same(box.groupIds, ['box-1'], 'groupIds are not element ids')
  t.same(arrowEl.startBinding, { elementId: box.id, fixedPoint: [1, 0.5], mode: 'orbit' })
  t.same(arrowEl.endBinding, { elementId: R, focus: 0, gap: 1 })
  t.same(kept.boundElements, [{ id: arrowEl.id, type: 'arrow' }])
  t.equal((body.elements as Array<{ id: unknown }>)[1].id, 'box-1', 'the request body is not mutated')
  t.doesNotThrow(() => validateStoredContent(result), 'the result is canonical')
})

t.test('PATCH needs one of elements, appState, files', async (t) => {
  const current = stored([rect(R)])
  const message = 'Body must contain at least one of elements, appState, files'
  rejects400(t, () => mergeContent(current, {}, ids(), DEFAULT_COMPAT), message)
  rejects400(t, () => mergeContent(current, { filesFailedToEmbed: [] }, ids(), DEFAULT_COMPAT), message)
  rejects400(t, () => mergeContent(current, { sceneVersion: '1' } as never, ids(), DEFAULT_COMPAT), 'body has unrecognized key(s): sceneVersion')
  t.same(mergeContent(current, { elements: [] }, ids(), DEFAULT_COMPAT), current, 'an empty elements list is a valid no-op')
})

t.test('PATCH appState is closed and shallow-merged', async (t) => {
  const current = stored([], { appState: { viewBackgroundColor: '#fff', lockedMultiSelections: { g1: true } } })
  rejects400(t, () => mergeContent(current, { appState: { viewBackgroundColor: '#000', gridSize: 20 } } as never, ids(), DEFAULT_COMPAT),
    'appState has unrecognized key(s): gridSize')
  rejects400(t, () => mergeContent(current, { appState: { lockedMultiSelections: { g: 1 } } } as never, ids(), DEFAULT_COMPAT),
    'appState.lockedMultiSelections.g must be a boolean')
  t.same(mergeContent(current, { appState: { viewBackgroundColor: '#000' } }, ids(), DEFAULT_COMPAT).appState,
    { viewBackgroundColor: '#000', lockedMultiSelections: { g1: true } })
  t.same(mergeContent(current, { appState: { lockedMultiSelections: { g2: true } } }, ids(), DEFAULT_COMPAT).appState,
    { viewBackgroundColor: '#fff', lockedMultiSelections: { g2: true } }, 'a sent key replaces the stored one whole')
})

t.test('PATCH element merge tie-breaks', async (t) => {
  const current = stored([rect(R, { version: 5, versionNonce: 100, x: 0 }), rect(cid('other'))])
  const patch = (extra: Record<string, unknown>) =>
    mergeContent(current, { elements: [rect(R, { x: 42, ...extra })] }, ids(), DEFAULT_COMPAT).elements[0].x
  t.equal(patch({ version: 6, versionNonce: 999 }), 42, 'higher version wins')
  t.equal(patch({ version: 4, versionNonce: 1 }), 0, 'lower version loses')
  t.equal(patch({ version: 5, versionNonce: 99 }), 42, 'equal version: the lower versionNonce wins')
  t.equal(patch({ version: 5, versionNonce: 101 }), 0, 'equal version: a higher versionNonce loses')
  t.equal(patch({ version: 5, versionNonce: 100 }), 42, 'full tie: the submitted element wins')
  const merged = mergeContent(current, { elements: [rect(cid('new'))] }, ids(), DEFAULT_COMPAT)
  t.same(merged.elements.map((e) => e.id), [R, cid('other'), cid('new')], 'elements not sent are kept; new ones appended')
})

t.test('PATCH tombstones and provisional ids', async (t) => {
  const current = stored([rect(R, { version: 2 })])
  const deleted = mergeContent(current, { elements: [rect(R, { version: 3, versionNonce: 7, isDeleted: true })] }, ids(), DEFAULT_COMPAT)
  t.equal(deleted.elements.length, 1, 'a deleted element stays as a tombstone')
  t.equal(deleted.elements[0].isDeleted, true)
  t.same(contentStats(deleted), { totalElements: 1, deletedElements: 1, hasNonDeletedFrames: false })

  const inserted = mergeContent(current, { elements: [rect('seed-rect', { version: 99 })] }, ids(), DEFAULT_COMPAT)
  t.equal(inserted.elements.length, 2, 'a non-canonical id is inserted, never an update')
  t.equal(inserted.elements[0].version, 2)
  t.match(inserted.elements[1].id, CANONICAL_ELEMENT_ID)
  t.not(inserted.elements[1].id, R)
})

t.test('PATCH files are added or replaced by id; references are checked on the merged scene', async (t) => {
  const current = stored([image(cid('img'), 'f1')], { files: { f1: file('f1', 'data:old') } })
  const merged = mergeContent(current, { files: { f1: file('f1', 'data:new'), f2: file('f2') } }, ids(), DEFAULT_COMPAT)
  t.same(merged.files, { f1: file('f1', 'data:new'), f2: file('f2') })
  t.same(current.files, { f1: file('f1', 'data:old') }, 'the current content is untouched')
  t.doesNotThrow(() => mergeContent(current, { elements: [image(cid('img2'), 'f1')] }, ids(), DEFAULT_COMPAT), 'stored files count')
  rejects400(t, () => mergeContent(current, { elements: [image(cid('img2'), 'f9')] }, ids(), DEFAULT_COMPAT),
    'Referenced file f9 is missing from scene files')
  rejects400(t, () => mergeContent(stored([rect(R)]), { elements: [text('label-1', { containerId: R })] }, ids(), DEFAULT_COMPAT),
    `Element label-1: container ${R} does not list it in boundElements`)
  const both = mergeContent(stored([rect(R)]), {
    elements: [rect(R, { version: 2, boundElements: [{ id: 'label-1', type: 'text' }] }), text('label-1', { containerId: R })]
  }, ids(), DEFAULT_COMPAT)
  t.equal(both.elements[1].containerId, R)
  t.same(both.elements[0].boundElements, [{ id: both.elements[1].id, type: 'text' }])
})

t.test('sceneVersion follows versionNonces and appState, not geometry or version', async (t) => {
  const content = stored([rect(R, { versionNonce: 11 }), text(T, { versionNonce: 22 })])
  const version = computeSceneVersion(content)
  t.match(version, /^\d+$/, 'an unsigned decimal string')
  t.equal(computeSceneVersion(structuredClone(content)), version, 'deterministic')
  const edit = (i: number, extra: Record<string, unknown>): StoredContent => ({
    ...content, elements: content.elements.map((e, j) => j === i ? { ...e, ...extra } : e)
  })
  t.equal(computeSceneVersion(edit(0, { x: 500, y: -3, width: 1, height: 2, angle: 1 })), version, 'geometry only')
  t.equal(computeSceneVersion(edit(1, { version: 40 })), version, 'version only')
  t.not(computeSceneVersion(edit(0, { versionNonce: 12 })), version, 'versionNonce')
  t.not(computeSceneVersion({ ...content, appState: { ...content.appState, viewBackgroundColor: '#000' } }), version, 'background')
  t.not(computeSceneVersion({ ...content, appState: { ...content.appState, lockedMultiSelections: { g: true } } }), version, 'locks')
  t.not(computeSceneVersion({ ...content, elements: [...content.elements].reverse() }), version, 'order')
  t.not(computeSceneVersion({ ...content, elements: content.elements.slice(1) }), version, 'count')
  t.not(computeSceneVersion({ ...content, elements: [...content.elements, rect(cid('z'), { versionNonce: 0 })] }), version, 'append')
})

t.test('contentStats counts tombstones and live frames', async (t) => {
  t.same(contentStats(emptyContent()), { totalElements: 0, deletedElements: 0, hasNonDeletedFrames: false })
  t.same(contentStats(stored([rect(R), frame(cid('f'), { isDeleted: true }), rect(cid('x'), { isDeleted: true })])),
    { totalElements: 3, deletedElements: 2, hasNonDeletedFrames: false })
  t.same(contentStats(stored([base(cid('m'), 'magicframe', { name: null })])),
    { totalElements: 1, deletedElements: 0, hasNonDeletedFrames: true })
})

t.test('validateStoredContent checks fixture content', async (t) => {
  const good = stored([rect(R)])
  rejects400(t, () => validateStoredContent({ ...good, elements: [rect('rect-1')] }),
    'Element rect-1: id is not canonical (expected 21 characters of [A-Za-z0-9_-])')
  rejects400(t, () => validateStoredContent({ ...good, elements: [rect(R), rect(R)] }), `Element ${R}: duplicate element id`)
  rejects400(t, () => validateStoredContent({ ...good, elements: [text(T, { containerId: R })] }),
    `Element ${T}: containerId ${R} does not reference an existing element`)
  rejects400(t, () => validateStoredContent({ ...good, sceneVersion: '1' } as never), 'content has unrecognized key(s): sceneVersion')
  rejects400(t, () => validateStoredContent({ ...good, appState: { viewBackgroundColor: '#fff', gridSize: 5 } } as never),
    'appState has unrecognized key(s): gridSize')
})

t.test('a 10,000-element PUT and PATCH', async (t) => {
  const elements: unknown[] = []
  for (let i = 0; i < 2500; i++) {
    elements.push(rect(`box-${i}`, { versionNonce: i, boundElements: [{ id: `label-${i}`, type: 'text' }, { id: `arrow-${i}`, type: 'arrow' }] }))
    elements.push(text(`label-${i}`, { containerId: `box-${i}` }))
    elements.push(arrow(`arrow-${i}`, { startBinding: { elementId: `box-${i}`, fixedPoint: [1, 0.5], mode: 'orbit' } }))
    elements.push(image(`image-${i}`, 'shared'))
  }
  let started = performance.now()
  const result = replaceContent(putBody(elements, { files: { shared: file('shared') } }), createIdFactory(3), DEFAULT_COMPAT)
  const putMs = performance.now() - started
  t.equal(result.elements.length, 10_000)
  t.ok(result.elements.every((e) => CANONICAL_ELEMENT_ID.test(e.id)))
  started = performance.now()
  const patched = mergeContent(result, { elements: result.elements.map((e) => ({ ...e, version: e.version + 1 })) }, createIdFactory(4), DEFAULT_COMPAT)
  const patchMs = performance.now() - started
  t.equal(patched.elements.length, 10_000)
  t.same(contentStats(patched), { totalElements: 10_000, deletedElements: 0, hasNonDeletedFrames: false })
  t.comment(`10,000 elements: PUT ${putMs.toFixed(0)} ms, PATCH ${patchMs.toFixed(0)} ms`)
})
