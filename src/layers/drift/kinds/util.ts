// Shared helpers of the drift kinds: response guards, result building, and the one-site "field kind" pattern.
import { isObject, parsePointer, type JsonObject, type Token } from '../json-pointer.js'
import { matchBranch, walkWithSchema, type SchemaWalkEntry } from '../schema-walk.js'
import type { DriftContext, DriftKind, DriftResult } from '../types.js'

/** A 2xx response that has a JSON body: the only responses the shape kinds touch (errors have their own kind). */
export function isSuccessBody (ctx: DriftContext): boolean {
  return ctx.statusCode >= 200 && ctx.statusCode < 300 && ctx.body !== undefined
}

/** The offset envelope of the lists: {limit, offset, hasNextPage, data}. */
export function isPagedEnvelope (body: unknown): body is JsonObject & { data: unknown[] } {
  return isObject(body) && Array.isArray(body.data) && typeof body.hasNextPage === 'boolean' &&
    typeof body.offset === 'number' && typeof body.limit === 'number'
}

/** The service's error envelope ({statusCode, error, message}, maybe with Fastify's `code`). */
export function isErrorEnvelope (body: unknown): body is JsonObject & { statusCode: number, error: string, message: string } {
  return isObject(body) && typeof body.statusCode === 'number' && typeof body.error === 'string' &&
    typeof body.message === 'string'
}

/** '<kind> <pointer>', or just '<kind>' when the change is the whole response (pointer ''). */
export function change (kind: string, pointer: string): string {
  return pointer === '' ? kind : `${kind} ${pointer}`
}

export function result (ctx: DriftContext, body: unknown, changes: string[], extra: Partial<DriftResult> = {}): DriftResult {
  return { statusCode: ctx.statusCode, body, headers: {}, changes, ...extra }
}

// Bodies are read-only to drift, so one walk per (body, schema) serves every kind that asks (random mode asks
// each requested kind whether it applies, then the chosen one again).
const walked = new WeakMap<object, { schema: unknown, entries: SchemaWalkEntry[] }>()

/** Every position of a 2xx body with its schema facts, in walk order; empty for other responses. */
export function positions (ctx: DriftContext): SchemaWalkEntry[] {
  if (!isSuccessBody(ctx) || typeof ctx.body !== 'object' || ctx.body === null) return []
  const cached = walked.get(ctx.body)
  if (cached !== undefined && cached.schema === ctx.schema) return cached.entries
  const entries = [...walkWithSchema(ctx.body, ctx.schema)]
  walked.set(ctx.body, { schema: ctx.schema, entries })
  return entries
}

/** The container in `root` that holds the position `pointer` names (root is a clone with the original's shape). */
export function parentIn (root: unknown, pointer: string): JsonObject | unknown[] {
  let node = root
  for (const token of parsePointer(pointer).slice(0, -1)) node = (node as Record<string, unknown>)[token]
  return node as JsonObject | unknown[]
}

/** Sets an own key, even `__proto__`, which plain assignment would treat as the prototype. */
export function defineKey (target: JsonObject, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
}

/** Renames `from` to `to` in place, keeping the key's position so the output reads like a real server's. */
export function renameKey (target: JsonObject, from: string, to: string): void {
  const entries = Object.entries(target)
  for (const key of Object.keys(target)) delete target[key]
  for (const [key, value] of entries) defineKey(target, key === from ? to : key, value)
}

/** A position to change, named by its pointer. */
export interface FieldSite { pointer: string }
/** A position with its key in the parent (a number for array items). */
export interface KeyedSite extends FieldSite { key: Token }

/** A walk position, or the body itself (pointer '', no parent). */
export type Position = Omit<SchemaWalkEntry, 'parent'> & { parent?: JsonObject | unknown[] }

/** Positions, for kinds that need the schema (required/optional, enums): none when it is unknown. */
export function schemaPositions (ctx: DriftContext): SchemaWalkEntry[] {
  return ctx.schema === undefined ? [] : positions(ctx)
}

/** The body itself, then every position in it (for kinds that may change the root object too). */
export function rootAndPositions (ctx: DriftContext): Position[] {
  if (!isSuccessBody(ctx)) return []
  const declared = isObject(ctx.schema) ? ctx.schema : undefined
  const schema = matchBranch(ctx.schema, ctx.body)
  return [{ pointer: '', key: '', value: ctx.body, declared, schema, role: 'unknown', fieldName: undefined }, ...positions(ctx)]
}

/** A kind that changes one site of the body, chosen with ctx.rng among its candidates (walk order). */
export interface FieldKindSpec<C extends FieldSite> {
  name: string
  description: string
  breaking: boolean
  /** The site this position offers, or undefined. */
  candidate (entry: Position, ctx: DriftContext): C | undefined
  /** The positions to consider; every position of a 2xx body unless given. */
  positions? (ctx: DriftContext): Position[]
  /** Changes the site in `root` (a clone) in place; returns the pointer to report. */
  mutate (root: unknown, site: C, ctx: DriftContext): string
}

export function fieldKind<C extends FieldSite> (spec: FieldKindSpec<C>): DriftKind {
  const considered = spec.positions ?? positions
  return {
    name: spec.name,
    description: spec.description,
    breaking: spec.breaking,
    // some() stops at the first site: asking every kind whether it applies stays cheap on a 5,000-element scene.
    appliesTo: (ctx) => considered(ctx).some((entry) => spec.candidate(entry, ctx) !== undefined),
    apply (ctx) {
      const sites: C[] = []
      for (const entry of considered(ctx)) {
        const site = spec.candidate(entry, ctx)
        if (site !== undefined) sites.push(site)
      }
      if (sites.length === 0) return null
      const site = ctx.rng.pick(sites)
      const root = structuredClone(ctx.body)
      const pointer = spec.mutate(root, site, ctx)
      return result(ctx, root, [change(spec.name, pointer)])
    }
  }
}

/** True for positions that are fields of a record (not array items or map entries). */
export function isField (entry: Position): entry is Position & { key: string, parent: JsonObject } {
  return typeof entry.key === 'string' && entry.role !== 'entry' && isObject(entry.parent)
}
