// The soak's rows in the bench table and its detail: the settings, requests per kind, and every RSS sample.
import type { Row } from './report.js'
import type { SoakResult } from './soak.js'

const n0 = (x: number) => Math.round(x).toLocaleString('en-US')
const mb = (x: number) => `${Math.round(x)} MB`

/** A second half shorter than this says nothing: the process is still growing to its working size. */
const SHORTEST_JUDGED_HALF_S = 60
const duration = (seconds: number) => (seconds % 60 === 0 ? `${seconds / 60} min` : `${seconds} s`)

/**
 * Flat: the second half's RSS spread within 30 MB, once the retention bound was reached before that half began;
 * no verdict on a second half under a minute.
 */
export function soakRows (soak: SoakResult): Row[] {
  const { startMb, peakMb, slopeMbPerMin, secondHalfRangeMb, boundReachedAtS, seconds } = soak
  const judged = boundReachedAtS !== null && boundReachedAtS <= seconds / 2 && seconds / 2 >= SHORTEST_JUDGED_HALF_S
  const reached = boundReachedAtS === null
    ? 'audit bound not reached: set EMULATOR_AUDIT_LOG_MAX lower or run longer (--soak-long)'
    : `audit bound reached at ${boundReachedAtS} s`
  const served = Object.entries(soak.requests).map(([kind, r]) => `${kind} ${n0(r.requests)}${r.non2xx + r.errors > 0 ? ` (${n0(r.non2xx)} non-2xx, ${n0(r.errors)} errors)` : ''}`)
  const failed = Object.values(soak.requests).some((r) => r.non2xx + r.errors > 0)
  return [
    [`soak, ${duration(seconds)} mixed load: RSS over the second half (${reached})`,
      `${slopeMbPerMin >= 0 ? '+' : ''}${slopeMbPerMin.toFixed(1)} MB/min, spread ${mb(secondHalfRangeMb)}`, 'spread <= 30 MB', judged ? secondHalfRangeMb <= 30 : null],
    ['soak: RSS at start, peak', `${mb(startMb)}, ${mb(peakMb)} (+${mb(peakMb - startMb)})`, '<= start + 300 MB', peakMb - startMb <= 300],
    ['soak: requests served per kind (GET /collections, content PATCH, MCP list_scenes)', served.join(', '), 'no errors', !failed]
  ]
}

/** The run's settings and every sample, for the docs and for reading a run afterwards. */
export function soakDetail (soak: SoakResult): string {
  const settings = Object.entries(soak.settings).map(([name, value]) => `${name}=${value}`).join(' ') || 'defaults'
  const lines = [`Soak (${settings}, rate limit off): RSS and audit entries held every 5 s`, '| s | RSS | audit entries |', '|---|---|---|']
  for (const p of soak.samples) lines.push(`| ${p.atS} | ${mb(p.rssMb)} | ${n0(p.auditEntries)} |`)
  return lines.join('\n')
}
