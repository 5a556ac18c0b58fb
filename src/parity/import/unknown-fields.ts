// Fields the emulator does not know, in what an import read: the most likely change in a beta API is an added
// field, so the import drops it (one warning per field path) instead of failing, and the set still starts.
import { isObject } from '../../formats/read.js'

/** A field to drop: the fixture file and the path within each of its records (`*` for any list index). */
export interface UnknownField { file: string, path: string[] }

/** Reads the emulator's refusal of a fixture file's record (`collections.json[0]/sort_order schema is false`). */
export function unknownFieldIn (message: string): UnknownField | undefined {
  const found = /([\w.-]+\.json)(?:\[\d+\])?((?:\/[^\s/]+)+) schema is false/.exec(message)
  if (found === null) return undefined
  const path = found[2].split('/').slice(1).map((segment) => /^\d+$/.test(segment) ? '*' : segment.replace(/~1/g, '/').replace(/~0/g, '~'))
  return { file: found[1], path }
}

function dropAt (value: unknown, path: readonly string[]): void {
  const [head, ...rest] = path
  if (head === '*' && Array.isArray(value)) return value.forEach((item) => dropAt(item, rest))
  if (!isObject(value)) return
  if (rest.length === 0) {
    delete value[head]
    return
  }
  dropAt(value[head], rest)
}

/** A copy of a file's value with the unknown fields of that file removed (from every record of a list). */
export function withoutUnknown (file: string, value: unknown, fields: readonly UnknownField[]): unknown {
  const copy = structuredClone(value)
  for (const field of fields.filter((f) => f.file === file)) {
    if (Array.isArray(copy)) copy.forEach((record) => dropAt(record, field.path))
    else dropAt(copy, field.path)
  }
  return copy
}

export const describeField = (field: UnknownField): string => `${field.file} ${field.path.join('/')}`
