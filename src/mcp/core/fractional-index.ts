// Fractional `index` keys (base-62, the editor's format) for elements the MCP tools append on top of a scene.
// FIDELITY: the real service assigns indices that do not always increase, so new elements can
// land under old fills; the emulator always stacks new elements above every stored one.

const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
const KEY = /^[A-Za-z][0-9A-Za-z]*$/

/** Length of the integer part a head character announces (`a` → 2 as in `a0`, `b` → 3, `Z` → 2, `Y` → 3). */
function integerLength (head: string): number {
  if (head >= 'a' && head <= 'z') return head.charCodeAt(0) - 97 + 2
  return 90 - head.charCodeAt(0) + 2
}

/** Whether `key` is a well-formed fractional index (stored scenes may hold anything in `index`). */
export function isIndexKey (key: unknown): key is string {
  if (typeof key !== 'string' || !KEY.test(key)) return false
  const length = integerLength(key[0])
  return key.length >= length && !(key.length > length && key.endsWith('0'))
}

/** The integer part plus one, or null past the largest (`z` followed by 26 `z`s). */
function incrementInteger (integer: string): string | null {
  const head = integer[0]
  const digits = integer.slice(1).split('')
  for (let i = digits.length - 1; i >= 0; i--) {
    const next = DIGITS.indexOf(digits[i]) + 1
    if (next < DIGITS.length) {
      digits[i] = DIGITS[next]
      return head + digits.join('')
    }
    digits[i] = '0'
  }
  if (head === 'Z') return 'a0'
  if (head === 'z') return null
  const nextHead = String.fromCharCode(head.charCodeAt(0) + 1)
  if (nextHead > 'a') digits.push('0')
  else digits.pop()
  return nextHead + digits.join('')
}

/** A key greater than `key` (`a0` when there is none), short like the editor's own. */
export function indexAfter (key: string | null): string {
  if (key === null || !isIndexKey(key)) return 'a0'
  const integer = key.slice(0, integerLength(key[0]))
  // Past the largest integer part, a longer fraction still sorts after `key`.
  return incrementInteger(integer) ?? key + 'V'
}

/** The greatest well-formed key among `keys`, or null. Keys compare as plain strings, as the editor compares them. */
export function maxIndex (keys: Iterable<unknown>): string | null {
  let max: string | null = null
  for (const key of keys) if (isIndexKey(key) && (max === null || key > max)) max = key
  return max
}
