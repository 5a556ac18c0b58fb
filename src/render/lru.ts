// A least-recently-used cache bounded by entry count and by total size, for rendered pictures.

export interface LruCache<V> {
  get: (key: string) => V | undefined
  set: (key: string, value: V) => void
  clear: () => void
  readonly size: number
  readonly bytes: number
}

/** `sizeOf` gives an entry's weight in bytes; an entry heavier than a quarter of `maxBytes` is not kept. */
export function createLru<V> (maxEntries: number, maxBytes: number, sizeOf: (value: V) => number): LruCache<V> {
  const map = new Map<string, { value: V, bytes: number }>()
  let total = 0

  function drop (key: string): void {
    const entry = map.get(key)
    if (entry === undefined) return
    total -= entry.bytes
    map.delete(key)
  }

  return {
    get (key) {
      const entry = map.get(key)
      if (entry === undefined) return undefined
      map.delete(key)
      map.set(key, entry)
      return entry.value
    },
    set (key, value) {
      drop(key)
      const bytes = sizeOf(value)
      if (maxEntries <= 0 || bytes > maxBytes / 4) return
      map.set(key, { value, bytes })
      total += bytes
      while (map.size > maxEntries || total > maxBytes) drop(map.keys().next().value as string)
    },
    clear () {
      map.clear()
      total = 0
    },
    get size () { return map.size },
    get bytes () { return total }
  }
}
