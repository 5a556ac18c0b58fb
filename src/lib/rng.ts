// Seeded PRNG (mulberry32) and string hashing, so drift, faults and ids replay exactly for one seed.

export interface Rng {
  /** Float in [0, 1). */
  next(): number
  /** Integer in [0, max). */
  int(max: number): number
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T
}

/** 32-bit FNV-1a: a stable, fast hash used to derive seeds from strings (request keys, names). */
export function hashString (text: string, basis = 0x811c9dc5): number {
  let hash = basis >>> 0
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash >>> 0
}

export function createRng (seed: number): Rng {
  let state = seed >>> 0
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (max) => Math.floor(next() * max),
    pick: (items) => {
      if (items.length === 0) throw new RangeError('pick() needs a non-empty list')
      return items[Math.floor(next() * items.length)]
    }
  }
}
