// The command lines of `parity` and `import`: parsed with node:util, checked, each mistake one line (exit 2).
import { parseArgs } from 'node:util'
import { DEFAULT_TIMEOUT_MS } from './client.js'
import { operationNamed } from './scenario/select.js'
import { RunError } from './types.js'

/** What both a live run and a verify take: where the report goes, accepted differences, the operations compared. */
export interface CommonOptions {
  report?: string
  accept?: string
  /** --only, as full operation names (`GET /api/v1/scenes`); undefined: every operation. */
  only?: Set<string>
  /** A drift profile the in-process emulator answers with (`learn`'s output). */
  driftProfile?: string
}

export interface LiveOptions extends CommonOptions {
  mode: 'live'
  target: string
  key: string
  record?: string
  readOnly: boolean
  includeMcp: boolean
  redactPeople: boolean
  /** Per request, in ms (--timeout, in seconds). */
  timeoutMs: number
}

export interface VerifyOptions extends CommonOptions { mode: 'verify', dir: string }

export interface CompareOptions { mode: 'compare', old: string, new: string }

export type ParityOptions = LiveOptions | VerifyOptions | CompareOptions | { mode: 'help' }

export interface ImportOptions { from: string, key: string, out: string }

export const PARITY_USAGE = `Usage:
  drawing-api-emulator parity --target <base URL ending in /api/v1> --key <key> [options]
  drawing-api-emulator parity --verify <recording folder> [--report file.json] [--accept file.json] [--only <operation>]
  drawing-api-emulator parity --compare <old report.json> <new report.json>

Runs one scenario against the target and against a fresh in-process emulator and compares every answer.
Exit code: 0 nothing differs (accepted differences aside), 1 something differs, 2 the run could not be made,
among others for a recording or a drift profile of another format version than this tool reads.
With --compare: 0 nothing new in the second report, 1 a new difference, 2 a file is not a parity report
or is one a newer version of this tool wrote (reports of this version and before are read).

Options:
  --target <url>      the service's API, e.g. https://api.example.com/api/v1
  --key <key>         an API key of that workspace (never written anywhere)
  --report <file>     also write the comparison as JSON
  --record <dir>      also write what the target answered, step by step (for --verify)
  --read-only         send GET requests only (nothing is made, nothing changes)
  --include-mcp       also compare POST /api/v1/mcp: tools/list and the read-only tools
  --redact-people     with --record: replace people's names and emails in the recording
  --verify <dir>      replay a recording against a fresh emulator, offline, with no key
  --accept <file>     known differences: a JSON array of {"operation"?, "path", "kind"?, "reason"}
                      (path segments: * one, ** any number); they are listed, not counted
  --only <operation>  compare just this operation, e.g. "GET /api/v1/scenes/{sceneId}" (repeatable)
  --timeout <seconds> how long one request may go unanswered (default 30)
  --compare <old> <new>  the differences new in the second report and those gone from it
  --drift-profile <file>  the in-process emulator answers in the shape of this drift profile (from learn)
                          (default: EMULATOR_DRIFT_PROFILE, as for the emulator)`

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

function parse (command: string, argv: string[], options: Record<string, 'string' | 'boolean' | 'strings'>) {
  try {
    const spec = Object.fromEntries(Object.entries(options).map(([name, type]) =>
      [name, type === 'strings' ? { type: 'string' as const, multiple: true } : { type }]))
    const parsed = parseArgs({ args: argv, options: spec, strict: true, allowPositionals: true })
    return { values: parsed.values as Record<string, string | boolean | string[] | undefined>, positionals: parsed.positionals }
  } catch (error) {
    throw new RunError(`${(error as Error).message} (see drawing-api-emulator ${command} --help)`)
  }
}

const required = (values: Record<string, unknown>, name: string): string => {
  const value = values[name]
  if (typeof value !== 'string' || value === '') throw new RunError(`--${name} is required`)
  return value
}

function onlyOperations (values: Record<string, unknown>): Set<string> | undefined {
  const names = values.only as string[] | undefined
  if (names === undefined) return undefined
  return new Set(names.map((name) => {
    const operation = operationNamed(name)
    if (operation === undefined) throw new RunError(`--only ${name}: not an operation parity compares (they are named as in the table, e.g. "GET /api/v1/scenes/{sceneId}")`)
    return operation
  }))
}

function timeoutMs (values: Record<string, unknown>): number {
  if (values.timeout === undefined) return DEFAULT_TIMEOUT_MS
  const seconds = Number(values.timeout)
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 3600) throw new RunError(`--timeout must be a number of seconds between 0 and 3600 (got ${String(values.timeout)})`)
  return Math.round(seconds * 1000)
}

function compareOptions (values: Record<string, unknown>, positionals: string[]): CompareOptions {
  const others = Object.keys(values).filter((name) => name !== 'compare' && values[name] !== undefined)
  if (others.length > 0) throw new RunError(`--compare reads two reports and takes no other option: drop --${others.join(', --')}`)
  if (positionals.length !== 1) throw new RunError('--compare takes two reports: parity --compare <old.json> <new.json>')
  return { mode: 'compare', old: values.compare as string, new: positionals[0] }
}

const LIVE_ONLY = ['target', 'key', 'record', 'read-only', 'include-mcp', 'redact-people', 'timeout']

export function parseParityOptions (argv: string[]): ParityOptions {
  const { values, positionals } = parse('parity', argv, {
    'target': 'string', 'key': 'string', 'report': 'string', 'record': 'string', 'verify': 'string', 'accept': 'string', 'only': 'strings',
    'timeout': 'string', 'compare': 'string', 'read-only': 'boolean', 'include-mcp': 'boolean', 'redact-people': 'boolean', 'help': 'boolean',
    'drift-profile': 'string'
  })
  if (values.help === true) return { mode: 'help' }
  if (values.compare !== undefined) return compareOptions(values, positionals)
  if (positionals.length > 0) throw new RunError(`unexpected argument ${positionals[0]} (see drawing-api-emulator parity --help)`)
  const common: CommonOptions = {
    report: values.report as string | undefined,
    accept: values.accept as string | undefined,
    only: onlyOperations(values),
    driftProfile: values['drift-profile'] as string | undefined
  }
  if (values.verify !== undefined) {
    const extra = LIVE_ONLY.filter((name) => values[name] !== undefined)
    if (extra.length > 0) throw new RunError(`--verify replays a recording with its own options: drop --${extra.join(', --')}`)
    return { mode: 'verify', dir: values.verify as string, ...common }
  }
  const target = baseUrl(required(values, 'target'), '--target')
  const key = required(values, 'key')
  const readOnly = values['read-only'] === true
  const includeMcp = values['include-mcp'] === true
  const redactPeople = values['redact-people'] === true
  if (readOnly && includeMcp) throw new RunError('--include-mcp sends POST /api/v1/mcp, which --read-only forbids: drop one of them')
  if (redactPeople && values.record === undefined) throw new RunError('--redact-people applies to a recording: add --record <dir>')
  const write = [...(common.only ?? [])].find((operation) => !operation.startsWith('GET '))
  if (readOnly && write !== undefined) throw new RunError(`--only ${write}: --read-only sends no ${write.split(' ')[0]} requests: drop one of them`)
  return { mode: 'live', target, key, record: values.record as string | undefined, readOnly, includeMcp, redactPeople, timeoutMs: timeoutMs(values), ...common }
}

export function parseImportOptions (argv: string[]): ImportOptions | { help: true } {
  const { values, positionals } = parse('import', argv, { from: 'string', key: 'string', out: 'string', help: 'boolean' })
  if (values.help === true) return { help: true }
  if (positionals.length > 0) throw new RunError(`unexpected argument ${positionals[0]} (see drawing-api-emulator import --help)`)
  return { from: baseUrl(required(values, 'from'), '--from'), key: required(values, 'key'), out: required(values, 'out') }
}
