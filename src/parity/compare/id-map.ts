// The run's id mapping: a target id and an emulator id are the same thing once they first appear at the same
// place in a pair of answers; every later appearance must agree, both ways (a bijection).

export type IdCheck = 'same' | 'learned' | 'conflict'

export interface IdMap {
  /** Checks `target` ↔ `emulator` against what is known, learning the pair when both are new. */
  check (emulator: string, target: string): IdCheck
  /** The emulator id a target id maps to, if known. */
  toEmulator (target: string): string | undefined
  /** The target id an emulator id maps to, if known. */
  toTarget (emulator: string): string | undefined
  /** Records a pair known from outside the answers (the key's own workspace). */
  learn (emulator: string, target: string): void
  size (): number
}

export function createIdMap (): IdMap {
  const toEmulator = new Map<string, string>()
  const toTarget = new Map<string, string>()
  const learn = (emulator: string, target: string): void => {
    toEmulator.set(target, emulator)
    toTarget.set(emulator, target)
  }
  return {
    check (emulator, target) {
      const known = toEmulator.get(target)
      const back = toTarget.get(emulator)
      if (known === undefined && back === undefined) {
        learn(emulator, target)
        return 'learned'
      }
      return known === emulator && back === target ? 'same' : 'conflict'
    },
    toEmulator: (target) => toEmulator.get(target),
    toTarget: (emulator) => toTarget.get(emulator),
    learn,
    size: () => toEmulator.size
  }
}
