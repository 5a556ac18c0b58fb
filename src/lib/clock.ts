// The one seam for "now": real time by default, or a virtual clock that tests set and advance.

export interface Clock {
  /** Epoch milliseconds. */
  now(): number
  /** ISO-8601 UTC with milliseconds, ending in Z (the form the reference's date-time pattern accepts). */
  nowIso(): string
  /** Freeze time at `epochMs`; it moves only through advance() until useRealTime(). */
  set(epochMs: number): void
  /** Move virtual time forward (starting from the real now when the clock was real). */
  advance(ms: number): void
  useRealTime(): void
  isVirtual(): boolean
}

export function createClock (fixedAt?: number): Clock {
  let virtualNow: number | undefined = fixedAt
  const now = (): number => virtualNow ?? Date.now()
  return {
    now,
    nowIso: () => new Date(now()).toISOString(),
    set: (epochMs) => { virtualNow = epochMs },
    advance: (ms) => { virtualNow = now() + ms },
    useRealTime: () => { virtualNow = undefined },
    isVirtual: () => virtualNow !== undefined
  }
}
