// The command lines of `parity` and `import`: parsed with node:util, checked, each mistake one line (exit 2).
import { parseArgs } from 'node:util'
import { RunError } from './types.js'

export interface LiveOptions {
  mode: 'live'
  target: string
  key: string
  report?: string
  record?: string
  readOnly: boolean
  includeMcp: boolean
  redactPeople: boolean
  /** A drift profile the in-process emulator answers with (`learn`'s output). */
  driftProfile?: string
}

export interface VerifyOptions { mode: 'verify', dir: string, report?: string, driftProfile?: string }

export type ParityOptions = LiveOptions | VerifyOptions | { mode: 'help' }

export interface ImportOptions { from: string, key: string, out: string }

export const PARITY_USAGE = `Usage:
  drawing-api-emulator parity --target <base URL ending in /api/v1> --key <key> [options]
  drawing-api-emulator parity --verify <recording folder> [--report file.json]

Runs one scenario against the target and against a fresh in-process emulator and compares every answer.
Exit code: 0 nothing differs, 1 something differs, 2 the run could not be made.

Options:
  --target <url>      the service's API, e.g. https://api.example.com/api/v1
  --key <key>         an API key of that workspace (never written anywhere)
  --report <file>     also write the comparison as JSON
  --record <dir>      also write what the target answered, step by step (for --verify)
  --read-only         send GET requests only (nothing is made, nothing changes)
  --include-mcp       also compare POST /api/v1/mcp: tools/list and the read-only tools
  --redact-people     with --record: replace people's names and emails in the recording
  --verify <dir>      replay a recording against a fresh emulator, offline, with no key
  --drift-profile <f> the in-process emulator answers in the shape of this profile (from learn)`

export const IMPORT_USAGE = `Usage:
  drawing-api-emulator import --from <base URL ending in /api/v1> --key <key> --out <dir>

Reads the key's workspace through the public API and writes a fixture set the emulator serves with
EMULATOR_FIXTURES=<dir> (same ids, names and content), with demo keys of its own (never the source key).`

/** The API's base URL without a trailing slash; one clear line when it is not one. */
export function baseUrl (raw: string, flag: string): string {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new RunError(`${flag} is not a URL: ${raw}`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new RunError(`${flag} must be an http or https URL (got ${raw})`)
  const path = url.pathname.replace(/\/+$/, '')
  if (!path.endsWith('/api/v1') || url.search !== '' || url.hash !== '') {
    throw new RunError(`${flag} must be the API's base URL ending in /api/v1, e.g. https://api.example.com/api/v1 (got ${raw})`)
  }
  return `${url.origin}${path}`
}

function parse (command: string, argv: string[], options: Record<string, 'string' | 'boolean'>) {
  try {
    const spec = Object.fromEntries(Object.entries(options).map(([name, type]) => [name, { type }]))
    return parseArgs({ args: argv, options: spec, strict: true, allowPositionals: false }).values as Record<string, string | boolean | undefined>
  } catch (error) {
    throw new RunError(`${(error as Error).message} (see drawing-api-emulator ${command} --help)`)
  }
}

const required = (values: Record<string, unknown>, name: string): string => {
  const value = values[name]
  if (typeof value !== 'string' || value === '') throw new RunError(`--${name} is required`)
  return value
}

export function parseParityOptions (argv: string[]): ParityOptions {
  const values = parse('parity', argv, {
    target: 'string', key: 'string', report: 'string', record: 'string', verify: 'string',
    'read-only': 'boolean', 'include-mcp': 'boolean', 'redact-people': 'boolean', help: 'boolean', 'drift-profile': 'string'
  })
  const driftProfile = values['drift-profile'] as string | undefined
  if (values.help === true) return { mode: 'help' }
  const report = values.report as string | undefined
  if (values.verify !== undefined) {
    const extra = ['target', 'key', 'record', 'read-only', 'include-mcp', 'redact-people'].filter((name) => values[name] !== undefined)
    if (extra.length > 0) throw new RunError(`--verify replays a recording with its own options: drop --${extra.join(', --')}`)
    return { mode: 'verify', dir: values.verify as string, report, driftProfile }
  }
  const target = baseUrl(required(values, 'target'), '--target')
  const key = required(values, 'key')
  const readOnly = values['read-only'] === true
  const includeMcp = values['include-mcp'] === true
  const redactPeople = values['redact-people'] === true
  if (readOnly && includeMcp) throw new RunError('--include-mcp sends POST /api/v1/mcp, which --read-only forbids: drop one of them')
  if (redactPeople && values.record === undefined) throw new RunError('--redact-people applies to a recording: add --record <dir>')
  return { mode: 'live', target, key, report, record: values.record as string | undefined, readOnly, includeMcp, redactPeople, driftProfile }
}

export function parseImportOptions (argv: string[]): ImportOptions | { help: true } {
  const values = parse('import', argv, { from: 'string', key: 'string', out: 'string', help: 'boolean' })
  if (values.help === true) return { help: true }
  return { from: baseUrl(required(values, 'from'), '--from'), key: required(values, 'key'), out: required(values, 'out') }
}
