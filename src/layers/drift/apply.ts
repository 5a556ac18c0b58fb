// Entry point of the drift core: picks (random mode) or chains (forced mode) kinds over one response, and
// formats the X-Emulator-Drift header. Pure: ctx.body is never mutated; the same seed gives the same output.
import { DRIFT_KINDS, driftKind } from './kinds/index.js'
import type { DriftContext, DriftKind, DriftResult } from './types.js'

/**
 * 'random': among the requested kinds that apply to this response, ctx.rng picks exactly one and applies it
 *   (one rng.pick over them in DRIFT_KINDS order, then whatever draws the kind makes to pick its site).
 * 'forced': every requested kind that applies is applied, in the given order, each to the previous output.
 */
export type DriftMode = 'random' | 'forced'

export const DRIFT_HEADER = 'X-Emulator-Drift'

/** Applies drift to one response; null when no requested kind applied. Unknown kind names throw a RangeError. */
export function applyDrift (ctx: DriftContext, kinds: readonly string[], mode: DriftMode = 'random'): DriftResult | null {
  return mode === 'forced' ? applyForced(ctx, kinds) : applyRandom(ctx, kinds)
}

export function applyRandom (ctx: DriftContext, kinds: readonly string[]): DriftResult | null {
  // Resolve every name first so a typo fails loudly even on responses it would not apply to.
  const requested = new Set(kinds.map((name) => driftKind(name).name))
  // The requested names are a set: candidates follow DRIFT_KINDS order, so ['a', 'b'] and ['b', 'a'] draw alike.
  const applicable = DRIFT_KINDS.filter((kind) => requested.has(kind.name) && kind.appliesTo(ctx))
  if (applicable.length === 0) return null
  return ctx.rng.pick(applicable).apply(ctx)
}

export function applyForced (ctx: DriftContext, kinds: readonly string[]): DriftResult | null {
  const requested = kinds.map(driftKind)
  let current: DriftResult | null = null
  for (const kind of requested) {
    const step = applyStep(ctx, current, kind)
    if (step !== null) current = current === null ? step : merge(current, step)
  }
  return current
}

/** Applies `kind` to the output so far (status and body of `current`, schema and rng of `ctx`). */
function applyStep (ctx: DriftContext, current: DriftResult | null, kind: DriftKind): DriftResult | null {
  const input = current === null ? ctx : { ...ctx, statusCode: current.statusCode, body: current.body }
  return kind.appliesTo(input) ? kind.apply(input) : null
}

function merge (before: DriftResult, after: DriftResult): DriftResult {
  return {
    statusCode: after.statusCode,
    body: after.body,
    headers: { ...before.headers, ...after.headers },
    changes: [...before.changes, ...after.changes]
  }
}

/** Header-safe: commas separate changes, so they (and '%', controls, non-ASCII) are percent-encoded. */
function headerSafe (text: string): string {
  return text.replace(/[^\x20-\x7e]|[,%]/gu, encodeChar)
}

function encodeChar (char: string): string {
  // A lone surrogate (legal in a JSON key) makes encodeURIComponent throw: send U+FFFD instead.
  return /[\ud800-\udfff]/u.test(char) ? '%EF%BF%BD' : encodeURIComponent(char)
}

/**
 * The X-Emulator-Drift value: changes joined with ', '. When longer than `maxLength` (Node's clients refuse
 * response headers over 16 KiB in total), whole entries are kept and the rest counted: ', ... (+N more)'.
 */
export function driftHeaderValue (changes: readonly string[], maxLength = 4096): string {
  const parts = changes.map(headerSafe)
  const full = parts.join(', ')
  if (full.length <= maxLength) return full
  // Room for the ', ... (+N more)' tail, whatever N is.
  const budget = maxLength - 32
  const kept: string[] = []
  let length = 0
  for (const part of parts) {
    length += (kept.length === 0 ? 0 : 2) + part.length
    if (length > budget) break
    kept.push(part)
  }
  const tail = `... (+${parts.length - kept.length} more)`
  return kept.length === 0 ? tail : `${kept.join(', ')}, ${tail}`
}
