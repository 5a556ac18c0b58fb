// Compatibility switches in force: the global settings (EMULATOR_COMPAT, PUT /_emulator/compat) and per-workspace
// overrides (the `compat` of POST /_emulator/workspaces). A workspace's own value wins over the global one.
import type { Compat, PartialCompat } from '../../config/index.js'
import type { ControlPart } from '../control-part.js'

export interface CompatControl extends ControlPart {
  /** The global settings. */
  settings (): Compat
  /** Replaces the global settings: switches left out go back to their start-up values. */
  set (body: PartialCompat): Compat
  /** Gives one workspace its own values for some switches (the rest follow the global settings). */
  setWorkspace (workspaceId: string, overrides: PartialCompat): void
  /** What a request in this workspace runs under. */
  effective (workspaceId: string | null): Compat
  /** Calls `listener` after every change of any switch, global or per workspace (the read cache empties itself). */
  onChange (listener: () => void): void
}

export function createCompatControl (startUp: Compat): CompatControl {
  let global: Compat = Object.freeze({ ...startUp })
  // Kept when a workspace is deleted: ids are never reused, and a restored snapshot brings the workspace back.
  const overrides = new Map<string, PartialCompat>()
  const listeners: Array<() => void> = []
  const changed = (): void => { for (const listener of listeners) listener() }
  return {
    settings: () => ({ ...global }),
    set (body) {
      global = Object.freeze({ ...startUp, ...body })
      changed()
      return { ...global }
    },
    setWorkspace (workspaceId, values) {
      if (Object.keys(values).length === 0) overrides.delete(workspaceId)
      else overrides.set(workspaceId, { ...values })
      changed()
    },
    effective (workspaceId) {
      const own = workspaceId === null ? undefined : overrides.get(workspaceId)
      return own === undefined ? global : { ...global, ...own }
    },
    // Admin-made workspaces are dropped by a full reset, and their overrides with them.
    reset () {
      global = Object.freeze({ ...startUp })
      overrides.clear()
      changed()
    },
    onChange (listener) {
      listeners.push(listener)
    }
  }
}
