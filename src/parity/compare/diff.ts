// The walk over a pair of JSON bodies: keys, JSON types, values through the scalar rules, lists of records
// paired by id. In shape mode (workspace-contents rule) records that do not pair are set aside for shape checks.
import type { Difference } from '../types.js'
import type { IdMap } from './id-map.js'
import { isObject } from '../../formats/read.js'
import { pairRecords, recordId, samePair, sameOrder, type JsonObject } from './records.js'
import { SCALAR_RULES, type Mode, type Site } from './rules.js'

/** A target record compared by shape: where it is, and the emulator records of the same place. */
export interface ShapeCheck { path: string, record: unknown, models: unknown[] }

export interface WalkContext {
  ids: IdMap
  differences: Difference[]
  /** Paths compared by value inside a shape-mode answer: the document check leaves them alone. */
  valuePaths: string[]
  shapeChecks: ShapeCheck[]
}

export function jsonType (value: unknown): string {
  if (value === null) return 'null'
  return Array.isArray(value) ? 'array' : typeof value
}

const SHOWN_LENGTH = 160

/** A value as a report shows it: scalars as they are, long strings and structures cut. */
export function shown (value: unknown): unknown {
  if (value === undefined) return null
  if (typeof value === 'string') return value.length > SHOWN_LENGTH ? `${value.slice(0, SHOWN_LENGTH)}…` : value
  if (typeof value !== 'object' || value === null) return value
  const text = JSON.stringify(value)
  return text.length > SHOWN_LENGTH ? `${text.slice(0, SHOWN_LENGTH)}…` : value
}

export function pointer (path: string, key: string | number): string {
  return `${path}/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`
}

function push (ctx: WalkContext, path: string, kind: string, emulator: unknown, target: unknown): void {
  ctx.differences.push({ path, kind, emulator: shown(emulator), target: shown(target) })
}

export function compareValue (e: unknown, t: unknown, site: Site, ctx: WalkContext): void {
  const scalars = !isObject(e) && !Array.isArray(e) && !isObject(t) && !Array.isArray(t)
  const rule = scalars ? SCALAR_RULES.find((r) => r.applies(site, e, t)) : undefined
  if (rule !== undefined) {
    const difference = rule.compare(e, t, site, ctx.ids)
    if (difference !== null) push(ctx, difference.path, difference.kind, difference.emulator, difference.target)
    return
  }
  if (jsonType(e) !== jsonType(t)) return push(ctx, site.path, 'type', e, t)
  if (Array.isArray(e)) return compareArrays(e, t as unknown[], site, ctx)
  if (isObject(e)) return compareObjects(e, t as JsonObject, site.path, site.mode, ctx)
  if (e !== t) push(ctx, site.path, 'value', e, t)
}

/** Two objects; in shape mode two records are compared by value only when they are the same record. */
export function compareObjects (e: JsonObject, t: JsonObject, path: string, mode: Mode, ctx: WalkContext): void {
  const eid = recordId(e)
  const tid = recordId(t)
  if (mode === 'shape' && eid !== undefined && tid !== undefined) {
    if (!samePair(eid, tid, ctx.ids)) return void ctx.shapeChecks.push({ path, record: t, models: [e] })
    ctx.valuePaths.push(path)
    mode = 'value'
  }
  compareFields(e, t, path, mode, ctx)
}

function compareFields (e: JsonObject, t: JsonObject, path: string, mode: Mode, ctx: WalkContext): void {
  for (const key of Object.keys(e)) {
    const at = pointer(path, key)
    if (!Object.hasOwn(t, key)) push(ctx, at, 'missing', e[key], undefined)
    else compareValue(e[key], t[key], { key, path: at, parent: e, mode }, ctx)
  }
  for (const key of Object.keys(t)) if (!Object.hasOwn(e, key)) push(ctx, pointer(path, key), 'extra', undefined, t[key])
}

const isRecordList = (list: unknown[]): boolean => list.every((item) => recordId(item) !== undefined)

function compareArrays (e: unknown[], t: unknown[], site: Site, ctx: WalkContext): void {
  if (e.length + t.length > 0 && isRecordList(e) && isRecordList(t)) return compareRecordLists(e, t, site, ctx)
  const contentSized = site.mode === 'shape' && e.concat(t).some(isObject)
  if (e.length !== t.length && !contentSized) push(ctx, site.path, 'length', e.length, t.length)
  for (let i = 0; i < Math.min(e.length, t.length); i++) {
    compareValue(e[i], t[i], { key: site.key, path: pointer(site.path, i), parent: e, mode: site.mode }, ctx)
  }
}

function compareRecordLists (e: unknown[], t: unknown[], site: Site, ctx: WalkContext): void {
  const { pairs, leftEmulator, leftTarget } = pairRecords(e, t, ctx.ids, site.mode)
  for (const [i, j] of pairs) {
    const at = pointer(site.path, j)
    if (site.mode === 'shape') ctx.valuePaths.push(at)
    compareFields(e[i] as JsonObject, t[j] as JsonObject, at, 'value', ctx)
  }
  if (!sameOrder(pairs)) {
    push(ctx, site.path, 'order', pairs.map(([i]) => i).sort((a, b) => a - b).map((i) => recordId(e[i])), pairs.map(([, j]) => recordId(t[j])))
  }
  if (site.mode === 'shape') {
    for (const j of leftTarget) ctx.shapeChecks.push({ path: pointer(site.path, j), record: t[j], models: e })
    return
  }
  for (const j of leftTarget) push(ctx, pointer(site.path, j), 'extra', undefined, recordId(t[j]))
  for (const i of leftEmulator) push(ctx, pointer(site.path, i), 'missing', recordId(e[i]), undefined)
}
