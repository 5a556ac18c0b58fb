// Field-level drift: a field renamed, dropped, added or nulled, one site per application.
import { escapeToken, getAt, isObject, type JsonObject } from '../json-pointer.js'
import { allowsNull, isMapSchema, isOpenSchema } from '../schema-walk.js'
import type { DriftKind } from '../types.js'
import {
  defineKey, fieldKind, isField, parentIn, renameKey, rootAndPositions, schemaPositions,
  type FieldSite, type KeyedSite, type Position
} from './util.js'

interface RenameSite extends FieldSite { key: string, to: string }

/** camelCase → snake_case ('dataURL' → 'data_url'); undefined when the key is not camelCase. */
export function toSnakeCase (key: string): string | undefined {
  if (!/^[a-z][a-zA-Z0-9]*[A-Z][a-zA-Z0-9]*$/.test(key)) return undefined
  return key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2').toLowerCase()
}

/** snake_case → camelCase ('created_at' → 'createdAt'); undefined when the key is not snake_case. */
export function toCamelCase (key: string): string | undefined {
  if (!/^[a-z][a-z0-9]*(_[a-z0-9]+)+$/.test(key)) return undefined
  return key.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase())
}

// INFER: a beta API's naming slips both ways: a camelCase model serialized by a snake_case layer, and the
// one snake_case model (log entries) "fixed" to camelCase.
export const renameField: DriftKind = fieldKind<RenameSite>({
  name: 'rename-field',
  description: 'Renames one field: camelCase to snake_case, or snake_case (log entries) to camelCase',
  breaking: true,
  candidate (entry) {
    if (!isField(entry)) return undefined
    const to = toSnakeCase(entry.key) ?? toCamelCase(entry.key)
    return to === undefined || Object.hasOwn(entry.parent, to) ? undefined : { pointer: entry.pointer, key: entry.key, to }
  },
  mutate (root, site) {
    renameKey(parentIn(root, site.pointer) as JsonObject, site.key, site.to)
    return site.pointer
  }
})

function roleSite (role: 'optional' | 'required') {
  return (entry: Position): KeyedSite | undefined =>
    isField(entry) && entry.role === role ? { pointer: entry.pointer, key: entry.key } : undefined
}

function deleteSite (root: unknown, site: KeyedSite): string {
  delete (parentIn(root, site.pointer) as JsonObject)[String(site.key)]
  return site.pointer
}

export const dropOptionalField: DriftKind = fieldKind({
  name: 'drop-optional-field',
  description: 'Omits one field the schema marks optional (still valid, but clients that assume it break)',
  breaking: false,
  positions: schemaPositions,
  candidate: roleSite('optional'),
  mutate: deleteSite
})

export const dropRequiredField: DriftKind = fieldKind({
  name: 'drop-required-field',
  description: 'Omits one field the schema marks required',
  breaking: true,
  positions: schemaPositions,
  candidate: roleSite('required'),
  mutate: deleteSite
})

// INFER: fields a beta server tends to leak before documenting them; the rng picks one the object lacks.
export const UNKNOWN_FIELDS: ReadonlyArray<readonly [string, unknown]> = [
  ['schemaVersion', 2],
  ['etag', 'W/"e1"'],
  ['isArchived', false],
  ['tags', []],
  ['meta', {}],
  ['internalId', 'int_0001']
]

interface AddSite extends FieldSite { names: string[] }

export const addUnknownField: DriftKind = fieldKind<AddSite>({
  name: 'add-unknown-field',
  description: 'Adds one field the closed schema does not declare',
  breaking: true,
  positions: rootAndPositions,
  candidate ({ pointer, value, declared, schema }) {
    // A map (roles, files, workspaceTeams) gains entries, not fields: leave maps alone when the schema says so;
    // an object declared `{}` (a scene element) is open, so a new field there breaks no contract.
    if (!isObject(value) || isMapSchema(schema) || isOpenSchema(declared)) return undefined
    const names = UNKNOWN_FIELDS.map(([name]) => name).filter((name) => !Object.hasOwn(value, name))
    return names.length === 0 ? undefined : { pointer, names }
  },
  mutate (root, site, ctx) {
    const target = getAt(root, site.pointer) as JsonObject
    const name = ctx.rng.pick(site.names)
    const value = UNKNOWN_FIELDS.find(([candidate]) => candidate === name)?.[1]
    defineKey(target, name, structuredClone(value))
    return `${site.pointer}/${escapeToken(name)}`
  }
})

export const nullField: DriftKind = fieldKind<KeyedSite>({
  name: 'null-field',
  description: 'Sets one non-nullable field to null',
  breaking: true,
  candidate: (entry) => isField(entry) && entry.value !== null && !allowsNull(entry.declared)
    ? { pointer: entry.pointer, key: entry.key }
    : undefined,
  mutate (root, site) {
    defineKey(parentIn(root, site.pointer) as JsonObject, String(site.key), null)
    return site.pointer
  }
})
