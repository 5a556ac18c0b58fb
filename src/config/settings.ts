// The settings, one row each, in the order --help and docs/configuration.md list them. The Config schema, the
// loader (environment → Config), in-process defaults, the CLI flags and --help, the variables errors name and the
// did-you-mean list, and the docs table are all derived from these rows: see README.md, "Add a setting".
import { Type, type TSchema } from 'typebox'
import { CompatSchema } from './compat-schema.js'
import { DEFAULT_COMPAT } from './compat.js'
import type { Config } from './types.js'

/** How a variable's text becomes a value (parse.ts); every kind but `string` takes an empty variable as unset. */
export type ParseKind = 'integer' | 'number' | 'boolean' | 'list' | 'date' | 'string' | 'optional-string' | 'fixtures' | 'compat'

export interface SettingRow<T = unknown> {
  /** The environment variable. */
  readonly env: string
  /** The CLI flag, without its dashes; it sets the variable, so both are validated alike. */
  readonly flag: string
  /** The flag value's placeholder in --help; a row without one has a flag without a value that sets the variable to on. */
  readonly value?: string
  readonly parse: ParseKind
  /** Type, bounds and allowed values (an enum's values are what its error lists). */
  readonly schema: TSchema
  /** Taken when the variable is unset; a row without one leaves the field absent. */
  readonly default?: T
  /** The docs' default cell when the default is not one literal value (`random`, `none`). */
  readonly unset?: string
  /** Said after the default in the docs (`32 MiB`). */
  readonly defaultNote?: string
  /** The --help line; `{default}` becomes the default. */
  readonly help: string
  /** The docs table's meaning cell (Markdown, one line). */
  readonly doc: string
}

/** The fault statuses EMULATOR_FAULT_STATUS allows. */
const FAULT_STATUSES = [500, 502, 503] as const
/** The MCP tool surfaces: the documented one, the one agents saw in 2026, or both. */
const MCP_TOOLSETS = ['docs', 'agents', 'all'] as const
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
const milliseconds = (maximum?: number) => Type.Integer({ minimum: 0, ...(maximum === undefined ? {} : { maximum }) })

export const SETTINGS = {
  port: {
    env: 'PORT', flag: 'port', value: 'n', parse: 'integer', schema: Type.Integer({ minimum: 0, maximum: 65535 }), default: 4000,
    help: 'port to listen on (0 picks a free one; default {default})', doc: 'port to listen on (`0` picks a free one)'
  },
  host: {
    env: 'HOST', flag: 'host', value: 'addr', parse: 'string', schema: Type.String({ minLength: 1 }), default: '127.0.0.1',
    help: 'address to bind (default {default})', doc: 'address to bind (`0.0.0.0` in containers)'
  },
  dbPath: {
    env: 'EMULATOR_DB', flag: 'db', value: 'file', parse: 'string', schema: Type.String({ minLength: 1 }), default: ':memory:',
    help: 'SQLite file, seeded on first start and reused (default {default})',
    doc: 'SQLite file; created and seeded from the fixtures on first start, reused as is afterwards'
  },
  fixturesDir: {
    env: 'EMULATOR_FIXTURES', flag: 'fixtures', value: 'dir', parse: 'fixtures', schema: Type.String({ minLength: 1 }), default: 'default',
    help: 'fixture set folder, or a bundled set by name: default (the demo set, the default), minimal',
    doc: 'a fixture set folder (see [Fixtures](fixtures.md)), or a bundled set by name: `default` (the demo workspaces) or `minimal` (the test ' +
      'suite\'s); `./default` for a folder of that name'
  },
  seed: {
    env: 'EMULATOR_SEED', flag: 'seed', value: 'n', parse: 'integer', schema: Type.Integer(), unset: 'random',
    help: 'seed for the ids the emulator mints', doc: 'integer seed: ids minted by the emulator become reproducible'
  },
  /** Fixed start time for the virtual clock (epoch ms); real time when absent. */
  clockStart: {
    env: 'EMULATOR_CLOCK', flag: 'clock', value: 'date', parse: 'date', schema: Type.Integer({ minimum: 0 }), unset: 'real time',
    help: 'start a frozen virtual clock at this ISO date or epoch ms', doc: 'ISO date or epoch ms: start with a frozen virtual clock at that instant'
  },
  // INFER: the real limit is unknown; it must exceed what a 20,971,520-character `dataURL` needs, so 32 MiB leaves
  // room for one maximal file plus its scene.
  bodyLimit: {
    env: 'EMULATOR_BODY_LIMIT', flag: 'body-limit', value: 'bytes', parse: 'integer', schema: Type.Integer({ minimum: 1024 }),
    default: 32 * 1024 * 1024, defaultNote: '32 MiB',
    help: 'largest request body (default {default}); larger is 413', doc: 'largest request body in bytes; above it the answer is `413`'
  },
  adminToken: {
    env: 'EMULATOR_ADMIN_TOKEN', flag: 'admin-token', value: 'token', parse: 'optional-string', schema: Type.String({ minLength: 1 }), unset: 'none',
    help: 'require this Bearer token on /_emulator routes (health excepted)',
    doc: 'when set, `/_emulator/*` routes (except health) need `Authorization: Bearer <token>`'
  },
  logFormat: {
    env: 'LOG_FORMAT', flag: 'log-format', value: 'format', parse: 'string', schema: Type.Enum(['text', 'json']), default: 'text',
    help: 'text: one readable line per request (default); json: JSON lines',
    doc: '`text`: one readable line per completed request (`14:02:11.042 INFO  GET /api/v1/scenes 200 3.1ms key_demo_full MzPkz6jWA0f`); `json`: ' +
      'the same as JSON lines for log collectors'
  },
  logLevel: {
    env: 'LOG_LEVEL', flag: 'log-level', value: 'level', parse: 'string', schema: Type.Enum(LOG_LEVELS), default: 'info',
    help: 'fatal, error, warn, info (default), debug, trace or silent',
    doc: '`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`; health probes log at `debug`'
  },
  drift: {
    env: 'EMULATOR_DRIFT', flag: 'drift', parse: 'boolean', schema: Type.Boolean(), default: false,
    help: 'turn drift mode on', doc: '`on` turns [drift mode](drift.md) on'
  },
  driftSeed: {
    env: 'EMULATOR_DRIFT_SEED', flag: 'drift-seed', value: 'n', parse: 'integer', schema: Type.Integer(), unset: '`EMULATOR_SEED`, else `0`',
    help: 'seed of the drift stream', doc: 'seed of the drift stream: same seed and same requests, byte-identical responses'
  },
  driftRate: {
    env: 'EMULATOR_DRIFT_RATE', flag: 'drift-rate', value: '0..1', parse: 'number', schema: Type.Number({ minimum: 0, maximum: 1 }), default: 0.3,
    help: 'share of eligible responses drift perturbs (default {default})', doc: 'share of eligible responses drift perturbs (0..1)'
  },
  /** Kind names; absent means every kind. Checked against the drift kinds when drift registers. */
  driftKinds: {
    env: 'EMULATOR_DRIFT_KINDS', flag: 'drift-kinds', value: 'list', parse: 'list', schema: Type.Array(Type.String({ minLength: 1 })), unset: 'all kinds',
    help: 'comma-separated drift kinds (default: all)', doc: 'comma-separated drift kinds (see `GET /_emulator/drift/kinds`)'
  },
  driftProfile: {
    env: 'EMULATOR_DRIFT_PROFILE', flag: 'drift-profile', value: 'file', parse: 'optional-string', schema: Type.String({ minLength: 1 }), unset: 'none',
    help: 'answer in the shape a profile from `learn` names (drift need not be on)',
    doc: 'a [drift profile](drift.md#replay-the-services-new-shape-drift-profiles) made by `learn`: the operations it names answer in the shape ' +
      'it learned, whether drift is on or not; one that does not fit this emulator stops start-up with one line'
  },
  latencyMs: {
    env: 'EMULATOR_LATENCY_MS', flag: 'latency', value: 'ms', parse: 'integer', schema: milliseconds(600_000), default: 0,
    help: 'added latency on every public request (default {default})', doc: 'delay added to every `/api/v1` request'
  },
  latencyJitterMs: {
    env: 'EMULATOR_LATENCY_JITTER_MS', flag: 'latency-jitter', value: 'ms', parse: 'integer', schema: milliseconds(600_000), default: 0,
    help: 'random extra latency up to this much (default {default})', doc: 'plus a random (seeded) 0..N ms'
  },
  faultRate: {
    env: 'EMULATOR_FAULT_RATE', flag: 'fault-rate', value: '0..1', parse: 'number', schema: Type.Number({ minimum: 0, maximum: 1 }), default: 0,
    help: 'share of public requests answered with a fault (default {default})', doc: 'share of `/api/v1` requests answered with `EMULATOR_FAULT_STATUS`'
  },
  faultStatus: {
    env: 'EMULATOR_FAULT_STATUS', flag: 'fault-status', value: 'code', parse: 'integer', schema: Type.Enum(FAULT_STATUSES), default: 503,
    help: 'status of those faults: 500, 502 or 503 (default {default})', doc: '`500`, `502` or `503`, in the service\'s JSON error envelope'
  },
  faultSeed: {
    env: 'EMULATOR_FAULT_SEED', flag: 'fault-seed', value: 'n', parse: 'integer', schema: Type.Integer(), unset: '`EMULATOR_SEED`',
    help: 'seed of the fault stream', doc: 'same seed and same request sequence, same faults and delays'
  },
  chaos: {
    env: 'EMULATOR_CHAOS', flag: 'chaos', value: 'mode', parse: 'string', schema: Type.Enum(['off', 'sweep']), default: 'off',
    help: 'sweep: serve each failure of EMULATOR_CHAOS_OUTCOMES once per operation and workspace (default {default})',
    doc: '`sweep` serves, for each operation a client calls (per workspace), each failure of `EMULATOR_CHAOS_OUTCOMES` once, in a seeded order ' +
      '(`EMULATOR_SEED`), with a normal answer between two; see [coverage](coverage.md#the-sweep)'
  },
  chaosOutcomes: {
    env: 'EMULATOR_CHAOS_OUTCOMES', flag: 'chaos-outcomes', value: 'list', parse: 'list',
    schema: Type.Array(Type.String({ pattern: '^(429|500|502|503|drop|drift|drift:[a-z0-9-]+)$' }), { minItems: 1 }),
    default: ['429', '503', 'drop', 'drift'],
    help: 'the failures the sweep serves: 429, 500, 502, 503, drop, drift, drift:<kind> (default {default})',
    doc: 'the failures the sweep serves: `429` (with `Retry-After: 1`), `500`, `502`, `503`, `drop`, `drift` (one kind drawn among those that ' +
      'apply to the answer) or `drift:<kind>`'
  },
  coverageReport: {
    env: 'EMULATOR_COVERAGE_REPORT', flag: 'coverage-report', value: 'file', parse: 'optional-string', schema: Type.String({ minLength: 1 }), unset: 'none',
    help: 'write the failure coverage to this JSON file (and a Markdown table beside it) when the server stops',
    doc: 'when the server stops, the [failure coverage](coverage.md) is written to this JSON file, and as a Markdown table to `<file>.md`'
  },
  // A third-party client records the documented limit as 600 requests per minute per IP.
  rateLimit: {
    env: 'EMULATOR_RATE_LIMIT', flag: 'rate-limit', value: 'n', parse: 'integer', schema: Type.Integer({ minimum: 0 }), default: 600,
    help: 'requests per minute per IP or key (default {default}; 0 turns it off)',
    doc: 'requests per minute per client IP (the documented figure; per API key with `rateLimitBy=key`); `0` turns rate limiting off'
  },
  journalSize: {
    env: 'EMULATOR_JOURNAL_SIZE', flag: 'journal-size', value: 'n', parse: 'integer', schema: Type.Integer({ minimum: 0 }), default: 1000,
    help: 'requests kept in the journal (default {default}; 0 turns it off)', doc: 'public requests the journal keeps (a ring buffer); `0` turns it off'
  },
  journalBodyBytes: {
    env: 'EMULATOR_JOURNAL_BODY_BYTES', flag: 'journal-body-bytes', value: 'n', parse: 'integer', schema: Type.Integer({ minimum: 0 }), default: 4096,
    help: 'bytes of each body the journal keeps (default {default})', doc: 'bytes of each request and response body the journal keeps'
  },
  // The defaults above need about 17 MiB at most; this bound matters once those are raised.
  journalMaxBytes: {
    env: 'EMULATOR_JOURNAL_MAX_BYTES', flag: 'journal-max-bytes', value: 'n', parse: 'integer', schema: Type.Integer({ minimum: 0 }),
    default: 64 * 1024 * 1024, defaultNote: '64 MiB',
    help: 'about the most memory the journal holds; oldest go first (default {default})',
    doc: 'about the most memory the journal holds in all; past it the oldest entries go first (the newest always stays). The defaults above need ' +
      'about 17 MiB at most: this bounds raised sizes'
  },
  // About 0.6 KiB each in the database (content writes' entries), so the default holds a busy workspace's log in
  // about 31 MB. FIDELITY: the real service's retention is not documented.
  auditLogMax: {
    env: 'EMULATOR_AUDIT_LOG_MAX', flag: 'audit-log-max', value: 'n', parse: 'integer', schema: Type.Integer({ minimum: 0 }), default: 50_000,
    help: 'newest audit log entries kept per workspace (default {default}; 0 keeps all)',
    doc: 'the newest [audit-log](emulated-api.md#audit-log) entries each workspace keeps; past it the oldest go, in batches of 1% of the bound, ' +
      'so a log holds at most 1% more between two trims; `0` keeps every entry. See [Running for days](#running-for-days)'
  },
  sceneTombstonesMax: {
    env: 'EMULATOR_SCENE_TOMBSTONES_MAX', flag: 'scene-tombstones-max', value: 'n', parse: 'integer', schema: Type.Integer({ minimum: 0 }), default: 10_000,
    help: 'deleted elements a scene keeps, oldest go first (default {default}; 0 keeps all)',
    doc: 'deleted elements (tombstones) one scene keeps; past it a content write drops the oldest (by `updated`) that no other element ' +
      'references; `0` keeps every tombstone'
  },
  readCacheMaxBytes: {
    env: 'EMULATOR_READ_CACHE_MAX_BYTES', flag: 'read-cache-max-bytes', value: 'n', parse: 'integer', schema: Type.Integer({ minimum: 0 }),
    default: 64 * 1024 * 1024, defaultNote: '64 MiB',
    help: 'about the most memory kept read answers take (default {default}; 0 keeps none)',
    doc: 'about the most memory the read cache\'s kept answers take; when full it starts over, and an answer larger than this is served but not ' +
      'kept; `0` keeps nothing (every read is computed afresh, slower)'
  },
  /** Host names served besides loopback names, IP literals and the bound host; '*' serves any (plugins/request-guard.ts). */
  allowedHosts: {
    env: 'EMULATOR_ALLOWED_HOSTS', flag: 'allowed-hosts', value: 'list', parse: 'list', schema: Type.Array(Type.String({ minLength: 1 })),
    default: [], unset: 'none',
    help: 'host names served besides loopback, IP addresses and --host (* for any)',
    doc: 'comma-separated host names served besides loopback names, IP addresses and `HOST` (`*` serves any); see [Security](security.md)'
  },
  // Far beyond an honest upload of the largest body, short enough that a trickled body cannot hold a socket forever.
  requestTimeoutMs: {
    env: 'EMULATOR_REQUEST_TIMEOUT_MS', flag: 'request-timeout', value: 'ms', parse: 'integer', schema: milliseconds(), default: 120_000,
    help: 'time for a request to arrive in full before 408 (default {default}; 0 off)',
    doc: 'a request must arrive in full (headers and body) within this many ms, else `408` and the connection closes; `0` turns it off'
  },
  mcpResponse: {
    env: 'EMULATOR_MCP_RESPONSE', flag: 'mcp-response', value: 'mode', parse: 'string', schema: Type.Enum(['sse', 'json']), default: 'sse',
    help: 'MCP answers as sse (default) or json', doc: 'MCP answers as an SSE stream (`sse`) or plain JSON (`json`); SDK clients read both'
  },
  mcpPageSize: {
    env: 'EMULATOR_MCP_PAGE_SIZE', flag: 'mcp-page-size', value: 'n', parse: 'integer', schema: Type.Integer({ minimum: 0 }), default: 0,
    help: 'MCP tools/list page size (default {default}: one page)', doc: '`tools/list` page size; `0` lists every tool at once, `n` pages with `nextCursor`'
  },
  mcpToolset: {
    env: 'EMULATOR_MCP_TOOLSET', flag: 'mcp-toolset', value: 'set', parse: 'string', schema: Type.Enum(MCP_TOOLSETS), default: 'all',
    help: 'MCP tools: docs, agents or all (default {default})',
    doc: 'MCP tools: `docs` (the 30 the documentation lists), `agents` (the 37 agents saw in 2026), `all` (38)'
  },
  renderer: {
    env: 'EMULATOR_RENDERER', flag: 'renderer', value: 'on|off', parse: 'boolean', schema: Type.Boolean(), default: true,
    help: 'render scenes as pictures (default {default}; off: placeholders)',
    doc: '`off`: scene pictures (demo page, `take_screenshot`) become a neutral placeholder and no render worker starts (saves ~150 MB). Without ' +
      'the renderer\'s packages ([Install](../README.md#install)) the pictures drawn at build still serve for scenes unchanged since, and any ' +
      'other picture names the packages to install ([Demo page](demo.md))'
  },
  renderTimeoutMs: {
    env: 'EMULATOR_RENDER_TIMEOUT_MS', flag: 'render-timeout', value: 'ms', parse: 'integer', schema: Type.Integer({ minimum: 100 }), default: 10_000,
    help: 'longest scene render before it is cut off (default {default})',
    doc: 'a scene render that takes longer gets an error picture, which that scene version keeps answering at once until it changes; its worker is replaced'
  },
  /** The compatibility switches in force at start-up (compat.ts); PUT /_emulator/compat changes them. */
  compat: {
    env: 'EMULATOR_COMPAT', flag: 'compat', value: 'list', parse: 'compat', schema: CompatSchema, default: DEFAULT_COMPAT, unset: 'all defaults',
    help: 'compatibility switches, name=value,... (see docs/emulated-api.md)',
    doc: '[compatibility switches](emulated-api.md#compatibility-switches) as `name=value,name=value` (`--compat`), e.g. ' +
      '`unknownFields=strip,pageSize=5`; an unknown name or value stops the start with one line listing what is allowed'
  }
} satisfies { readonly [K in keyof Config]-?: SettingRow<Config[K]> }

export type Field = keyof typeof SETTINGS

/** The fields in row order. */
export const FIELDS = Object.keys(SETTINGS) as Field[]

/** One row, seen through the common row type. */
export const settingOf = (field: Field): SettingRow => SETTINGS[field]

/** A default as a person types it: on/off for switches, the words of a list. */
export function shownValue (value: unknown): string {
  if (typeof value === 'boolean') return value ? 'on' : 'off'
  return Array.isArray(value) ? value.join(',') : String(value)
}

/** The --help line of a row, its default filled in. */
export function helpLine (row: SettingRow): string {
  return row.help.replace('{default}', shownValue(row.default))
}
