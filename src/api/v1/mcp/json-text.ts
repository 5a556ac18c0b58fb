// JSON.stringify for the direct path's answers, with long strings escaped once: a list tool's page text comes from
// the exact read cache as the same string each time, and escaping it again was half of each direct exchange.
// The output is JSON.stringify's, byte for byte (test/mcp/json-text.test.ts); what it does not walk, JSON.stringify does.

/** Strings at least this long are worth a lookup; shorter ones escape faster than they hash. */
const LONG = 2048
/** Longer ones are not kept (a whole scene's content): what is kept stays a few megabytes at most. */
const LONGEST = 128 * 1024
/** The escaped texts kept, least recently used first out: a page or two per client paging at once. */
const KEPT = 8

const escaped = new Map<string, string>()

function escapeOnce (text: string): string {
  let json = escaped.get(text)
  if (json === undefined) {
    json = JSON.stringify(text)
    if (escaped.size >= KEPT) escaped.delete(escaped.keys().next().value as string)
  } else {
    escaped.delete(text)
  }
  escaped.set(text, json)
  return json
}

/** Thrown to hand the message back to JSON.stringify: something whose serialization this walk does not copy. */
const UNUSUAL = new Error('not plain JSON data')

const skipped = (value: unknown) => value === undefined || typeof value === 'function' || typeof value === 'symbol'

function isPlainObject (value: object): value is Record<string, unknown> {
  const prototype = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}

// Built with + rather than join: the pieces stay linked, not copied, until the answer is written out once.
function walk (value: unknown): string {
  if (typeof value === 'string') return value.length >= LONG && value.length <= LONGEST ? escapeOnce(value) : JSON.stringify(value)
  if (typeof value !== 'object' || value === null) return JSON.stringify(value)
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') throw UNUSUAL
  if (Array.isArray(value)) {
    let text = '['
    for (let i = 0; i < value.length; i++) text += (i === 0 ? '' : ',') + (skipped(value[i]) ? 'null' : walk(value[i]))
    return text + ']'
  }
  if (!isPlainObject(value)) throw UNUSUAL
  let text = '{'
  for (const key of Object.keys(value)) {
    if (skipped(value[key])) continue
    text += (text.length === 1 ? '' : ',') + JSON.stringify(key) + ':' + walk(value[key])
  }
  return text + '}'
}

/** JSON.stringify(message), the same text; a message the walk does not take (or a cycle, a BigInt) is its to answer. */
export function jsonText (message: object): string {
  try {
    return walk(message)
  } catch {
    return JSON.stringify(message)
  }
}
