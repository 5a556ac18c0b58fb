// The command-line options, from the settings' rows: each flag is the twin of one environment variable, so both
// share validation.
import { FIELDS, helpLine, settingOf } from './settings.js'

export interface CliOption {
  flag: string
  env: string
  /** Flags without a value set their variable to "on". */
  takesValue: boolean
  value?: string
  description: string
}

export const CLI_OPTIONS: readonly CliOption[] = FIELDS.map((field) => {
  const row = settingOf(field)
  return { flag: row.flag, env: row.env, takesValue: row.value !== undefined, value: row.value, description: helpLine(row) }
})

export function helpText (version: string): string {
  const rows = CLI_OPTIONS.map((o) => {
    const left = `  --${o.flag}${o.takesValue ? ` <${o.value}>` : ''}`
    return `${left.padEnd(30)} ${o.description}\n${''.padEnd(31)}env: ${o.env}`
  })
  return [
    `drawing-api-emulator ${version}: a local emulator of the drawing workspace service's API v1`,
    '',
    'Usage: drawing-api-emulator [options]',
    '       drawing-api-emulator parity --target <url> --key <key> [...]   compare with the real service (parity --help)',
    '       drawing-api-emulator import --from <url> --key <key> --out <dir>   a real workspace as fixtures (import --help)',
    '       drawing-api-emulator learn --from <report.json> --out <profile.json>   a drift profile from a report (learn --help)',
    '       drawing-api-emulator shadow --target <url> [...]   your own tests through a proxy that compares (shadow --help)',
    '',
    'Options (each has an environment twin; a flag wins over its variable):',
    ...rows,
    `${'  --help'.padEnd(30)} show this help`,
    `${'  --version'.padEnd(30)} print the version`
  ].join('\n')
}
