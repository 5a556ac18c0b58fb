// Environment → one frozen, validated Config. Nobody else reads process.env.
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Type, type Static } from 'typebox'
import { Value } from 'typebox/value'
import { FIELD_VARIABLES, describeVariable } from './config-variables.js'
import { CompatSchema, DEFAULT_COMPAT, parseCompatList, type Compat } from './schemas/compat.js'
import type { Config, ConfigOptions } from './config-types.js'
import type { Agree, Same } from './lib/type-equality.js'

export type { Config, ConfigOptions, LogLevel } from './config-types.js'

export const DEFAULT_PORT = 4000
export const DEFAULT_HOST = '127.0.0.1'
/** True in a checkout of the repository (src/ beside dist/); an installed package has no src/. */
export const RUNS_FROM_CHECKOUT = existsSync(fileURLToPath(new URL('../src', import.meta.url)))
/** The bundled demo workspace set; resolves the same from src/ (tests) and dist/ (built). */
export const BUNDLED_FIXTURES = fileURLToPath(new URL('../fixtures/default', import.meta.url))
export const MINIMAL_FIXTURES = fileURLToPath(new URL('../fixtures/minimal', import.meta.url))
/** The fixture sets that ship with the emulator, by the names EMULATOR_FIXTURES and `fixturesDir` accept. */
export const BUNDLED_FIXTURE_SETS: Readonly<Record<string, string>> = Object.freeze({ default: BUNDLED_FIXTURES, minimal: MINIMAL_FIXTURES })

/** A bundled set's name (`default`, `minimal`) is that set; anything else is a folder (`./default` for one of that name). */
export function fixturesFolder (value: string): string {
  return Object.hasOwn(BUNDLED_FIXTURE_SETS, value) ? BUNDLED_FIXTURE_SETS[value] : value
}
/** The scene editor's browser bundle (scripts/bundle-editor.mjs); the same folder from src/ and dist/: `npm run build` writes it. */
export const EDITOR_ASSETS = fileURLToPath(new URL('../dist/ui-editor/', import.meta.url))
/** Digests of the fixture sets `npm run build` checked (harness/verified-fixtures.ts); absent when run from src/. */
export const VERIFIED_FIXTURES_FILE = fileURLToPath(new URL('./verified-fixtures.json', import.meta.url))
/**
 * INFER: the real limit is unknown; it must exceed what a 20,971,520-character
 * `dataURL` needs, so 32 MiB leaves room for one maximal file plus its scene.
 */
export const DEFAULT_BODY_LIMIT = 32 * 1024 * 1024
/** Share of eligible responses drift perturbs when on (issue: drift mode). */
export const DEFAULT_DRIFT_RATE = 0.3
/**
 * A third-party client records the documented limit as 600 requests per minute per IP; counted
 * per IP or per key as the rateLimitBy switch says. 0 turns rate limiting off.
 */
export const DEFAULT_RATE_LIMIT = 600
/** Public requests the journal keeps (a ring buffer), and how much of each body it keeps. */
export const DEFAULT_JOURNAL_SIZE = 1000
export const DEFAULT_JOURNAL_BODY_BYTES = 4096
/**
 * About how much memory the journal may hold in all, whatever its size and body settings: the oldest
 * entries go first. The defaults above need about 17 MiB at most; this bound matters once those are raised.
 */
export const DEFAULT_JOURNAL_MAX_BYTES = 64 * 1024 * 1024
export const FAULT_STATUSES = [500, 502, 503] as const
/**
 * How long one request may take to arrive in full (headers and body) before the answer is 408 and the
 * connection closes: far beyond an honest upload of the largest body, short enough that a trickled body cannot
 * hold a socket forever. 0 turns it off.
 */
export const DEFAULT_REQUEST_TIMEOUT_MS = 120_000
/** The MCP tool surfaces: the documented one, the one agents saw in 2026, or both. */
export const MCP_TOOLSETS = ['docs', 'agents', 'all'] as const
/** A scene render that takes longer is cut off and its worker restarted. */
export const DEFAULT_RENDER_TIMEOUT_MS = 10_000

const ConfigSchema = Type.Object({
  port: Type.Integer({ minimum: 0, maximum: 65535 }),
  host: Type.String({ minLength: 1 }),
  dbPath: Type.String({ minLength: 1 }),
  fixturesDir: Type.String({ minLength: 1 }),
  seed: Type.Optional(Type.Integer()),
  adminToken: Type.Optional(Type.String({ minLength: 1 })),
  logLevel: Type.Enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
  /** `text`: one readable line per completed request (default); `json`: pino's JSON lines. */
  logFormat: Type.Enum(['text', 'json']),
  bodyLimit: Type.Integer({ minimum: 1024 }),
  /** Fixed start time for the virtual clock (epoch ms); real time when absent. */
  clockStart: Type.Optional(Type.Integer({ minimum: 0 })),
  drift: Type.Boolean(),
  driftSeed: Type.Optional(Type.Integer()),
  driftRate: Type.Number({ minimum: 0, maximum: 1 }),
  /** Kind names; absent means every kind. Checked against the drift kinds when drift registers. */
  driftKinds: Type.Optional(Type.Array(Type.String({ minLength: 1 }))),
  latencyMs: Type.Integer({ minimum: 0, maximum: 600_000 }),
  latencyJitterMs: Type.Integer({ minimum: 0, maximum: 600_000 }),
  faultRate: Type.Number({ minimum: 0, maximum: 1 }),
  faultStatus: Type.Enum(FAULT_STATUSES),
  faultSeed: Type.Optional(Type.Integer()),
  /** Requests per minute per window (per IP or per key: the rateLimitBy switch); 0 turns rate limiting off. */
  rateLimit: Type.Integer({ minimum: 0 }),
  journalSize: Type.Integer({ minimum: 0 }),
  journalBodyBytes: Type.Integer({ minimum: 0 }),
  journalMaxBytes: Type.Integer({ minimum: 0 }),
  /** Host names served besides loopback names, IP literals and the bound host; '*' serves any (plugins/request-guard.ts). */
  allowedHosts: Type.Array(Type.String({ minLength: 1 })),
  requestTimeoutMs: Type.Integer({ minimum: 0 }),
  /** MCP answers as an SSE stream (default) or plain JSON. */
  mcpResponse: Type.Enum(['sse', 'json']),
  /** tools/list page size; 0 lists every tool in one page. */
  mcpPageSize: Type.Integer({ minimum: 0 }),
  mcpToolset: Type.Enum(MCP_TOOLSETS),
  /** false: scene pictures are a neutral placeholder and no renderer starts. */
  renderer: Type.Boolean(),
  renderTimeoutMs: Type.Integer({ minimum: 100 }),
  /** The compatibility switches in force at start-up (schemas/compat.ts); PUT /_emulator/compat changes them. */
  compat: CompatSchema
})
/** The schema describes exactly the plain type of config-types.ts: a difference fails the type-check here. */
type _ConfigTypesAgree = Agree<Same<Readonly<Static<typeof ConfigSchema>>, Config>>

export class ConfigError extends Error {
  constructor (message: string) {
    super(message)
    this.name = 'ConfigError'
  }
}

type Env = Record<string, string | undefined>

/** Reads and validates the EMULATOR_* (and PORT, HOST, LOG_LEVEL) variables; throws one clear ConfigError. */
export function loadConfig (env: Env): Config {
  const config = {
    port: integerVar(env, 'PORT') ?? DEFAULT_PORT,
    host: env.HOST ?? DEFAULT_HOST,
    dbPath: env.EMULATOR_DB ?? ':memory:',
    fixturesDir: fixturesFolder(env.EMULATOR_FIXTURES || 'default'),
    seed: integerVar(env, 'EMULATOR_SEED'),
    adminToken: env.EMULATOR_ADMIN_TOKEN || undefined,
    logLevel: (env.LOG_LEVEL ?? 'info') as Config['logLevel'],
    logFormat: (env.LOG_FORMAT ?? 'text') as Config['logFormat'],
    bodyLimit: integerVar(env, 'EMULATOR_BODY_LIMIT') ?? DEFAULT_BODY_LIMIT,
    clockStart: dateVar(env, 'EMULATOR_CLOCK'),
    drift: booleanVar(env, 'EMULATOR_DRIFT') ?? false,
    driftSeed: integerVar(env, 'EMULATOR_DRIFT_SEED'),
    driftRate: numberVar(env, 'EMULATOR_DRIFT_RATE') ?? DEFAULT_DRIFT_RATE,
    driftKinds: listVar(env, 'EMULATOR_DRIFT_KINDS'),
    latencyMs: integerVar(env, 'EMULATOR_LATENCY_MS') ?? 0,
    latencyJitterMs: integerVar(env, 'EMULATOR_LATENCY_JITTER_MS') ?? 0,
    faultRate: numberVar(env, 'EMULATOR_FAULT_RATE') ?? 0,
    faultStatus: integerVar(env, 'EMULATOR_FAULT_STATUS') ?? 503,
    faultSeed: integerVar(env, 'EMULATOR_FAULT_SEED'),
    rateLimit: integerVar(env, 'EMULATOR_RATE_LIMIT') ?? DEFAULT_RATE_LIMIT,
    journalSize: integerVar(env, 'EMULATOR_JOURNAL_SIZE') ?? DEFAULT_JOURNAL_SIZE,
    journalBodyBytes: integerVar(env, 'EMULATOR_JOURNAL_BODY_BYTES') ?? DEFAULT_JOURNAL_BODY_BYTES,
    journalMaxBytes: integerVar(env, 'EMULATOR_JOURNAL_MAX_BYTES') ?? DEFAULT_JOURNAL_MAX_BYTES,
    allowedHosts: listVar(env, 'EMULATOR_ALLOWED_HOSTS') ?? [],
    requestTimeoutMs: integerVar(env, 'EMULATOR_REQUEST_TIMEOUT_MS') ?? DEFAULT_REQUEST_TIMEOUT_MS,
    mcpResponse: (env.EMULATOR_MCP_RESPONSE ?? 'sse') as Config['mcpResponse'],
    mcpPageSize: integerVar(env, 'EMULATOR_MCP_PAGE_SIZE') ?? 0,
    mcpToolset: (env.EMULATOR_MCP_TOOLSET ?? 'all') as Config['mcpToolset'],
    renderer: booleanVar(env, 'EMULATOR_RENDERER') ?? true,
    renderTimeoutMs: integerVar(env, 'EMULATOR_RENDER_TIMEOUT_MS') ?? DEFAULT_RENDER_TIMEOUT_MS,
    compat: compatVar(env, 'EMULATOR_COMPAT')
  }
  return validateConfig(config, (field) => describeVariable(FIELD_VARIABLES[field] ?? field))
}


/** Completes partial options (in-process use, tests) with the defaults and validates them. */
export function resolveConfig (options: ConfigOptions = {}): Config {
  return validateConfig({
    port: DEFAULT_PORT,
    host: DEFAULT_HOST,
    dbPath: ':memory:',
    logLevel: 'info',
    logFormat: 'text',
    bodyLimit: DEFAULT_BODY_LIMIT,
    drift: false,
    driftRate: DEFAULT_DRIFT_RATE,
    latencyMs: 0,
    latencyJitterMs: 0,
    faultRate: 0,
    faultStatus: 503,
    rateLimit: DEFAULT_RATE_LIMIT,
    journalSize: DEFAULT_JOURNAL_SIZE,
    journalBodyBytes: DEFAULT_JOURNAL_BODY_BYTES,
    journalMaxBytes: DEFAULT_JOURNAL_MAX_BYTES,
    allowedHosts: [],
    requestTimeoutMs: DEFAULT_REQUEST_TIMEOUT_MS,
    mcpResponse: 'sse',
    mcpPageSize: 0,
    mcpToolset: 'all',
    renderer: true,
    renderTimeoutMs: DEFAULT_RENDER_TIMEOUT_MS,
    ...options,
    fixturesDir: fixturesFolder(options.fixturesDir ?? 'default'),
    compat: { ...DEFAULT_COMPAT, ...options.compat }
  }, (field) => field)
}

/** The values an enum setting allows, listed in its error. */
const ALLOWED_VALUES: Readonly<Record<string, readonly unknown[]>> = {
  logLevel: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
  logFormat: ['text', 'json'],
  faultStatus: FAULT_STATUSES,
  mcpResponse: ['sse', 'json'],
  mcpToolset: MCP_TOOLSETS
}

function validateConfig (config: Record<string, unknown>, describe: (field: string) => string): Config {
  for (const key of Object.keys(config)) if (config[key] === undefined) delete config[key]
  // One value, checked once: interpreted, as compiling the schema would cost more than it saves.
  const first = Value.Check(ConfigSchema, config) ? undefined : Value.Errors(ConfigSchema, config)[0]
  if (first) {
    const [field = 'config', inner] = first.instancePath.replace(/^\//, '').split('/')
    const allowed = ALLOWED_VALUES[field]
    const message = allowed === undefined ? first.message : `must be one of ${allowed.join(', ')}`
    // A switch inside `compat` (in-process options) is named with its path: compat/pageSize.
    const got = inner === undefined ? config[field] : (config[field] as Record<string, unknown>)[inner]
    throw new ConfigError(`Invalid configuration: ${describe(field)}${inner === undefined ? '' : `/${inner}`} ${message} (got ${JSON.stringify(got)})`)
  }
  return Object.freeze(config as unknown as Config)
}

function integerVar (env: Env, name: string): number | undefined {
  const raw = env[name]
  if (raw === undefined || raw === '') return undefined
  if (!/^-?\d+$/.test(raw.trim())) throw new ConfigError(`Invalid configuration: ${describeVariable(name)} must be an integer (got "${raw}")`)
  return Number(raw)
}

function numberVar (env: Env, name: string): number | undefined {
  const raw = env[name]
  if (raw === undefined || raw === '') return undefined
  const value = Number(raw)
  if (raw.trim() === '' || Number.isNaN(value)) throw new ConfigError(`Invalid configuration: ${describeVariable(name)} must be a number (got "${raw}")`)
  return value
}

const TRUE_WORDS = new Set(['on', 'true', '1', 'yes'])
const FALSE_WORDS = new Set(['off', 'false', '0', 'no'])
function booleanVar (env: Env, name: string): boolean | undefined {
  const raw = env[name]
  if (raw === undefined || raw === '') return undefined
  const word = raw.trim().toLowerCase()
  if (TRUE_WORDS.has(word)) return true
  if (FALSE_WORDS.has(word)) return false
  throw new ConfigError(`Invalid configuration: ${describeVariable(name)} must be on or off (got "${raw}")`)
}

function listVar (env: Env, name: string): string[] | undefined {
  const raw = env[name]
  if (raw === undefined || raw.trim() === '') return undefined
  return raw.split(',').map((item) => item.trim()).filter((item) => item !== '')
}

/** `name=value,...` over the defaults; a bad item names the variable, the switch and the allowed values. */
function compatVar (env: Env, name: string): Compat {
  const raw = env[name]
  if (raw === undefined || raw.trim() === '') return { ...DEFAULT_COMPAT }
  try {
    return { ...DEFAULT_COMPAT, ...parseCompatList(raw) }
  } catch (error) {
    throw new ConfigError(`Invalid configuration: ${describeVariable(name)} ${(error as Error).message}`)
  }
}

function dateVar (env: Env, name: string): number | undefined {
  const raw = env[name]
  if (raw === undefined || raw === '') return undefined
  const ms = /^\d+$/.test(raw) ? Number(raw) : Date.parse(raw)
  if (Number.isNaN(ms)) throw new ConfigError(`Invalid configuration: ${describeVariable(name)} must be an ISO date or epoch milliseconds (got "${raw}")`)
  return ms
}
