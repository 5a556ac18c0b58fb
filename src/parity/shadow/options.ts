// The command line of `shadow`: parsed with node:util, checked, each mistake one line (exit 2).
import { parseArgs } from 'node:util'
import { baseUrl } from '../options.js'
import { RunError } from '../types.js'

export interface ShadowOptions {
  target: string
  port: number
  host: string
  key?: string
  fixtures?: string
  report?: string
  record?: string
  accept?: string
  /** A drift profile (`learn`'s output) the shadow side answers with: how much of the target's change it covers. */
  driftProfile?: string
  timeoutMs: number
}

export const SHADOW_USAGE = `Usage:
  drawing-api-emulator shadow --target <base URL ending in /api/v1> [options]

Listens like the emulator. Every /api/v1 request is forwarded to the target with the client's own key and the
target's answer goes back to the client; behind it, the same request is answered by an in-process emulator and
the two answers are compared with parity's rules. GET /_emulator/shadow is the report so far.
Exit code (on SIGINT or SIGTERM): 0 nothing differed, 1 something differed, 2 it could not run.

Options:
  --target <url>      the service's API, e.g. https://api.example.com/api/v1
  --port <n>          port to listen on (default 4000; 0 for any free port)
  --host <host>       address to listen on (default 127.0.0.1)
  --key <key>         import the target's workspace at start with this key (default: with the first client
                      request's key, before that request is forwarded); never written anywhere
  --fixtures <dir>    start the shadow side from this fixture set instead of an import (reads compare by shape);
                      default and minimal name the bundled sets
  --report <file>     on exit, write the report as JSON
  --record <dir>      on exit, write what the target answered as a recording \`parity --verify\` replays
  --accept <file>     accept rules (as parity's): matching differences are not reported
  --drift-profile <file>
                      the shadow side answers in the shape of this drift profile (from learn): the report then
                      shows what the profile does not cover (default: EMULATOR_DRIFT_PROFILE, as for the emulator)
  --timeout <s>       seconds the target, and the shadow side, may take to answer (default 60)`

function parse (argv: string[]) {
  const spec = {
    'target': 'string', 'port': 'string', 'host': 'string', 'key': 'string', 'fixtures': 'string', 'report': 'string', 'record': 'string',
    'accept': 'string', 'drift-profile': 'string', 'timeout': 'string', 'help': 'boolean'
  } as const
  try {
    return parseArgs({
      args: argv, options: Object.fromEntries(Object.entries(spec).map(([name, type]) => [name, { type }])), strict: true, allowPositionals: false
    }).values as Record<string, string | boolean | undefined>
  } catch (error) {
    throw new RunError(`${(error as Error).message} (see drawing-api-emulator shadow --help)`)
  }
}

function whole (value: string | undefined, flag: string, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback
  const n = Number(value)
  if (!/^\d+$/.test(value) || n < min || n > max) throw new RunError(`--${flag} must be a whole number from ${min} to ${max} (got ${value})`)
  return n
}

export function parseShadowOptions (argv: string[]): ShadowOptions | { help: true } {
  const values = parse(argv)
  if (values.help === true) return { help: true }
  if (typeof values.target !== 'string' || values.target === '') throw new RunError('--target is required')
  const text = (name: string) => typeof values[name] === 'string' && values[name] !== '' ? values[name] as string : undefined
  if (text('key') !== undefined && text('fixtures') !== undefined) {
    throw new RunError('--key imports the target\'s workspace, --fixtures starts from your own: give one of them')
  }
  return {
    target: baseUrl(values.target, '--target'),
    port: whole(text('port'), 'port', 4000, 0, 65535),
    host: text('host') ?? '127.0.0.1',
    key: text('key'),
    fixtures: text('fixtures'),
    report: text('report'),
    record: text('record'),
    accept: text('accept'),
    driftProfile: text('drift-profile'),
    timeoutMs: whole(text('timeout'), 'timeout', 60, 1, 3600) * 1000
  }
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1'])

/** One line when the client's key would cross a network in the clear; undefined when it does not. */
export function plainHttpWarning (target: string): string | undefined {
  const url = new URL(target)
  if (url.protocol !== 'http:' || LOOPBACK.has(url.hostname) || url.hostname.startsWith('127.')) return undefined
  return `shadow: warning: --target ${url.origin} is plain HTTP to a host beyond loopback: your clients' keys cross the network unencrypted; use https`
}
