// What one request asks of drift: the X-Emulator-Drift header (off, or kinds to force, each maybe at a pointer)
// and X-Emulator-Drift-Seed. Pure; an unreadable header is a warning for the client, never an error response.
import { isDriftKindName, unknownKindsMessage } from './kinds/index.js'

export const DRIFT_SEED_HEADER = 'X-Emulator-Drift-Seed'
/** Set on a response when a drift request header could not be read or a forced kind could not be applied. */
export const DRIFT_WARNING_HEADER = 'X-Emulator-Drift-Warning'

/** One forced change: a kind, and optionally the site it should change (as X-Emulator-Drift reports it). */
export interface ForcedStep { kind: string, pointer?: string }

export type DriftRequest =
  | { mode: 'default' }
  | { mode: 'off' }
  | { mode: 'forced', steps: ForcedStep[] }
  /** The header could not be read: the response goes out without drift, with `warning` in DRIFT_WARNING_HEADER. */
  | { mode: 'invalid', warning: string }

type HeaderValue = string | string[] | undefined

// The tail driftHeaderValue() writes when it shortens a long header: skipped, so a header can be pasted back.
const TRUNCATION_TAIL = /^\.\.\. \(\+\d+ more\)$/
// A drift profile's changes (`learned /x`): the profile makes them on every matching answer anyway, so a pasted
// header's learned entries are skipped rather than refused.
const LEARNED_ENTRY = /^learned(\s|$)/

/** The header's one value; a repeated header is read as its values joined by commas, as HTTP allows. */
function single (value: HeaderValue): string | undefined {
  return Array.isArray(value) ? value.join(',') : value
}

/** A pointer as X-Emulator-Drift writes it (',', '%' and non-ASCII percent-encoded) back to RFC 6901 text. */
function decodePointer (text: string): string | undefined {
  try {
    const pointer = decodeURIComponent(text)
    return pointer === '' || pointer.startsWith('/') ? pointer : undefined
  } catch {
    return undefined
  }
}

/** A step, or the kind name it does not know (`unknown`), or a problem with its pointer (`problem`). */
function parseStep (entry: string): ForcedStep | { unknown: string } | { problem: string } {
  const space = entry.indexOf(' ')
  const kind = space === -1 ? entry : entry.slice(0, space)
  if (!isDriftKindName(kind)) return { unknown: kind }
  if (space === -1) return { kind }
  const pointer = decodePointer(entry.slice(space + 1).trim())
  if (pointer === undefined) return { problem: `${JSON.stringify(entry)} is not "<kind> <JSON pointer>"` }
  return pointer === '' ? { kind } : { kind, pointer }
}

/** Reads X-Emulator-Drift: absent → default; 'off' → exempt; '<kind>[ <pointer>], ...' → forced steps, in order. */
export function parseDriftRequest (value: HeaderValue): DriftRequest {
  const text = single(value)?.trim()
  if (text === undefined || text === '') return { mode: 'default' }
  if (text.toLowerCase() === 'off') return { mode: 'off' }
  const entries = text.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '' && !TRUNCATION_TAIL.test(entry) && !LEARNED_ENTRY.test(entry))
  const steps: ForcedStep[] = []
  const unknown: string[] = []
  const problems: string[] = []
  for (const entry of entries) {
    const step = parseStep(entry)
    if ('unknown' in step) unknown.push(step.unknown)
    else if ('problem' in step) problems.push(step.problem)
    else steps.push(step)
  }
  if (unknown.length > 0) problems.unshift(unknownKindsMessage([...new Set(unknown)]))
  if (problems.length > 0) return { mode: 'invalid', warning: `${problems.join('; ')}; drift skipped for this request` }
  return steps.length === 0 ? { mode: 'default' } : { mode: 'forced', steps }
}

/** Reads X-Emulator-Drift-Seed: a safe integer, or a warning; undefined when absent. */
export function parseDriftSeed (value: HeaderValue): number | { warning: string } | undefined {
  const text = single(value)?.trim()
  if (text === undefined || text === '') return undefined
  const seed = /^-?\d+$/.test(text) ? Number(text) : NaN
  if (Number.isSafeInteger(seed)) return seed
  return { warning: `${DRIFT_SEED_HEADER} must be a safe integer, |n| < 2^53 (got ${JSON.stringify(text)}); drift skipped for this request` }
}
