// The command-line options: each flag is the twin of one environment variable, so both share validation.

export interface CliOption {
  flag: string
  env: string
  /** Flags without a value set their variable to "on". */
  takesValue: boolean
  value?: string
  description: string
}

export const CLI_OPTIONS: readonly CliOption[] = [
  { flag: 'port', env: 'PORT', takesValue: true, value: 'n', description: 'port to listen on (0 picks a free one; default 4000)' },
  { flag: 'host', env: 'HOST', takesValue: true, value: 'addr', description: 'address to bind (default 127.0.0.1)' },
  { flag: 'db', env: 'EMULATOR_DB', takesValue: true, value: 'file', description: 'SQLite file, seeded on first start and reused (default :memory:)' },
  { flag: 'fixtures', env: 'EMULATOR_FIXTURES', takesValue: true, value: 'dir', description: 'fixture set folder, or a bundled set by name: default (the demo set, the default), minimal' },
  { flag: 'seed', env: 'EMULATOR_SEED', takesValue: true, value: 'n', description: 'seed for the ids the emulator mints' },
  { flag: 'clock', env: 'EMULATOR_CLOCK', takesValue: true, value: 'date', description: 'start a frozen virtual clock at this ISO date or epoch ms' },
  { flag: 'body-limit', env: 'EMULATOR_BODY_LIMIT', takesValue: true, value: 'bytes', description: 'largest request body (default 33554432); larger is 413' },
  { flag: 'admin-token', env: 'EMULATOR_ADMIN_TOKEN', takesValue: true, value: 'token', description: 'require this Bearer token on /_emulator routes (health excepted)' },
  { flag: 'log-format', env: 'LOG_FORMAT', takesValue: true, value: 'format', description: 'text: one readable line per request (default); json: JSON lines' },
  { flag: 'log-level', env: 'LOG_LEVEL', takesValue: true, value: 'level', description: 'fatal, error, warn, info (default), debug, trace or silent' },
  { flag: 'drift', env: 'EMULATOR_DRIFT', takesValue: false, description: 'turn drift mode on' },
  { flag: 'drift-seed', env: 'EMULATOR_DRIFT_SEED', takesValue: true, value: 'n', description: 'seed of the drift stream' },
  { flag: 'drift-rate', env: 'EMULATOR_DRIFT_RATE', takesValue: true, value: '0..1', description: 'share of eligible responses drift perturbs (default 0.3)' },
  { flag: 'drift-kinds', env: 'EMULATOR_DRIFT_KINDS', takesValue: true, value: 'list', description: 'comma-separated drift kinds (default: all)' },
  { flag: 'latency', env: 'EMULATOR_LATENCY_MS', takesValue: true, value: 'ms', description: 'added latency on every public request (default 0)' },
  { flag: 'latency-jitter', env: 'EMULATOR_LATENCY_JITTER_MS', takesValue: true, value: 'ms', description: 'random extra latency up to this much (default 0)' },
  { flag: 'fault-rate', env: 'EMULATOR_FAULT_RATE', takesValue: true, value: '0..1', description: 'share of public requests answered with a fault (default 0)' },
  { flag: 'fault-status', env: 'EMULATOR_FAULT_STATUS', takesValue: true, value: 'code', description: 'status of those faults: 500, 502 or 503 (default 503)' },
  { flag: 'fault-seed', env: 'EMULATOR_FAULT_SEED', takesValue: true, value: 'n', description: 'seed of the fault stream' },
  { flag: 'rate-limit', env: 'EMULATOR_RATE_LIMIT', takesValue: true, value: 'n', description: 'requests per minute per IP or key (default 600; 0 turns it off)' },
  { flag: 'journal-size', env: 'EMULATOR_JOURNAL_SIZE', takesValue: true, value: 'n', description: 'requests kept in the journal (default 1000; 0 turns it off)' },
  { flag: 'journal-body-bytes', env: 'EMULATOR_JOURNAL_BODY_BYTES', takesValue: true, value: 'n', description: 'bytes of each body the journal keeps (default 4096)' },
  { flag: 'journal-max-bytes', env: 'EMULATOR_JOURNAL_MAX_BYTES', takesValue: true, value: 'n', description: 'about the most memory the journal holds; oldest go first (default 67108864)' },
  { flag: 'allowed-hosts', env: 'EMULATOR_ALLOWED_HOSTS', takesValue: true, value: 'list', description: 'host names served besides loopback, IP addresses and --host (* for any)' },
  { flag: 'request-timeout', env: 'EMULATOR_REQUEST_TIMEOUT_MS', takesValue: true, value: 'ms', description: 'time for a request to arrive in full before 408 (default 120000; 0 off)' },
  { flag: 'mcp-response', env: 'EMULATOR_MCP_RESPONSE', takesValue: true, value: 'mode', description: 'MCP answers as sse (default) or json' },
  { flag: 'mcp-page-size', env: 'EMULATOR_MCP_PAGE_SIZE', takesValue: true, value: 'n', description: 'MCP tools/list page size (default 0: one page)' },
  { flag: 'mcp-toolset', env: 'EMULATOR_MCP_TOOLSET', takesValue: true, value: 'set', description: 'MCP tools: docs, agents or all (default all)' },
  { flag: 'renderer', env: 'EMULATOR_RENDERER', takesValue: true, value: 'on|off', description: 'render scenes as pictures (default on; off: placeholders)' },
  { flag: 'render-timeout', env: 'EMULATOR_RENDER_TIMEOUT_MS', takesValue: true, value: 'ms', description: 'longest scene render before it is cut off (default 10000)' },
  { flag: 'compat', env: 'EMULATOR_COMPAT', takesValue: true, value: 'list', description: 'compatibility switches, name=value,... (see docs/emulated-api.md)' }
]

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
    '',
    'Options (each has an environment twin; a flag wins over its variable):',
    ...rows,
    `${'  --help'.padEnd(30)} show this help`,
    `${'  --version'.padEnd(30)} print the version`
  ].join('\n')
}
