// The response headers a client reads, and their comparison (through the header rules of rules.ts).
import type { Answer, Difference } from '../types.js'
import { HEADER_RULES } from './rules.js'

/** Kept from every answer (and in recordings); everything else a side sends is ignored. */
export const CLIENT_HEADERS = [
  'content-type', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'retry-after',
  'www-authenticate', 'deprecation', 'sunset', 'link', 'etag'
] as const

/** `application/json; charset=utf-8` and `application/json;charset=UTF-8` are the same header. */
function canonical (name: string, value: string): string {
  return name === 'content-type' ? value.toLowerCase().replace(/\s*;\s*/g, '; ') : value
}

function reduced (name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined
  const rule = HEADER_RULES.find((r) => r.headers.includes(name))
  return rule === undefined ? canonical(name, value) : rule.reduce(name, value)
}

export function compareHeaders (emulator: Answer, target: Answer): Difference[] {
  const differences: Difference[] = []
  for (const name of CLIENT_HEADERS) {
    const e = reduced(name, emulator.headers[name])
    const t = reduced(name, target.headers[name])
    if (e !== t) differences.push({ path: `header/${name}`, kind: 'header', emulator: e ?? null, target: t ?? null })
  }
  return differences
}
