// PATCH bookkeeping shared by the workspace, user and invite writes: which sent fields really change something.

/**
 * The fields of `patch` whose value differs from `current` (compared as JSON, so maps and arrays compare by
 * content). An empty result means a no-op PATCH: nothing to store and nothing to audit.
 */
export function changedFields<T extends object> (current: T, patch: Partial<T>): Partial<T> {
  const changes: Partial<T> = {}
  for (const key of Object.keys(patch) as Array<keyof T>) {
    const value = patch[key]
    if (value === undefined) continue
    if (JSON.stringify(current[key]) !== JSON.stringify(value)) changes[key] = value
  }
  return changes
}

/** The current values of the given fields, for an audit entry's `previous`. */
export function pick<T extends object> (record: T, keys: Array<keyof T>): Partial<T> {
  const out: Partial<T> = {}
  for (const key of keys) out[key] = record[key] ?? (null as T[keyof T])
  return out
}
