// The content rules behind the compatibility switches: elementChecks (basic/strict) and danglingBoundElements
// (allow/reject), on PUT and PATCH, plus the fractional-index helper strict mode uses.
import t from 'tap'
import { DEFAULT_COMPAT } from '../../src/config/compat.js'
import { createIdFactory } from '../../src/lib/ids.js'
import { mergeContent, replaceContent } from '../../src/content/index.js'
import { isValidIndex, keyBetween, repairIndices } from '../../src/content/fractional-index.js'
import { arrow, cid, line, putBody, rect, rejects400, text } from './element-builders.js'

const STRICT = { ...DEFAULT_COMPAT, elementChecks: 'strict' as const }
const REJECT_DANGLING = { ...DEFAULT_COMPAT, danglingBoundElements: 'reject' as const }
const ids = () => createIdFactory(3)
const R = cid('rect')
const A = cid('arrow')
const T = cid('text')

t.test('arrowheads: any string under basic; the open-source names (and null) under strict', async (t) => {
  const odd = [arrow(A, { endArrowhead: 'harpoon' })]
  t.doesNotThrow(() => replaceContent(putBody(odd), ids(), DEFAULT_COMPAT))
  rejects400(t, () => replaceContent(putBody(odd), ids(), STRICT),
    `Element ${A}: endArrowhead "harpoon" is not an arrowhead (expected null or one of arrow, bar, circle, circle_outline, triangle, triangle_outline, diamond, diamond_outline, cardinality_one, cardinality_many, cardinality_one_or_many, cardinality_exactly_one, cardinality_zero_or_one, cardinality_zero_or_many, dot, crowfoot_one, crowfoot_many, crowfoot_one_or_many)`)
  rejects400(t, () => replaceContent(putBody([line(A, { startArrowhead: 'nope' })]), ids(), STRICT),
    `Element ${A}: startArrowhead "nope" is not an arrowhead (expected null or one of arrow, bar, circle, circle_outline, triangle, triangle_outline, diamond, diamond_outline, cardinality_one, cardinality_many, cardinality_one_or_many, cardinality_exactly_one, cardinality_zero_or_one, cardinality_zero_or_many, dot, crowfoot_one, crowfoot_many, crowfoot_one_or_many)`)
  for (const head of ['triangle_outline', 'cardinality_zero_or_many', 'dot', null]) {
    t.doesNotThrow(() => replaceContent(putBody([arrow(A, { startArrowhead: head, index: 'a0' })]), ids(), STRICT), String(head))
  }
})

t.test('arrow bindings: the target must list the arrow back under strict, as a container lists its text', async (t) => {
  const bind = { elementId: R, fixedPoint: [1, 0.5], mode: 'inside' }
  const oneSided = [rect(R, { index: 'a0' }), arrow(A, { endBinding: bind, index: 'a1' })]
  t.doesNotThrow(() => replaceContent(putBody(oneSided), ids(), DEFAULT_COMPAT), 'basic: stale lists are fine')
  rejects400(t, () => replaceContent(putBody(oneSided), ids(), STRICT), `Element ${A}: endBinding target ${R} does not list it in boundElements`)
  const linked = [rect(R, { index: 'a0', boundElements: [{ id: A, type: 'arrow' }] }), arrow(A, { endBinding: bind, index: 'a1' })]
  t.doesNotThrow(() => replaceContent(putBody(linked), ids(), STRICT))
  const deleted = [rect(R, { index: 'a0', isDeleted: true }), arrow(A, { endBinding: bind, index: 'a1' })]
  t.doesNotThrow(() => replaceContent(putBody(deleted), ids(), STRICT), 'a deleted target need not list the arrow')
})

t.test('fractional index: kept as sent under basic, rewritten when out of order under strict', async (t) => {
  const elements = [rect(cid('a'), { index: 'a1' }), rect(cid('b'), { index: 'a0' }), rect(cid('c'), { index: 'a2' }), rect(cid('d'), { index: null })]
  t.same(replaceContent(putBody(elements), ids(), DEFAULT_COMPAT).elements.map((e) => e.index), ['a1', 'a0', 'a2', null])
  const strict = replaceContent(putBody(elements), ids(), STRICT).elements
  t.same(strict.map((e) => e.index), ['a1', 'a1V', 'a2', null], 'a0, below the index before it, gets one between a1 and a2 (as the editor repairs); null stays null')
  t.same(strict.map((e) => e.id), elements.map((e) => e.id), 'paint order (the array) never changes')

  const current = replaceContent(putBody([rect(cid('a'), { index: 'a0' }), rect(cid('b'), { index: 'a1' })]), ids(), STRICT)
  const merged = mergeContent(current, { elements: [rect(cid('c'), { index: 'a0' })] }, ids(), STRICT)
  t.same(merged.elements.map((e) => e.index), ['a0', 'a1', 'a2'], 'PATCH: a new element appended with a stale index is moved above')
  const basic = mergeContent(current, { elements: [rect(cid('c'), { index: 'a0' })] }, ids(), DEFAULT_COMPAT)
  t.same(basic.elements.map((e) => e.index), ['a0', 'a1', 'a0'])
})

t.test('danglingBoundElements: allow keeps the entry; reject answers 400, on PUT and on the merged PATCH result', async (t) => {
  const dangling = [rect(R, { boundElements: [{ id: 'label-a', type: 'text' }] })]
  const kept = replaceContent(putBody(dangling), ids(), DEFAULT_COMPAT)
  t.same(kept.elements[0].boundElements, [{ id: 'label-a', type: 'text' }], 'stored as sent')
  rejects400(t, () => replaceContent(putBody(dangling), ids(), REJECT_DANGLING), `Element ${R}: boundElements entry label-a does not reference an existing element`)
  const current = replaceContent(putBody([rect(R, { boundElements: [{ id: T, type: 'text' }] }), text(T, { containerId: R })]), ids(), DEFAULT_COMPAT)
  const tombstone = { ...current.elements[1], isDeleted: true, version: 2 }
  t.doesNotThrow(() => mergeContent(current, { elements: [tombstone] }, ids(), REJECT_DANGLING), 'a tombstone still exists')
  const O = cid('other')
  const withGone = { elements: [rect(O, { boundElements: [{ id: 'gone', type: 'text' }] })] }
  t.same(mergeContent(current, withGone, ids(), DEFAULT_COMPAT).elements[2].boundElements, [{ id: 'gone', type: 'text' }])
  rejects400(t, () => mergeContent(current, withGone, ids(), REJECT_DANGLING), `Element ${O}: boundElements entry gone does not reference an existing element`)
  rejects400(t, () => replaceContent(putBody([rect(R, { boundElements: [{ id: A, type: 'text' }] }), arrow(A)]), ids(), DEFAULT_COMPAT),
    `Element ${R}: boundElements entry ${A} is declared as text but is an arrow`)
})

t.test('keyBetween and repairIndices follow the open-source key format', async (t) => {
  t.same([keyBetween(null, null), keyBetween('a0', null), keyBetween('a0', 'a1'), keyBetween(null, 'a0'), keyBetween('az', null), keyBetween('Zz', null)],
    ['a0', 'a1', 'a0V', 'Zz', 'b00', 'a0'])
  t.same([isValidIndex('a0'), isValidIndex('a0V'), isValidIndex('a'), isValidIndex('a00'), isValidIndex('b01'), isValidIndex(3)],
    [true, true, false, false, true, false])
  t.same([isValidIndex('A' + '0'.repeat(26)), isValidIndex('A' + '0'.repeat(25) + '1'), isValidIndex('a0!')], [false, true, false],
    'the smallest integer key is not a key (nothing fits below it), nor is a key with a non-base-62 character')
  t.same(repairIndices(['a0', 'a0', 'a1']), ['a0', 'a0V', 'a1'], 'a duplicate moves between its neighbours')
  t.same(repairIndices(['a1', 'zz', 'a2']), ['a1', 'a1V', 'a2'], 'one stray malformed index does not displace the rest')
  t.same(repairIndices(['a5', 'a1']), ['a5', 'a6'], 'an index below the one before it is re-keyed above it, as the editor does')
  t.same(repairIndices([null, 'a1', 'a0', null, '!']), [null, 'a1', 'a2', null, 'a3'], 'out-of-order and malformed keys are replaced; null stays')
  for (const indices of [['b', 'a', 'c', 'a0'], ['a5', 'a4', 'a3', 'a2'], ['Zz', 'a0', 'a0', 'a0']]) {
    const repaired = repairIndices(indices) as string[]
    t.ok(repaired.every(isValidIndex) && repaired.every((key, i) => i === 0 || key > repaired[i - 1]), `${indices.join(',')} → ${repaired.join(',')}`)
  }
})
