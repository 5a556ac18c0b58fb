// One piece of work per key at a time: callers asking for a key whose work is under way wait for that same work.

export interface Sharing<T> {
  /** `make()`'s promise, or the one already running for `key` (no key: `make()` runs alone). */
  run: (key: string | undefined, make: () => Promise<T>) => Promise<T>
  /** Callers that joined work already under way. */
  readonly joined: number
}

export function createSharing<T> (): Sharing<T> {
  const running = new Map<string, Promise<T>>()
  let joined = 0
  return {
    run (key, make) {
      if (key === undefined) return make()
      const under = running.get(key)
      if (under !== undefined) {
        joined += 1
        return under
      }
      const work = make().finally(() => running.delete(key))
      running.set(key, work)
      return work
    },
    get joined () { return joined }
  }
}
