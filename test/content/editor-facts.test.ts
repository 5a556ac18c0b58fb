// The editor's facts stated once (src/content/): fractional index keys through the editor's own package and its
// repair of invalid runs, the text metric with its two wraps, and the element defaults every producer shares.
import t from 'tap'
import fc from 'fast-check'
import { indexAfter, isValidIndex, keysBetween, maxIndex, repairIndices } from '../../src/content/fractional-index.js'
import { CHAR_WIDTH_EM, lineWidth, measureText, wrapText, wrapWords } from '../../src/content/text-metrics.js'
import { ELEMENT_DEFAULTS, elementDefaults } from '../../src/content/element-defaults.js'

const SAMPLE_KEYS = ['a0', 'a1', 'a5', 'a9', 'az', 'b00', 'Zz', 'a0V', 'zz', '!', 'a00', 'A' + '0'.repeat(26), '', 'a0!']

t.test('repairIndices: every present key valid and rising, null kept, kept keys untouched', async (t) => {
  const key = fc.oneof(fc.constantFrom<string | null>(...SAMPLE_KEYS, null), fc.stringMatching(/^[a-cX-Z][0-9A-Za-z]{0,4}$/))
  const problems: string[] = []
  fc.assert(fc.property(fc.array(key, { maxLength: 24 }), (indices) => {
    const out = repairIndices(indices)
    const present = out.filter((k): k is string => k !== null)
    const fault = out.some((k, i) => (k === null) !== (indices[i] === null))
      ? 'a null changed'
      : !present.every(isValidIndex)
          ? 'an invalid key is left'
          : present.some((k, i) => i > 0 && k <= present[i - 1])
            ? 'keys do not rise'
            : undefined
    if (fault !== undefined) problems.push(`${JSON.stringify(indices)} → ${JSON.stringify(out)}: ${fault}`)
    return fault === undefined
  }), { numRuns: 3000, seed: 25 })
  t.same(problems, [])
  t.same(repairIndices(['a0', 'a1', 'a2']), ['a0', 'a1', 'a2'], 'a valid run is left alone')
  t.same(repairIndices(['a1', 'a0', 'a0', 'a4']), ['a1', 'a1V', 'a2', 'a4'], 'a run is re-keyed between its kept neighbours, as generateNKeysBetween spreads them')
})

t.test('indexAfter and maxIndex: new elements go above every valid stored key', async (t) => {
  t.same([indexAfter(null), indexAfter('a0'), indexAfter('az'), indexAfter('!'), indexAfter('z' + 'z'.repeat(26))],
    ['a0', 'a1', 'b00', 'a0', 'z' + 'z'.repeat(26) + 'V'])
  t.equal(maxIndex(['a1', 'zz', 'b00', 7, null, 'a5']), 'b00', 'malformed keys are ignored')
  t.same(keysBetween(null, null, 64).slice(60), ['ay', 'az', 'b00', 'b01'], 'appended keys: a0…az, then b00…')
})

t.test('text metric: one factor; wrapText cuts a long word as the editor does, wrapWords never does', async (t) => {
  t.equal(CHAR_WIDTH_EM, 0.55)
  t.same(measureText('Check\ntoken', 20, 1.25), { width: 55, height: 50 })
  t.equal(lineWidth('héllo', 16), 44, 'characters, not UTF-16 units')
  const width = 10 * 20 * CHAR_WIDTH_EM
  t.equal(wrapText('Reconciliation of accounts', width), 'Reconcilia\ntion of\naccounts')
  t.equal(wrapWords('Reconciliation of accounts', width), 'Reconciliation\nof\naccounts')
  t.equal(wrapWords('one two three', width), 'one two\nthree')
  t.equal(wrapWords('kept\nbreaks', 1000), 'kept\nbreaks')
})

t.test('element defaults: the editor values, and a fresh copy each time', async (t) => {
  t.match(ELEMENT_DEFAULTS, { strokeColor: '#1e1e1e', backgroundColor: 'transparent', fillStyle: 'solid', strokeWidth: 2, roughness: 1, opacity: 100, locked: false })
  const copy = elementDefaults()
  copy.groupIds.push('g')
  t.same(elementDefaults().groupIds, [], 'changing a copy leaves the defaults alone')
  t.ok(Object.isFrozen(ELEMENT_DEFAULTS))
})
