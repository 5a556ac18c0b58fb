// Forced drift from a request header: each step applies one kind, at the site its pointer names when given, so
// a client can paste a response's X-Emulator-Drift value back and get exactly that change again. Pure.
import type { Rng } from '../../lib/rng.js'
import { applyForced } from './apply.js'
import { isObject, parsePointer } from './json-pointer.js'
import type { ForcedStep } from './request.js'
import type { DriftContext, DriftResult } from './types.js'
import { change } from './kinds/util.js'

export interface ReplayResult {
  /** The drifted response, or null when no step applied. */
  result: DriftResult | null
  /** Steps that did not apply (nothing to change, or nothing at their pointer), one line each. */
  warnings: string[]
}

function parentOf (pointer: string): string {
  return pointer.slice(0, pointer.lastIndexOf('/'))
}

function lastToken (pointer: string): string | undefined {
  return parsePointer(pointer).pop()
}

/**
 * An rng whose pick() prefers the site at `pointer`. Kinds choose their site with one rng.pick over candidates
 * that carry a `pointer` (kinds/util.ts FieldSite), and add-unknown-field then picks the new field's name among
 * `names`: so the item to prefer is the one whose pointer is the target, or the target's parent when its
 * `names` hold the target's last token, or that name itself. Otherwise it draws as `rng` would.
 */
export function targetedRng (rng: Rng, pointer: string): Rng {
  const parent = parentOf(pointer)
  const last = lastToken(pointer)
  const preferred = (item: unknown): boolean => {
    if (typeof item === 'string') return item === last
    if (!isObject(item)) return false
    if (item.pointer === pointer) return true
    return item.pointer === parent && Array.isArray(item.names) && item.names.includes(last)
  }
  return {
    next: () => rng.next(),
    int: (max) => rng.int(max),
    pick <T> (items: readonly T[]): T {
      const exact = items.find((item) => isObject(item) && item.pointer === pointer)
      return exact ?? items.find(preferred) ?? rng.pick(items)
    }
  }
}

function merge (before: DriftResult | null, after: DriftResult): DriftResult {
  if (before === null) return after
  return {
    statusCode: after.statusCode,
    body: after.body,
    headers: { ...before.headers, ...after.headers },
    changes: [...before.changes, ...after.changes]
  }
}

/** Applies the steps in order, each to the previous output; a step whose change an earlier step already made is skipped. */
export function applySteps (ctx: DriftContext, steps: readonly ForcedStep[]): ReplayResult {
  let current: DriftResult | null = null
  const warnings: string[] = []
  for (const { kind, pointer } of steps) {
    const wanted = change(kind, pointer ?? '')
    // A kind may report several sites for one change (change-id-format, switch-paging, older-shape): pasting
    // such a header back must not apply the kind once per site.
    if (pointer !== undefined && current?.changes.includes(wanted) === true) continue
    const input: DriftContext = current === null ? { ...ctx } : { ...ctx, statusCode: current.statusCode, body: current.body }
    if (pointer !== undefined) input.rng = targetedRng(ctx.rng, pointer)
    const step = applyForced(input, [kind])
    // A step that missed its pointer is dropped rather than applied elsewhere: replay means exactly that change.
    if (step === null) warnings.push(`${kind} does not apply to this response`)
    else if (pointer !== undefined && !step.changes.includes(wanted)) warnings.push(`${kind} has nothing to change at ${pointer}`)
    else current = merge(current, step)
  }
  return { result: current, warnings }
}
