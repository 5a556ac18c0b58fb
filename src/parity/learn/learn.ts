// What `learn` keeps of a report: per operation, the shape changes the target showed (fields added, removed,
// renamed, JSON types changed, headers added or removed, statuses changed, routes missing), each for the status it
// was seen with; values, what the rules excuse, the target's failures and one-off statuses, not.
import { JSON_TYPES, type JsonType, type LearnedChange, type LearnedOperation, type Seen } from '../../formats/drift-profile.js'
import { createIdMap } from '../compare/id-map.js'
import { SCALAR_RULES } from '../compare/rules.js'
import type { ReportDifference, ReportOperation } from './report-reader.js'

/** Why a difference was not learned, counted for the summary line. */
export type Skipped = 'value' | 'list item' | 'excused' | 'not a shape change' | 'target failure' | 'one-off status'

interface Candidate { pointer: string, value: unknown, status?: number, seen: Seen }

interface Learning {
  changes: LearnedChange[]
  removals: Candidate[]
  additions: Candidate[]
  skipped: Record<Skipped, number>
  /** How many answers of the operation differed, when the report says. */
  differs?: number
  /** The operation's answers per pair of statuses (`"200 201"`), when the report says. */
  statuses?: Record<string, number>
  /** The operation's status differences, `emulator target` each: two targets for one emulator status disagree. */
  statusPairs: Array<[unknown, unknown]>
}

/** `body/data/0/metadata/x` → `/data/0/metadata/x`: the pointer into the answer. */
export function bodyPointer (path: string): string {
  return path.slice('body'.length)
}

/** `/data/0/metadata/x` → `/data/*` + `/metadata/x`: every array position standing for any item of its list. */
export function anyItem (pointer: string): string {
  return pointer.split('/').map((token, i) => i > 0 && /^\d+$/.test(token) ? '*' : token).join('/')
}

const lastToken = (path: string): string => path.slice(path.lastIndexOf('/') + 1)

/**
 * The pointer a body difference teaches: one seen at list items more than once (at several items of a page, or
 * on several answers) is every item's (`*`): a beta that renames a field of its records renames it on all of them,
 * and a page learned at one index would mix both names offline. One seen once stays at its item (random drift
 * changes one site of one answer).
 */
function pointerOf (difference: ReportDifference): string {
  const pointer = bodyPointer(difference.path)
  return difference.pattern !== undefined && (difference.count ?? 1) > 1 ? anyItem(pointer) : pointer
}

/**
 * The JSON type of a value as a report shows it: a structure longer than the report keeps is a text cut with
 * '…'; a document check names the type it expected in parentheses (`(integer)`).
 */
export function shownType (value: unknown, fromDocument = false): JsonType | undefined {
  if (typeof value === 'string') {
    if (value.endsWith('…') && /^[[{]/.test(value)) return value.startsWith('{') ? 'object' : 'array'
    const declared = fromDocument ? /^\((\w+)\)$/.exec(value)?.[1] : undefined
    if (declared === 'integer') return 'number'
    if (declared !== undefined && JSON_TYPES.includes(declared as JsonType)) return declared as JsonType
    return 'string'
  }
  if (value === null || value === undefined) return 'null'
  if (Array.isArray(value)) return 'array'
  return typeof value as JsonType
}

/** A sample of the target's value: itself, or an empty structure of its type when the report cut it. */
function sample (value: unknown): unknown {
  const type = shownType(value)
  if (typeof value === 'string' && type === 'object') return {}
  if (typeof value === 'string' && type === 'array') return []
  return value ?? null
}

/** A difference one of parity's scalar rules lets pass (a report from another producer or version may hold one). */
function excused (difference: ReportDifference): boolean {
  // Only these carry the two values as sent; a rule's own differences (`format`, `id`) carry what it compared.
  if (difference.kind !== 'value' && difference.kind !== 'type') return false
  const site = { key: lastToken(difference.path), path: difference.path, parent: undefined, mode: 'value' as const }
  const rule = SCALAR_RULES.find((r) => r.applies(site, difference.emulator, difference.target))
  return rule !== undefined && rule.compare(difference.emulator, difference.target, site, createIdMap()) === null
}

function seenOf (report: string, difference: ReportDifference): Seen {
  return difference.requests === undefined ? { report, path: difference.path } : { report, path: difference.path, requests: difference.requests }
}

/** `{ status }` when the report says which status the difference was seen on (learned for that status only). */
const statusOf = (seenOn: { status?: number }): { status?: number } => seenOn.status === undefined ? {} : { status: seenOn.status }

function learnHeader (learning: Learning, difference: ReportDifference, seen: Seen): void {
  const header = difference.path.slice('header/'.length).toLowerCase()
  const { emulator, target } = difference
  if ((emulator === null || emulator === undefined) && typeof target === 'string') {
    learning.changes.push({ change: 'header-added', header, value: target, ...statusOf(difference), seen: [seen] })
  } else if (typeof emulator === 'string' && (target === null || target === undefined)) {
    learning.changes.push({ change: 'header-removed', header, ...statusOf(difference), seen: [seen] })
  } else {
    learning.skipped.value++
  }
}

function learnType (learning: Learning, difference: ReportDifference, seen: Seen): void {
  const from = shownType(difference.emulator, true)
  const to = shownType(difference.target)
  if (from === undefined || to === undefined || from === to) return void learning.skipped.value++
  // The whole answer turned into another type (a page unwrapped to its list): no sample can stand for it.
  if (difference.path === 'body') return void learning.skipped['not a shape change']++
  learning.changes.push({
    change: 'type-changed', path: pointerOf(difference), from, to, sample: sample(difference.target), ...statusOf(difference), seen: [seen]
  })
}

/**
 * Whether every answer the emulator gave `from` the target gave `to`: the operation's status pairs when the report
 * has them, else no other status difference from `from` to another status, the target's 5xx left out (its failures).
 * A status seen once is not a shape.
 */
function statusAgreed (learning: Learning, from: number, to: number): boolean {
  // A target 5xx is its failure, not the API's shape: one 502 among 28 answers 201 does not make the change one-off.
  const failed = (target: unknown): boolean => Number(target) >= 500
  if (learning.statuses !== undefined) {
    const fromFrom = Object.keys(learning.statuses).map((pair) => pair.split(' ')).filter(([e, t]) => e === String(from) && !failed(t))
    return fromFrom.every(([, t]) => t === String(to))
  }
  return learning.statusPairs.every(([e, t]) => e !== from || t === to || failed(t))
}

function learnStatus (learning: Learning, difference: ReportDifference, seen: Seen): void {
  const from = difference.emulator as number
  const to = difference.target as number
  if (!statusAgreed(learning, from, to)) return void learning.skipped['one-off status']++
  learning.changes.push({ change: 'status-changed', from, to, seen: [seen] })
}

/** A route the target does not have: its not-found, replayed before the operation runs (nothing written). */
function learnMissingRoute (learning: Learning, difference: ReportDifference, seen: Seen): void {
  if (difference.status === undefined || difference.notFound === undefined) return void learning.skipped['not a shape change']++
  learning.changes.push({ change: 'route-missing', status: difference.status, body: difference.notFound, seen: [seen] })
}

/**
 * The target failed rather than answered in a new shape: a 5xx (a proxy's HTML 502, an outage), or a body that is
 * not JSON where the emulator's is. Not learned: offline, one bad night would answer every call that way.
 */
function targetFailure (difference: ReportDifference): boolean {
  const status = difference.kind === 'status' ? difference.target : difference.status
  return (typeof status === 'number' && status >= 500) || (difference.kind === 'body' && String(difference.target).startsWith('not JSON'))
}

/** One difference of one operation, into `learning`. */
function learnOne (learning: Learning, difference: ReportDifference, report: string): void {
  const seen = seenOf(report, difference)
  const { path, kind } = difference
  if (targetFailure(difference)) return void learning.skipped['target failure']++
  if (excused(difference)) return void learning.skipped.excused++
  // A read that differs because an earlier write failed on the target shows that failure, not a new shape.
  if (difference.followsFrom !== undefined) return void learning.skipped['not a shape change']++
  if (kind === 'missing-route') return learnMissingRoute(learning, difference, seen)
  if (kind === 'status' && Number.isInteger(difference.emulator) && Number.isInteger(difference.target)) return learnStatus(learning, difference, seen)
  if (kind === 'header' && path.startsWith('header/')) return learnHeader(learning, difference, seen)
  if (!path.startsWith('body/') || !['missing', 'extra', 'type'].includes(kind)) {
    learning.skipped[['value', 'enum', 'format', 'length', 'order', 'id'].includes(kind) ? 'value' : 'not a shape change']++
    return
  }
  if (kind === 'type') return learnType(learning, difference, seen)
  // A record more or fewer in a list is content, not shape.
  if (/^(\d+|\*)$/.test(lastToken(path))) return void learning.skipped['list item']++
  const candidate = { pointer: pointerOf(difference), value: kind === 'missing' ? difference.emulator : difference.target, status: difference.status, seen }
  if (kind === 'missing') learning.removals.push(candidate)
  else learning.additions.push(candidate)
}

const parentOf = (pointer: string): string => pointer.slice(0, pointer.lastIndexOf('/'))
const PLACEHOLDER = /^\(.*\)$/

const sameLevel = (removal: Candidate, addition: Candidate): boolean =>
  anyItem(parentOf(addition.pointer)) === anyItem(parentOf(removal.pointer)) && addition.status === removal.status

/**
 * The addition a removal pairs with as a rename: one at its level carrying the same value; else, when the removal
 * is at a list item and carries no value (a record the shadow side imported in the new shape has no old field to
 * compare), the one addition at its level on every item of that list. INFER: a field gone where a new one appeared on
 * every item of the same list is that field renamed (the shadow-learn-consistent test's case).
 */
function renameOf (learning: Learning, removal: Candidate): number {
  const same = JSON.stringify(removal.value)
  const byValue = learning.additions.findIndex((addition) => sameLevel(removal, addition) &&
    JSON.stringify(addition.value) === same && !(typeof removal.value === 'string' && PLACEHOLDER.test(removal.value)))
  if (byValue !== -1 || (removal.value !== null && removal.value !== undefined) || anyItem(removal.pointer) === removal.pointer) return byValue
  const listWide = learning.additions.flatMap((addition, i) => sameLevel(removal, addition) && addition.pointer.includes('/*/') ? [i] : [])
  return listWide.length === 1 ? listWide[0] : -1
}

/**
 * A removal and an addition at one level that carry the same value are one field renamed; one of them seen on
 * every item of a list makes the rename every item's (offline pages must not mix both names).
 */
function pairRenames (learning: Learning): void {
  for (const removal of learning.removals) {
    const i = renameOf(learning, removal)
    if (i === -1) {
      learning.changes.push({ change: 'field-removed', path: removal.pointer, ...statusOf(removal), seen: [removal.seen] })
      continue
    }
    const [addition] = learning.additions.splice(i, 1)
    const to = lastToken(addition.pointer).replace(/~1/g, '/').replace(/~0/g, '~')
    const path = addition.pointer.includes('/*/') ? anyItem(removal.pointer) : removal.pointer
    learning.changes.push({ change: 'field-renamed', path, to, ...statusOf(removal), seen: [removal.seen, addition.seen] })
  }
  for (const addition of learning.additions) {
    learning.changes.push({ change: 'field-added', path: addition.pointer, sample: sample(addition.value), ...statusOf(addition), seen: [addition.seen] })
  }
}

/** The identity of a change: the same change seen twice is one change seen in two places. */
function identity (change: LearnedChange): string {
  return change.change === 'status-changed' || change.change === 'route-missing' ? siteIdentity(change) : `${siteIdentity(change)} @${change.status ?? ''}`
}

function siteIdentity (change: LearnedChange): string {
  switch (change.change) {
    case 'status-changed': return `${change.change} ${change.from}`
    case 'route-missing': return change.change
    case 'header-added': case 'header-removed': return `header ${change.header}`
    case 'field-renamed': return `${change.change} ${change.path} ${change.to}`
    case 'type-changed': return `${change.change} ${change.path} ${change.from}`
    default: return `${change.change} ${change.path}`
  }
}

/**
 * A change seen at two or more items of a list is a change of every item (`/data/<*>/x`); one seen at a single item
 * stays there. INFER: a beta that reshapes its records reshapes all of them (a report lists one difference per
 * item), while a change seen once may be that one record's (a drifting emulator changes one site per answer).
 */
function generalised (changes: readonly LearnedChange[]): LearnedChange[] {
  const sites = new Map<string, Set<string>>()
  const general = (change: LearnedChange): string => 'path' in change ? identity({ ...change, path: anyItem(change.path) }) : identity(change)
  for (const change of changes) {
    if (!('path' in change)) continue
    sites.set(general(change), (sites.get(general(change)) ?? new Set()).add(change.path))
  }
  return changes.map((change) => 'path' in change && (sites.get(general(change))?.size ?? 0) > 1 ? { ...change, path: anyItem(change.path) } : change)
}

/** Changes once each (the first sample wins), the places they were seen merged. */
function merged (changes: readonly LearnedChange[]): LearnedChange[] {
  const byIdentity = new Map<string, LearnedChange>()
  for (const change of changes) {
    const known = byIdentity.get(identity(change))
    if (known === undefined) byIdentity.set(identity(change), { ...change, seen: [...change.seen] })
    else known.seen.push(...change.seen.filter((s) => !known.seen.some((k) => k.report === s.report && k.path === s.path)))
  }
  return [...byIdentity.values()]
}

export interface LearnedReport { operations: LearnedOperation[], learned: number, skipped: Record<Skipped, number> }

/** Learns every operation of the given reports (in order: an operation in two reports gets both reports' changes). */
export function learnFrom (reports: ReadonlyArray<{ file: string, operations: ReadonlyArray<Readonly<ReportOperation>> }>): LearnedReport {
  const skipped: Record<Skipped, number> = { 'value': 0, 'list item': 0, 'excused': 0, 'not a shape change': 0, 'target failure': 0, 'one-off status': 0 }
  const byOperation = new Map<string, LearnedChange[]>()
  for (const report of reports) {
    for (const { operation, differences, differs, statuses } of report.operations) {
      const statusPairs = differences.filter((d) => d.kind === 'status').map((d): [unknown, unknown] => [d.emulator, d.target])
      const learning: Learning = { changes: [], removals: [], additions: [], skipped, differs, statuses, statusPairs }
      for (const difference of differences) learnOne(learning, difference, report.file)
      pairRenames(learning)
      byOperation.set(operation, [...(byOperation.get(operation) ?? []), ...learning.changes])
    }
  }
  const operations = [...byOperation]
    .map(([operation, changes]) => ({ operation, changes: merged(generalised(changes)) }))
    .filter((op) => op.changes.length > 0)
  return { operations, learned: operations.reduce((sum, op) => sum + op.changes.length, 0), skipped }
}
