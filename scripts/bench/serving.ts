// The served cases, each server its own process on 127.0.0.1: reads under load (a bare Fastify route sending the
// same bytes, the emulator with its defaults, and quiet), and memory (the starts are starts.ts).
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { BENCH_KEY, writeBenchFixtures } from './fixtures.js'
import { load } from './load.js'
import { cpuMsOf, memoryOf, startServer, stopServer, type Running, type ServerSpec } from './processes.js'

export interface ServingSettings {
  seconds: number
  rounds: number
  connections: number
  starts: number
  /** Requests the default configuration has served when its memory is read. */
  memoryRequests: number
  workDir: string
  basePort: number
}

export interface ReadsResult {
  /** req/s per round, by server name. */
  rounds: Record<string, number[]>
  /** The server's own CPU time per request (µs) in each round, by server name: what the load moves least. */
  cpuUs?: Record<string, number[]>
  /** Memory after the load, MiB. */
  memory: Record<string, { rss: number, peak: number }>
  /** Requests the default configuration had served when its memory was read. */
  defaultRequests: number
  failures: string[]
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
export const SERVER = join(ROOT, 'dist', 'server.js')
export const BARE = join(ROOT, 'scripts', 'bench', 'bare-server.mjs')
export const READ_PATH = '/api/v1/collections?limit=20'
/** The Node options package.json's start script runs dist/server.js with: every case runs the server as npm start does. */
export const START_NODE_ARGS = startNodeArgs()
const QUIET = { LOG_LEVEL: 'warn', EMULATOR_JOURNAL_SIZE: '0' }

export function emulatorSpec (name: string, port: number, env: Record<string, string>, key = BENCH_KEY): ServerSpec {
  return { name, script: SERVER, nodeArgs: START_NODE_ARGS, env, port, path: READ_PATH, headers: { authorization: `Bearer ${key}` } }
}

/** The options between `node` and `dist/server.js` in package.json's start script. */
function startNodeArgs (): string[] {
  const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }
  const words = scripts.start.split(/\s+/)
  return words.slice(words.indexOf('node') + 1, words.indexOf('dist/server.js'))
}

async function bodyOf (spec: ServerSpec): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${spec.port}${spec.path}`, { headers: spec.headers })
  if (res.status !== 200) throw new Error(`${spec.name}: GET ${spec.path} answered ${res.status}`)
  return await res.text()
}

/** Starts the three servers; the bare one sends the emulator's own answer, byte for byte. */
async function startReadServers (settings: ServingSettings): Promise<Running[]> {
  const fixtures = writeBenchFixtures(join(settings.workDir, 'fixtures'))
  const env = { EMULATOR_FIXTURES: fixtures, EMULATOR_RATE_LIMIT: '0' }
  const log = join(settings.workDir, 'servers.log')
  const running: Running[] = []
  try {
    running.push((await startServer(emulatorSpec('defaults', settings.basePort + 1, env), log)).running)
    running.push((await startServer(emulatorSpec('quiet', settings.basePort + 2, { ...env, ...QUIET }), log)).running)
    const bodyFile = join(settings.workDir, 'body.json')
    writeFileSync(bodyFile, await bodyOf(running[0].spec))
    const bare: ServerSpec = {
      name: 'bare', script: BARE, env: { BENCH_BODY: bodyFile, BENCH_PATH: '/api/v1/collections' }, port: settings.basePort, path: READ_PATH, headers: {}
    }
    running.unshift((await startServer(bare, log)).running)
    return running
  } catch (error) {
    for (const server of running) await stopServer(server)
    throw error
  }
}

/** Rounds of `autocannon -c N -d S` on each server in turn, after a short warm-up of each. */
export async function measureReads (settings: ServingSettings, progress: (line: string) => void): Promise<ReadsResult> {
  const servers = await startReadServers(settings)
  const cpuUs: Record<string, number[]> = {}
  const result: ReadsResult = { rounds: {}, cpuUs, memory: {}, defaultRequests: 0, failures: [] }
  try {
    for (const { spec } of servers) {
      const warm = await load(spec, { connections: settings.connections, seconds: 2 })
      if (spec.name === 'defaults') result.defaultRequests += warm.requests
    }
    for (let round = 1; round <= settings.rounds; round++) {
      for (const server of servers) {
        const { spec } = server
        const cpuBefore = cpuMsOf(server)
        const run = await load(spec, { connections: settings.connections, seconds: settings.seconds })
        ;(result.rounds[spec.name] ??= []).push(run.reqPerSec)
        ;(cpuUs[spec.name] ??= []).push((1000 * (cpuMsOf(server) - cpuBefore)) / Math.max(1, run.requests))
        if (spec.name === 'defaults') result.defaultRequests += run.requests
        if (run.non2xx + run.errors > 0) result.failures.push(`${spec.name} round ${round}: ${run.non2xx} non-2xx, ${run.errors} errors`)
        progress(`  round ${round}: ${spec.name.padEnd(8)} ${Math.round(run.reqPerSec).toLocaleString('en-US')} req/s`)
      }
    }
    const [bare, defaults, quiet] = servers
    result.memory.bare = memoryOf(bare)
    result.memory.quiet = memoryOf(quiet)
    // The default configuration's memory once it has served at least memoryRequests requests.
    const more = settings.memoryRequests - result.defaultRequests
    if (more > 0) result.defaultRequests += (await load(defaults.spec, { connections: settings.connections, amount: more })).requests
    result.memory.defaults = memoryOf(defaults)
  } finally {
    for (const server of servers) await stopServer(server)
  }
  return result
}
