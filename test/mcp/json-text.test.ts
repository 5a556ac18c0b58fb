// jsonText (api/v1/mcp/json-text.ts) writes what JSON.stringify writes, for every kind of value, long strings
// escaped once or not, and leaves to JSON.stringify whatever it does not walk itself.
import t from 'tap'
import { jsonText } from '../../src/api/v1/mcp/json-text.js'

const page = JSON.stringify({ data: Array.from({ length: 40 }, (_, i) => ({ id: `scn${i}`, name: `Scene "${i}" é 🎨 \\ \n`, pinned: i % 2 === 0 })) })
const huge = 'x"'.repeat(100_000)
const awkward = 'lone \ud800 surrogate \udfff, nul \u0000, line separator \u2028, </script>'.repeat(60)

class Point { constructor (readonly x: number, readonly y: number) {} }

const VALUES: Array<[string, unknown]> = [
  ['a tool result with a page', { result: { content: [{ type: 'text', text: page }] }, jsonrpc: '2.0', id: 1 }],
  ['the same page again (escaped once)', { result: { content: [{ type: 'text', text: page }] }, jsonrpc: '2.0', id: 'two' }],
  ['a string too long to keep', { text: huge }],
  ['awkward characters', { text: awkward, short: awkward.slice(0, 20) }],
  ['an error response', { jsonrpc: '2.0', id: 0, error: { code: -32602, message: 'MCP error -32602: Tool x not found', data: undefined } }],
  ['skipped members and null array items', { a: undefined, b: () => 1, c: Symbol('s'), d: [undefined, () => 1, Symbol('t'), 1], e: null }],
  // eslint-disable-next-line no-sparse-arrays
  ['a sparse array', { list: [1, , 3] }],
  ['numbers JSON has no word for', { nan: Number.NaN, inf: Number.POSITIVE_INFINITY, negativeZero: -0, big: 1e300, tiny: 5e-324 }],
  ['a Date and a Buffer (toJSON)', { when: new Date(0), bytes: Buffer.from('hi') }],
  ['an own toJSON', { nested: { toJSON: (key: string) => `key ${key}` } }],
  ['an array with an own toJSON', { list: Object.assign([1, 2], { toJSON: () => 'array' }) }],
  ['a class instance', { point: new Point(1, 2) }],
  ['a null-prototype object', { bare: Object.assign(Object.create(null), { a: 1, b: [true, false] }) }],
  ['integer-like keys first, as JSON.stringify orders them', { b: 1, 2: 'two', a: 2, 1: 'one' }],
  ['boxed primitives', { s: Object('text'), n: Object(5), b: Object(false) }],
  ['an array at the top', [1, 'two', { three: 3 }, [page]]]
]

t.test('JSON.stringify\'s text for every kind of value', async (t) => {
  for (const [what, value] of VALUES) t.equal(jsonText(value as object), JSON.stringify(value), what)
})

t.test('what JSON.stringify refuses, refused alike', async (t) => {
  const cycle: Record<string, unknown> = { name: 'loop' }
  cycle.self = cycle
  t.throws(() => jsonText(cycle), TypeError, 'a cycle')
  t.throws(() => jsonText({ big: 10n }), TypeError, 'a BigInt')
})

/** Seeded JSON-like values: objects, arrays, strings short and long, numbers, booleans, null, undefined. */
function randomValue (next: () => number, depth: number): unknown {
  const kind = Math.floor(next() * (depth > 3 ? 5 : 7))
  if (kind === 0) return next() < 0.2 ? page : `s${Math.floor(next() * 1000)}"\n`
  if (kind === 1) return (next() - 0.5) * 10 ** Math.floor(next() * 20)
  if (kind === 2) return next() < 0.5
  if (kind === 3) return null
  if (kind === 4) return undefined
  if (kind === 5) return Array.from({ length: Math.floor(next() * 4) }, () => randomValue(next, depth + 1))
  return Object.fromEntries(Array.from({ length: Math.floor(next() * 4) }, (_, i) => [`k${i}${next() < 0.3 ? i : ''}`, randomValue(next, depth + 1)]))
}

t.test('300 random values', async (t) => {
  let seed = 42
  const next = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31)
  let same = 0
  for (let i = 0; i < 300; i++) {
    const value = { jsonrpc: '2.0', id: i, result: randomValue(next, 0) }
    if (jsonText(value) === JSON.stringify(value)) same++
    else t.fail(`value ${i}: ${JSON.stringify(value).slice(0, 200)}`)
  }
  t.equal(same, 300)
})
