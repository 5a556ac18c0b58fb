// The normalisation rules of a parity run, all in one place: what legitimately differs between the emulator's
// answer and the target's, and how much of it is still compared. docs/parity.md ("Check it against the real
// service" section lists them by name; test/parity/compare/rules.test.ts has a test for each.
import type { Difference } from '../types.js'
import { isObject } from '../../formats/read.js'
import type { IdMap } from './id-map.js'

export type Mode = 'value' | 'shape'

/** Where a scalar sits: its field name (an array item takes its array's), JSON pointer, holder and compare mode. */
export interface Site {
  key: string | undefined
  path: string
  parent: unknown
  mode: Mode
}

export interface ScalarRule {
  name: string
  /** One line for the rules table of docs/parity.md. */
  description: string
  applies (site: Site, emulator: unknown, target: unknown): boolean
  /** The difference this rule still sees, or null. */
  compare (emulator: unknown, target: unknown, site: Site, ids: IdMap): Difference | null
}

/** What every rule-level description of a body-wide behaviour needs: a name and a line of docs/parity.md. */
export interface NamedRule { name: string, description: string }

const differ = (site: Site, kind: string, emulator: unknown, target: unknown): Difference =>
  ({ path: site.path, kind, emulator, target })

// ---- ids ---------------------------------------------------------------------------------------------------

/** Fields that hold another record's id, besides `id`, `…Id` and `…_id`. */
const ID_REFERENCE_KEYS = new Set(['workspace', 'collection', 'creator', 'updater', 'updatedBy', 'scene', 'redeemedBy', 'users', 'owner', 'uid'])

export function isIdKey (key: string | undefined): boolean {
  if (key === undefined) return false
  return key === 'id' || /[a-z]Id$/.test(key) || /_id$/.test(key) || ID_REFERENCE_KEYS.has(key)
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const ELEMENT_ID = /^[A-Za-z0-9_-]{21}$/
const PREFIXED = /^[a-z]{2,8}_[A-Za-z0-9]{6,}$/

/**
 * The format of an id, coarse enough that two random ids of one kind always agree: uuid, element-id (21
 * characters of [A-Za-z0-9_-], as nanoid makes them), prefixed (`scn_…`), or token (anything else).
 */
export function idFormat (id: string): string {
  if (UUID.test(id)) return 'uuid'
  if (ELEMENT_ID.test(id)) return 'element-id'
  if (PREFIXED.test(id)) return 'prefixed'
  return 'token'
}

export const idsRule: ScalarRule = {
  name: 'ids',
  description: 'Ids (`id`, `…Id`, `…_id`, and the fields that name another record: `workspace`, `collection`, `creator`, `updater`, `scene`, …) ' +
    'are mapped by first appearance: a target id and an emulator id at the same place become a pair, ' +
    'and every later appearance must keep the pair (both ways). ' +
    'Their format is compared (uuid, 21-character element id, prefixed such as `scn_…`, other token).',
  applies: (site, emulator, target) => isIdKey(site.key) && typeof emulator === 'string' && typeof target === 'string',
  compare (emulator, target, site, ids) {
    const e = emulator as string
    const t = target as string
    if (idFormat(e) !== idFormat(t)) return differ(site, 'format', `${idFormat(e)} id`, `${idFormat(t)} id`)
    if (ids.check(e, t) !== 'conflict') return null
    const known = ids.toEmulator(t)
    return differ(site, 'id', e, known === undefined ? t : `${t} (earlier the same as ${known})`)
  }
}

/** The form of a `source_id`: its id format, or null. */
const sourceForm = (value: unknown): string => typeof value === 'string' ? `${idFormat(value)} id` : value === null ? 'null' : typeof value

export const auditSourcesRule: ScalarRule = {
  name: 'audit-sources',
  description: 'A log entry\'s `source_id` names the key that made the write, ' +
    'and the emulator side writes with a key the run minted for it: only its form is compared (the id format as for `ids`, or null), never which key it names.',
  applies: (site) => site.key === 'source_id',
  compare: (emulator, target, site) => sourceForm(emulator) === sourceForm(target) ? null : differ(site, 'format', sourceForm(emulator), sourceForm(target))
}

// ---- timestamps --------------------------------------------------------------------------------------------

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/

/** `2026-11-25T10:00:00.000Z` → `dddd-dd-ddTdd:dd:dd.dddZ`: the rendering, not the instant. */
export function timestampFormat (value: string): string {
  return value.replace(/\d/g, 'd')
}

export const timestampsRule: ScalarRule = {
  name: 'timestamps',
  description: 'ISO 8601 date-time strings: only their format is compared (`dddd-dd-ddTdd:dd:dd.dddZ`: precision, zone), not the instant.',
  applies: (_site, emulator, target) => typeof emulator === 'string' && typeof target === 'string' &&
    ISO_TIMESTAMP.test(emulator) && ISO_TIMESTAMP.test(target),
  compare (emulator, target, site) {
    const e = timestampFormat(emulator as string)
    const t = timestampFormat(target as string)
    return e === t ? null : differ(site, 'format', e, t)
  }
}

// ---- versions, cursors and counts ------------------------------------------------------------------------

export const sceneVersionsRule: ScalarRule = {
  name: 'scene-versions',
  description: '`sceneVersion` (and `lastAcknowledgedVersion`) are the service\'s own digests of a scene: only their JSON type is compared. ' +
    '`contentEpoch`, `updateCount` and the element counters of scenes the run made are compared by value.',
  applies: (site, emulator, target) => (site.key === 'sceneVersion' || site.key === 'lastAcknowledgedVersion') && typeof emulator === typeof target,
  compare: () => null
}

/** Paging values that follow from how much the workspace holds, not from the request. */
const CONTENT_COUNTS = new Set(['hasNextPage', 'hasMore', 'nextCursor', 'totalCount', 'totalPages'])

export const workspaceCountsRule: ScalarRule = {
  name: 'workspace-counts',
  description: 'In reads of the workspace\'s own contents, `hasNextPage`, `hasMore`, `totalCount`, `totalPages` and `nextCursor` ' +
    'depend on how much the workspace holds: their JSON type is compared ' +
    '(`nextCursor` may be a string or null), and `limit`, `offset`, `currentPage` by value. ' +
    'Anywhere, a `nextCursor` string is opaque: never compared by value.',
  applies: (site, emulator, target) => site.key !== undefined && CONTENT_COUNTS.has(site.key) &&
    (site.mode === 'shape' || (site.key === 'nextCursor' && typeof emulator === 'string' && typeof target === 'string')),
  compare (emulator, target, site) {
    if (site.key === 'nextCursor') {
      const ok = (v: unknown) => v === null || typeof v === 'string'
      return ok(emulator) && ok(target) ? null : differ(site, 'type', emulator, target)
    }
    return typeof emulator === typeof target ? null : differ(site, 'type', emulator, target)
  }
}

// ---- error texts and addresses ---------------------------------------------------------------------------

/** `message` of the error envelope or of a JSON-RPC error, and `error` of an MCP tool's `{"error": text}`. */
function isErrorText (site: Site): boolean {
  if (!isObject(site.parent)) return false
  const parent = site.parent
  if (site.key === 'message') return typeof parent.statusCode === 'number' || typeof parent.code === 'number'
  return site.key === 'error' && Object.keys(parent).length === 1
}

export const errorMessagesRule: ScalarRule = {
  name: 'error-messages',
  description: 'Error texts (`message` of the `{statusCode, error, message}` envelope and of a JSON-RPC error, ' +
    'an MCP tool\'s `{"error": …}`) are the emulator\'s own words: only their type is compared; ' +
    '`statusCode` and `error` are compared by value.',
  applies: (site) => isErrorText(site),
  compare: (emulator, target, site) => typeof emulator === typeof target ? null : differ(site, 'type', emulator, target)
}

/** ipv4, ipv6 or other: the address a log entry saw depends on where the run came from. */
export function ipFormat (value: unknown): string {
  if (typeof value !== 'string') return value === null ? 'null' : typeof value
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(value)) return 'ipv4'
  return /^[0-9a-f:.]+$/i.test(value) && value.includes(':') ? 'ipv6' : 'other'
}

export const ipAddressesRule: ScalarRule = {
  name: 'ip-addresses',
  description: 'A log entry\'s `ip_address` is where the run came from as each side saw it: only its kind (ipv4, ipv6, null) is compared.',
  applies: (site) => site.key === 'ip_address',
  compare: (emulator, target, site) => ipFormat(emulator) === ipFormat(target) ? null : differ(site, 'format', ipFormat(emulator), ipFormat(target))
}

/** A user record: the fields that make `name` and `picture` a person's. */
const isUserRecord = (value: unknown): boolean => isObject(value) && 'uid' in value && 'email' in value
const PEOPLE_FIELDS = new Set(['email', 'user_email', 'user_full_name', 'user_picture'])

export const peopleRule: ScalarRule = {
  name: 'people',
  description: 'People\'s names, emails and pictures (`email`, a user record\'s `name` and `picture`, ' +
    'a log entry\'s `user_email`, `user_full_name`, `user_picture`) belong to the workspace, not to the API: ' +
    'only their type is compared (a string and null differ). Recordings made with `--redact-people` replace them anyway.',
  applies: (site) => site.key !== undefined && (PEOPLE_FIELDS.has(site.key) || ((site.key === 'name' || site.key === 'picture') && isUserRecord(site.parent))),
  compare: (emulator, target, site) => (emulator === null) === (target === null) && typeof emulator === typeof target
    ? null
    : differ(site, 'type', emulator, target)
}

/** Tried in order on every pair of scalars (and of id strings); the first that applies decides. */
export const SCALAR_RULES: readonly ScalarRule[] = [
  errorMessagesRule, peopleRule, auditSourcesRule, idsRule, workspaceCountsRule, sceneVersionsRule, timestampsRule, ipAddressesRule
]

// ---- headers -------------------------------------------------------------------------------------------------

/** seconds (a delta), epoch (Unix seconds) or other: the two readings of X-RateLimit-Reset clients meet. */
export function resetFormat (value: string): string {
  if (!/^\d+$/.test(value)) return Number.isFinite(Date.parse(value)) ? 'http-date' : 'other'
  return Number(value) >= 1e9 ? 'epoch-seconds' : 'delta-seconds'
}

export interface HeaderRule extends NamedRule {
  headers: readonly string[]
  /** What must agree instead of the value itself ('delta-seconds', 'whole number'). */
  reduce (name: string, value: string): string
}

export const rateLimitCountersRule: HeaderRule = {
  name: 'rate-limit-counters',
  description: '`X-RateLimit-Remaining` depends on the traffic each side has seen: compared as "a whole number"; ' +
    '`X-RateLimit-Reset` and `Retry-After` by their form (delta seconds, Unix seconds, HTTP date). ' +
    '`X-RateLimit-Limit` and `Content-Type` are compared by value.',
  headers: ['x-ratelimit-remaining', 'x-ratelimit-reset', 'retry-after'],
  reduce: (name, value) => name === 'x-ratelimit-remaining' ? (/^\d+$/.test(value) ? 'whole number' : value) : resetFormat(value)
}

export const HEADER_RULES: readonly HeaderRule[] = [rateLimitCountersRule]

// ---- whole-answer rules (applied by the walker, named here so docs/parity.md and tests can list them) ----------

export const workspaceContentsRule: NamedRule = {
  name: 'workspace-contents',
  description: 'Reads whose answer depends on what the workspace holds (lists, the first scene, user or invite found there, the audit log) ' +
    'are compared by shape: the envelope and its `limit`/`offset` by value; ' +
    'a record the emulator also holds (same id, or an id already paired) by value; ' +
    'any other record against the emulator\'s own OpenAPI document (keys, JSON types, enum values, required fields) ' +
    'and the format of the emulator\'s ids there. Which optional fields such a record carries, and array lengths, are not compared.'
}

export const auditEntriesRule: NamedRule = {
  name: 'audit-entries',
  description: 'Audit-log entries the run caused get new ids on each side: ' +
    'an entry is paired with the other side\'s entry of the same `action`, `operation` and `details` (ids mapped), then compared by value.'
}

export const recordOrderRule: NamedRule = {
  name: 'record-order',
  description: 'Records in a list are paired by id (or id pair), not by position; a different order is one `order` difference.'
}

export const mcpOwnWordsRule: NamedRule = {
  name: 'mcp-own-words',
  description: 'MCP: tool descriptions (also inside input schemas), ' +
    'the format guides\' texts, `instructions` and `serverInfo` are the emulator\'s own words: only their type is compared; ' +
    'tool names, input schemas and the JSON the REST-backed tools answer are compared like REST answers.'
}

export const WHOLE_ANSWER_RULES: readonly NamedRule[] = [workspaceContentsRule, auditEntriesRule, recordOrderRule, mcpOwnWordsRule]

/** Every rule, in the order of docs/parity.md. */
export const ALL_RULES: readonly NamedRule[] = [...SCALAR_RULES, ...HEADER_RULES, ...WHOLE_ANSWER_RULES]

// ---- MCP own words ------------------------------------------------------------------------------------------

const OWN_WORDS = new Set(['description', 'instructions', 'title'])

/** A copy of a tools/list or initialize result with the emulator's own words replaced by their type. */
export function withoutOwnWords (value: unknown, key?: string): unknown {
  if (key !== undefined && OWN_WORDS.has(key) && typeof value === 'string') return '<text>'
  if (key === 'serverInfo' && isObject(value)) return '<server info>'
  if (Array.isArray(value)) return value.map((item) => withoutOwnWords(item))
  if (!isObject(value)) return value
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutOwnWords(v, k)]))
}
