// Which environment variable (and flag) sets each config field, so errors name what the user typed, and
// did-you-mean warnings for EMULATOR_* variables that nothing reads (EMULATOR_DRFIT once passed silently).
import { CLI_OPTIONS } from './cli-options.js'

export const FIELD_VARIABLES: Readonly<Record<string, string>> = {
  port: 'PORT',
  host: 'HOST',
  dbPath: 'EMULATOR_DB',
  fixturesDir: 'EMULATOR_FIXTURES',
  seed: 'EMULATOR_SEED',
  adminToken: 'EMULATOR_ADMIN_TOKEN',
  logLevel: 'LOG_LEVEL',
  logFormat: 'LOG_FORMAT',
  bodyLimit: 'EMULATOR_BODY_LIMIT',
  clockStart: 'EMULATOR_CLOCK',
  drift: 'EMULATOR_DRIFT',
  driftSeed: 'EMULATOR_DRIFT_SEED',
  driftRate: 'EMULATOR_DRIFT_RATE',
  driftKinds: 'EMULATOR_DRIFT_KINDS',
  latencyMs: 'EMULATOR_LATENCY_MS',
  latencyJitterMs: 'EMULATOR_LATENCY_JITTER_MS',
  faultRate: 'EMULATOR_FAULT_RATE',
  faultStatus: 'EMULATOR_FAULT_STATUS',
  faultSeed: 'EMULATOR_FAULT_SEED',
  rateLimit: 'EMULATOR_RATE_LIMIT',
  journalSize: 'EMULATOR_JOURNAL_SIZE',
  journalBodyBytes: 'EMULATOR_JOURNAL_BODY_BYTES',
  journalMaxBytes: 'EMULATOR_JOURNAL_MAX_BYTES',
  allowedHosts: 'EMULATOR_ALLOWED_HOSTS',
  requestTimeoutMs: 'EMULATOR_REQUEST_TIMEOUT_MS',
  mcpResponse: 'EMULATOR_MCP_RESPONSE',
  mcpPageSize: 'EMULATOR_MCP_PAGE_SIZE',
  mcpToolset: 'EMULATOR_MCP_TOOLSET',
  renderer: 'EMULATOR_RENDERER',
  renderTimeoutMs: 'EMULATOR_RENDER_TIMEOUT_MS',
  compat: 'EMULATOR_COMPAT'
}

/** `EMULATOR_DRIFT_RATE (--drift-rate)`: the variable and its flag twin, whichever the user typed. */
export function describeVariable (name: string): string {
  const option = CLI_OPTIONS.find((candidate) => candidate.env === name)
  return option === undefined ? name : `${name} (--${option.flag})`
}

function editDistance (a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1))
    }
    previous = current
  }
  return previous[b.length]
}

/**
 * The real name a misspelt or lengthened one most likely means: the nearest within three edits, else the longest
 * real name it begins with (EMULATOR_DB_PATH → EMULATOR_DB), else one that begins with it.
 */
function nearestVariable (name: string, known: readonly string[]): string | undefined {
  const [nearest] = known.map((candidate) => ({ candidate, distance: editDistance(name, candidate) }))
    .sort((a, b) => a.distance - b.distance)
  if (nearest !== undefined && nearest.distance <= 3) return nearest.candidate
  const byLength = [...known].sort((a, b) => b.length - a.length)
  return byLength.find((candidate) => name.startsWith(`${candidate}_`)) ??
    byLength.reverse().find((candidate) => candidate.startsWith(`${name}_`))
}

/** One warning line per EMULATOR_* variable that no setting reads, with the nearest real name when one is close. */
export function unknownVariableWarnings (env: Record<string, string | undefined>): string[] {
  const known = Object.values(FIELD_VARIABLES).filter((name) => name.startsWith('EMULATOR_'))
  const warnings: string[] = []
  for (const name of Object.keys(env).filter((key) => key.startsWith('EMULATOR_')).sort()) {
    if (known.includes(name)) continue
    const nearest = nearestVariable(name, known)
    const hint = nearest !== undefined ? `did you mean ${nearest}?` : 'see the configuration table in docs/configuration.md'
    warnings.push(`${name} is not a setting and is ignored: ${hint}`)
  }
  return warnings
}
