// In-memory control state (drift settings, fault rules, the journal...): written by admin/, read by layers/.
// Each control module registers here so POST /_emulator/reset can return every one of them to its start.

export interface ControlPart {
  /** Back to the settings the process started with (configuration, not fixtures). */
  reset (): void
}

export interface ControlRegistry {
  register<T extends ControlPart> (name: string, part: T): T
  get<T extends ControlPart> (name: string): T | undefined
  resetAll (): string[]
}

export function createControlRegistry (): ControlRegistry {
  const parts = new Map<string, ControlPart>()
  return {
    register (name, part) {
      if (parts.has(name)) throw new Error(`control part "${name}" is registered twice`)
      parts.set(name, part)
      return part
    },
    get: <T extends ControlPart>(name: string) => parts.get(name) as T | undefined,
    resetAll () {
      for (const part of parts.values()) part.reset()
      return [...parts.keys()]
    }
  }
}
