// Value-level drift: a scalar changes JSON type, an enum grows a member, an id changes format.
import { createIdFactory } from '../../../lib/ids.js'
import { hashString } from '../../../lib/rng.js'
import { isObject, parsePointer, type JsonObject } from '../json-pointer.js'
import { accepts, enumOf, type SchemaWalkEntry } from '../schema-walk.js'
import type { DriftContext, DriftKind } from '../types.js'
import { change, defineKey, fieldKind, parentIn, positions, result, schemaPositions, type KeyedSite } from './util.js'

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/
const DECIMAL = /^-?(0|[1-9]\d*)(\.\d+)?$/
// INFER: integers in this range read as epoch milliseconds (years 2001-2286), as element `updated` is.
const EPOCH_MS_MIN = 1e12
const EPOCH_MS_MAX = 1e13

/** The same scalar in its other JSON type, or undefined when it has no plausible other type. */
export function retype (value: unknown): unknown {
  if (typeof value === 'boolean') return String(value)
  if (value === 'true' || value === 'false') return value === 'true'
  if (typeof value === 'number') {
    const isEpoch = Number.isInteger(value) && value >= EPOCH_MS_MIN && value < EPOCH_MS_MAX
    return isEpoch ? new Date(value).toISOString() : String(value)
  }
  if (typeof value !== 'string') return undefined
  if (ISO_DATE.test(value) && Number.isFinite(Date.parse(value))) return Date.parse(value)
  // Only strings that survive the round trip exactly ('15', not '007' or '1e3').
  if (DECIMAL.test(value) && String(Number(value)) === value) return Number(value)
  return undefined
}

interface ValueSite extends KeyedSite { to: unknown }

function setSite (root: unknown, site: ValueSite): string {
  const parent = parentIn(root, site.pointer)
  if (Array.isArray(parent)) parent[Number(site.key)] = site.to
  else defineKey(parent, String(site.key), site.to)
  return site.pointer
}

export const changeScalarType: DriftKind = fieldKind<ValueSite>({
  name: 'change-scalar-type',
  description: 'Changes one scalar\'s JSON type: number/numeric string, ISO date/epoch ms, boolean/"true"',
  breaking: true,
  candidate (entry) {
    const to = retype(entry.value)
    // Skip positions whose schema accepts the new type too ({} items, `details`): that is no drift at all.
    return to === undefined || accepts(entry.declared, to) === true ? undefined : { pointer: entry.pointer, key: entry.key, to }
  },
  mutate: setSite
})

// INFER: members a beta API plausibly adds to each enum, by field name; the first one not already listed wins.
export const UNKNOWN_ENUM_STRINGS: Readonly<Record<string, readonly string[]>> = {
  status: ['expired', 'revoked'],
  role: ['owner', 'guest'],
  roles: ['owner', 'guest'],
  subscriptionStatus: ['paused', 'incomplete'],
  type: ['sso', 'domain'],
  app_source: ['api', 'mcp'],
  source_type: ['integration', 'system'],
  sceneOrder: ['custom'],
  initialRedirect: ['lastOpenedScene'],
  theme: ['high-contrast'],
  locale: ['zh', 'ko']
}

/** A value the enum does not list: the smallest missing non-negative integer (linkSharing → 2), or a plausible word. */
export function unknownEnumValue (values: readonly unknown[], fieldName: string | undefined): number | string {
  if (values.some((value) => typeof value === 'number')) {
    let candidate = 0
    while (values.includes(candidate)) candidate++
    return candidate
  }
  const listed = fieldName !== undefined && Object.hasOwn(UNKNOWN_ENUM_STRINGS, fieldName) ? UNKNOWN_ENUM_STRINGS[fieldName] : []
  const words = [...listed, 'unknown']
  let word = words.find((w) => !values.includes(w))
  for (let n = 2; word === undefined; n++) if (!values.includes(`unknown_${n}`)) word = `unknown_${n}`
  return word
}

export const unknownEnumValueKind: DriftKind = fieldKind<ValueSite>({
  name: 'unknown-enum-value',
  description: 'Sets one enum field to a value the schema does not list (linkSharing 2, status "expired"…)',
  breaking: true,
  positions: schemaPositions,
  candidate (entry) {
    const values = enumOf(entry.declared)
    // Single-valued enums are discriminators (`type: "readonly"`, an error's statusCode), not growing sets.
    if (values === undefined || new Set(values.filter((v) => v !== null)).size < 2) return undefined
    const to = unknownEnumValue(values, entry.fieldName)
    return entry.value === to ? undefined : { pointer: entry.pointer, key: entry.key, to }
  },
  mutate: setSite
})

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
// INFER: Stripe-style prefixes, by the field that holds the record, else by the route's resource.
const PREFIX_BY_CONTAINER: Readonly<Record<string, string>> = {
  metadata: 'scn_', readOnlyLinks: 'lnk_', sharedSlidesLinks: 'sld_', logs: 'log_', elements: 'el_',
  files: 'file_', emoji: 'emj_', scenes: 'scn_', collections: 'col_', users: 'usr_', invites: 'inv_', workspaces: 'ws_'
}

function prefixFor (pointer: string, route: string): string {
  const known = (name: unknown): name is string => typeof name === 'string' && Object.hasOwn(PREFIX_BY_CONTAINER, name)
  const container = parsePointer(pointer).slice(0, -1).findLast(known)
  const resource = route.split('/').filter((part) => part !== '' && !part.startsWith(':')).pop()
  const name = container ?? (known(resource) ? resource : undefined)
  return name === undefined ? 'id_' : PREFIX_BY_CONTAINER[name]
}

/** The new form of an id: derived from the id alone, so it is the same wherever and whenever the id appears. */
export function reformatId (id: string, prefix: string): string {
  const seed = hashString(id)
  const ids = createIdFactory(seed)
  if (!UUID.test(id) && seed % 2 === 0) return ids.uuid()
  return ids.keySecret(prefix).slice(0, prefix.length + 16)
}

/** An `id` field the contract leaves unconstrained (log ids are uuid-patterned: this kind is meant to be non-breaking). */
function isFreeId (entry: SchemaWalkEntry): boolean {
  const { key, value, schema } = entry
  if (key !== 'id' || typeof value !== 'string' || value === '') return false
  return schema === undefined || (schema.pattern === undefined && schema.format === undefined)
}

/** The first position of each distinct free id, in walk order. */
function idCandidates (ctx: DriftContext): SchemaWalkEntry[] {
  const seen = new Set<unknown>()
  const firsts: SchemaWalkEntry[] = []
  for (const entry of positions(ctx)) {
    if (!isFreeId(entry) || seen.has(entry.value)) continue
    seen.add(entry.value)
    firsts.push(entry)
  }
  return firsts
}

/** A copy of `node` with every string equal to `from`, as a value or as a key, replaced by `to`. */
function replaceEverywhere (node: unknown, from: string, to: string): unknown {
  if (node === from) return to
  if (Array.isArray(node)) return node.map((item) => replaceEverywhere(item, from, to))
  if (!isObject(node)) return node
  const out: JsonObject = {}
  for (const [key, value] of Object.entries(node)) defineKey(out, key === from ? to : key, replaceEverywhere(value, from, to))
  return out
}

export const changeIdFormat: DriftKind = {
  name: 'change-id-format',
  description: 'Gives one id another plausible format (UUID or prefixed), consistently wherever it occurs',
  breaking: false,
  appliesTo: (ctx) => positions(ctx).some(isFreeId),
  apply (ctx) {
    const candidates = idCandidates(ctx)
    if (candidates.length === 0) return null
    const chosen = ctx.rng.pick(candidates)
    const from = chosen.value as string
    const to = reformatId(from, prefixFor(chosen.pointer, ctx.route))
    const pointers = positions(ctx).filter((entry) => entry.value === from || entry.key === from).map((entry) => entry.pointer)
    return result(ctx, replaceEverywhere(ctx.body, from, to), pointers.map((pointer) => change('change-id-format', pointer)))
  }
}
