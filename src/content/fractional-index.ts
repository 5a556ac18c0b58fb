// Fractional z-order indices (`index`: "a0", "a1", "a0V"...) as the open-source editor writes them: base-62 keys
// with a length-coded integer part, compared as plain strings. Used by elementChecks=strict, which rewrites an
// index that is not strictly between its neighbours, as the official CLI's scene notes say the service does.
const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
const ZERO = DIGITS[0]
const SMALLEST_INTEGER = 'A' + ZERO.repeat(26)
/** Base-62 digits only: the whole of DIGITS, as one test per key rather than one per character. */
const BASE62 = /^[0-9A-Za-z]*$/

function integerLength (head: string): number | null {
  if (head >= 'a' && head <= 'z') return head.charCodeAt(0) - 97 + 2
  if (head >= 'A' && head <= 'Z') return 90 - head.charCodeAt(0) + 2
  return null
}

/** A well-formed key: a known head, enough digits, base-62 only, no trailing zero in the fraction. */
export function isValidIndex (key: unknown): key is string {
  if (typeof key !== 'string' || key === '' || key === SMALLEST_INTEGER) return false
  const length = integerLength(key[0])
  if (length === null || length > key.length) return false
  if (!BASE62.test(key)) return false
  return key.length === length || !key.endsWith(ZERO)
}

const integerPart = (key: string): string => key.slice(0, integerLength(key[0]) ?? 1)

/** A fraction strictly between `a` and `b` (b null: above a); neither ends in a zero digit. */
function midpoint (a: string, b: string | null): string {
  if (b !== null) {
    let n = 0
    while ((a[n] ?? ZERO) === b[n]) n++
    if (n > 0) return b.slice(0, n) + midpoint(a.slice(n), b.slice(n))
  }
  const digitA = a === '' ? 0 : DIGITS.indexOf(a[0])
  const digitB = b === null ? DIGITS.length : DIGITS.indexOf(b[0])
  if (digitB - digitA > 1) return DIGITS[Math.round((digitA + digitB) / 2)]
  if (b !== null && b.length > 1) return b.slice(0, 1)
  return DIGITS[digitA] + midpoint(a.slice(1), null)
}

/** The next (step 1) or previous (step -1) integer part; null past the ends of the key space. */
function stepInteger (integer: string, step: 1 | -1): string | null {
  const head = integer[0]
  const digits = [...integer.slice(1)]
  const edge = step === 1 ? DIGITS.length - 1 : 0
  let i = digits.length - 1
  for (; i >= 0 && DIGITS.indexOf(digits[i]) === edge; i--) digits[i] = DIGITS[step === 1 ? 0 : DIGITS.length - 1]
  if (i >= 0) {
    digits[i] = DIGITS[DIGITS.indexOf(digits[i]) + step]
    return head + digits.join('')
  }
  if (step === 1 && head === 'Z') return 'a' + ZERO
  if (step === -1 && head === 'a') return 'Z' + DIGITS[DIGITS.length - 1]
  if ((step === 1 && head === 'z') || (step === -1 && head === 'A')) return null
  const next = String.fromCharCode(head.charCodeAt(0) + step)
  const longer = step === 1 ? next > 'a' : next < 'Z'
  if (longer) digits.push(DIGITS[step === 1 ? 0 : DIGITS.length - 1])
  else digits.pop()
  return next + digits.join('')
}

/** A key strictly between two valid keys (either may be null: unbounded), a < b. */
export function keyBetween (a: string | null, b: string | null): string {
  if (a === null && b === null) return 'a' + ZERO
  if (a === null) {
    const ib = integerPart(b!)
    if (ib === SMALLEST_INTEGER) return ib + midpoint('', b!.slice(ib.length))
    return ib < b! ? ib : stepInteger(ib, -1) ?? ib + midpoint('', b!.slice(ib.length))
  }
  const ia = integerPart(a)
  const fa = a.slice(ia.length)
  if (b === null) return stepInteger(ia, 1) ?? ia + midpoint(fa, null)
  const ib = integerPart(b)
  if (ia === ib) return ia + midpoint(fa, b.slice(ib.length))
  const next = stepInteger(ia, 1)
  return next !== null && next < b ? next : ia + midpoint(fa, null)
}

/**
 * Indices in array (paint) order, with each one that is malformed or not strictly between its neighbours replaced
 * by a key that is; `null` means "no index" and stays. Keeps an index when it rises over the last kept one and the
 * next element's index does not rise less (so one stray large index early does not displace all the others).
 */
export function repairIndices (indices: ReadonlyArray<string | null>): Array<string | null> {
  const keep = keptIndices(indices)
  // Scanned from the end once, so each lookup is O(1): a 10,000-element scene must not cost n².
  const nextKept = nextPositions(indices, (key, i) => key !== null && keep[i])
  const out = [...indices]
  let previous: string | null = null
  for (let i = 0; i < out.length; i++) {
    if (out[i] === null) continue
    if (!keep[i]) out[i] = keyBetween(previous, nextKept[i] < 0 ? null : indices[nextKept[i]])
    previous = out[i]
  }
  return out
}

/** Which indices stay: each rises over the last kept one, and the next present index does not rise less. */
function keptIndices (indices: ReadonlyArray<string | null>): boolean[] {
  const keep = new Array<boolean>(indices.length).fill(false)
  const nextPresent = nextPositions(indices, (key) => key !== null)
  let last: string | null = null
  const rises = (key: string | null): key is string => isValidIndex(key) && (last === null || key > last)
  for (let i = 0; i < indices.length; i++) {
    const key = indices[i]
    if (key === null || !rises(key)) continue
    const next = nextPresent[i] < 0 ? undefined : indices[nextPresent[i]] as string
    if (next !== undefined && rises(next) && next < key) continue
    keep[i] = true
    last = key
  }
  return keep
}

/** For each position, the first later position whose entry passes `test`, or -1. */
function nextPositions (indices: ReadonlyArray<string | null>, test: (key: string | null, i: number) => boolean): number[] {
  const next = new Array<number>(indices.length)
  let found = -1
  for (let i = indices.length - 1; i >= 0; i--) {
    next[i] = found
    if (test(indices[i], i)) found = i
  }
  return next
}
