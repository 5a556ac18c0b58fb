// The drift kinds, in a stable order: random mode draws over them in this order, so reordering changes seeded output.
import type { DriftKind } from '../types.js'
import { changeErrorEnvelope, renameEnvelope, switchPaging, unwrapEnvelope } from './envelopes.js'
import { addUnknownField, dropOptionalField, dropRequiredField, nullField, renameField } from './fields.js'
import { olderShapeKind } from './older-shape.js'
import { changeSuccessStatus, deprecation } from './protocol.js'
import { changeIdFormat, changeScalarType, unknownEnumValueKind } from './values.js'
import { MCP_DRIFT_KINDS } from './mcp.js'

export const DRIFT_KINDS: readonly DriftKind[] = Object.freeze([
  renameField,
  dropOptionalField,
  dropRequiredField,
  addUnknownField,
  nullField,
  changeScalarType,
  renameEnvelope,
  unwrapEnvelope,
  switchPaging,
  unknownEnumValueKind,
  changeSuccessStatus,
  changeErrorEnvelope,
  changeIdFormat,
  olderShapeKind,
  deprecation,
  // Last: they apply only to MCP answers, so REST responses draw exactly as before they existed.
  ...MCP_DRIFT_KINDS
])

export const driftKindNames: readonly string[] = Object.freeze(DRIFT_KINDS.map((kind) => kind.name))

const BY_NAME = new Map(DRIFT_KINDS.map((kind) => [kind.name, kind]))

/** The kind called `name`; throws on an unknown name (profiles are validated against driftKindNames first). */
export function driftKind (name: string): DriftKind {
  const kind = BY_NAME.get(name)
  if (kind === undefined) throw new RangeError(`Unknown drift kind "${name}"; known: ${driftKindNames.join(', ')}`)
  return kind
}

export function isDriftKindName (name: string): boolean {
  return BY_NAME.has(name)
}

const MCP_NAMES = new Set(MCP_DRIFT_KINDS.map((kind) => kind.name))

/** Whether `name` is one of the kinds that perturb MCP answers (and only those). */
export function isMcpDriftKind (name: string): boolean {
  return MCP_NAMES.has(name)
}

/** 'unknown drift kind "x"; valid kinds: a, b, ...': one line, for start-up, the admin API and request warnings. */
export function unknownKindsMessage (unknown: readonly string[]): string {
  const named = unknown.map((name) => JSON.stringify(name)).join(', ')
  return `unknown drift kind${unknown.length > 1 ? 's' : ''} ${named}; valid kinds: ${driftKindNames.join(', ')}`
}
