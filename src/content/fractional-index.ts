// Fractional z-order indices (`index`: "a0", "a1", "a0V"...) through `fractional-indexing`, the package and version
// the editor itself uses, so keys are made and judged as the editor makes and judges them. The one place that
// knows the key format: content checks (elementChecks=strict repair), the MCP tools and the fixture generator.
import { BASE_62_DIGITS, generateKeyBetween, generateNKeysBetween } from 'fractional-indexing'

type Key = string | null

/** Base-62 digits only. The package reads only a key's head; a stray character would make it order keys wrongly. */
const BASE62 = /^[0-9A-Za-z]+$/

/**
 * A key the package accepts: a head letter announcing the integer part's length, that many digits, no trailing
 * zero in the fraction, not the smallest integer (`A` and 26 zeros, which nothing can go below).
 */
export function isValidIndex (key: unknown): key is string {
  if (typeof key !== 'string' || !BASE62.test(key)) return false
  try {
    generateKeyBetween(key, null, BASE_62_DIGITS)
    return true
  } catch {
    return false
  }
}

/** A key strictly between two valid keys (null: unbounded on that side), a < b. */
export function keyBetween (a: Key, b: Key): string {
  return generateKeyBetween(a, b, BASE_62_DIGITS)
}

/** `n` keys in order strictly between `a` and `b`, short ones first, as the editor hands them out. */
export function keysBetween (a: Key, b: Key, n: number): string[] {
  return generateNKeysBetween(a, b, n, BASE_62_DIGITS)
}

/** A key above `key` (`a0` when there is none or it is not a valid key). */
export function indexAfter (key: Key): string {
  return keyBetween(isValidIndex(key) ? key : null, null)
}

/** The greatest valid key among `keys`, or null. Keys compare as plain strings, as the editor compares them. */
export function maxIndex (keys: Iterable<unknown>): string | null {
  let max: string | null = null
  for (const key of keys) if (isValidIndex(key) && (max === null || key > max)) max = key
  return max
}

/**
 * Indices in array (paint) order with every invalid run rewritten, as the editor's `syncInvalidIndices` does: an
 * index is kept when it is valid and rises over the last valid index before it and stays below the next one that
 * rises; each run of others gets fresh keys between the kept neighbours. `null` means "no index" and stays.
 */
export function repairIndices (indices: readonly Key[]): Key[] {
  const present = indices.flatMap((key, i) => (key === null ? [] : [i]))
  const keys = present.map((i) => (isValidIndex(indices[i]) ? indices[i] : null))
  const out = [...indices]
  for (const run of invalidRuns(keys)) {
    const fresh = keysBetween(keys[run.lower] ?? null, keys[run.upper] ?? null, run.members.length)
    run.members.forEach((k, j) => { out[present[k]] = fresh[j] })
  }
  return out
}

/** A run of positions to re-key, between the positions of its kept lower and upper bounds (-1 / length: none). */
interface Run { lower: number, upper: number, members: number[] }

/** The editor's scan: bounds found left to right, each only ever rising, so the whole pass is linear. */
function invalidRuns (keys: readonly Key[]): Run[] {
  const runs: Run[] = []
  const bounds = createBounds(keys)
  let i = 0
  while (i < keys.length) {
    let { lower, upper } = bounds.at(i)
    if (fitsBetween(keys[i], keys[lower], keys[upper])) { i++; continue }
    const members = [i]
    while (++i < keys.length) {
      const next = bounds.at(i)
      if (fitsBetween(keys[i], keys[next.lower], keys[next.upper])) break
      ;({ lower, upper } = next)
      members.push(i)
    }
    runs.push({ lower, upper, members })
  }
  return runs
}

function fitsBetween (key: Key, lower: Key | undefined, upper: Key | undefined): boolean {
  if (key === null) return false
  return (lower == null || lower < key) && (upper == null || key < upper)
}

/**
 * The lower bound of position i: the nearest earlier valid key that rises over the previous bound; the upper bound:
 * the first later valid key above the previous upper bound. Both are cached, as the editor caches them.
 */
function createBounds (keys: readonly Key[]): { at: (i: number) => { lower: number, upper: number } } {
  let lower = -1
  let upper = 0
  return {
    at (i) {
      const candidate = keys[i - 1]
      const current = keys[lower] ?? null
      if (candidate != null && (current === null || candidate > current)) lower = i - 1
      const top = keys[upper] ?? null
      if (top === null || i >= upper) {
        let j = upper
        while (++j < keys.length) {
          const key = keys[j]
          if (key != null && (top === null || key > top)) break
        }
        upper = j
      }
      return { lower, upper }
    }
  }
}
