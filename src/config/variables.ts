// The variables of the settings' rows, as errors name them (with their flag), and did-you-mean warnings for
// EMULATOR_* variables that nothing reads (EMULATOR_DRFIT once passed silently).
import { FIELDS, settingOf } from './settings.js'

/** Every variable a setting reads, in row order. */
export const SETTING_VARIABLES: readonly string[] = FIELDS.map((field) => settingOf(field).env)

/** `EMULATOR_DRIFT_RATE (--drift-rate)`: the variable and its flag twin, whichever the user typed. */
export function describeVariable (name: string): string {
  const row = FIELDS.map(settingOf).find((candidate) => candidate.env === name)
  return row === undefined ? name : `${name} (--${row.flag})`
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

/** The unprefixed settings (PORT, HOST, LOG_LEVEL, LOG_FORMAT) as a user who adds the prefix writes them. */
function prefixedTwins (): Map<string, string> {
  return new Map(SETTING_VARIABLES.filter((name) => !name.startsWith('EMULATOR_')).map((name) => [`EMULATOR_${name}`, name]))
}

/** One warning line per EMULATOR_* variable that no setting reads, with the nearest real name when one is close. */
export function unknownVariableWarnings (env: Record<string, string | undefined>): string[] {
  const known = SETTING_VARIABLES.filter((name) => name.startsWith('EMULATOR_'))
  // EMULATOR_PORT, EMULATOR_LOGLEVEL: the prefix is the mistake, so they are matched against the prefixed twins of
  // the settings that have none, and the hint names the real, unprefixed variable.
  const twins = prefixedTwins()
  const warnings: string[] = []
  for (const name of Object.keys(env).filter((key) => key.startsWith('EMULATOR_')).sort()) {
    if (known.includes(name)) continue
    const nearest = nearestVariable(name, [...known, ...twins.keys()])
    const unprefixed = nearest === undefined ? undefined : twins.get(nearest)
    const hint = unprefixed !== undefined
      ? `did you mean ${unprefixed}? (it has no EMULATOR_ prefix)`
      : nearest !== undefined ? `did you mean ${nearest}?` : 'see the configuration table in docs/configuration.md'
    warnings.push(`${name} is not a setting and is ignored: ${hint}`)
  }
  return warnings
}
