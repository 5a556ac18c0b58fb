// The soak case: the emulator as `npm start` runs it (dist/server.js, rate limit off; any EMULATOR_* of the bench's own
// environment passes through, EMULATOR_AUDIT_LOG_MAX among them) under a sustained mixed load for minutes: reads at 10
// connections, one-element content PATCHes at 4, MCP list_scenes at 4. RSS and the audit entries held are sampled
// every 5 s; what matters is that RSS stops growing once the retention bounds are reached.
import autocannon, { type Options } from 'autocannon'
import { createClient, expectStatus, type Send } from './client.js'
import { HOST, memoryOf, startServer, stopServer, type Running, type ServerSpec } from './processes.js'
import { sceneDocument } from './scene.js'
import { SERVER, START_NODE_ARGS } from './serving.js'

export interface SoakSettings { seconds: number, workDir: string, port: number, sampleSeconds?: number }
export interface SoakSample { atS: number, rssMb: number, auditEntries: number }
export interface KindResult { requests: number, non2xx: number, errors: number }

export interface SoakResult {
  seconds: number
  /** The EMULATOR_* settings the server ran with beyond the defaults. */
  settings: Record<string, string>
  samples: SoakSample[]
  /** RSS after start, before any load; the highest RSS the kernel saw (VmHWM). */
  startMb: number
  peakMb: number
  /** Least-squares slope of RSS over the samples of the second half, in MB per minute, and their spread. */
  slopeMbPerMin: number
  secondHalfRangeMb: number
  /** When the audit log stopped growing (its retention bound reached); null when it never did. */
  boundReachedAtS: number | null
  requests: Record<'reads' | 'patches' | 'mcp', KindResult>
}

const KEY = 'sk-demo-full'
const AUTH = { authorization: `Bearer ${KEY}` }
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The emulator's own settings from this environment, printed with the result (the load itself needs no rate limit). */
function passedSettings (): Record<string, string> {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith('EMULATOR_')) as Array<[string, string]>)
}

async function newScene (send: Send): Promise<string> {
  const collections = JSON.parse(expectStatus(await send('GET', '/api/v1/collections', { headers: AUTH }), 200, 'GET /collections').text)
  const body = JSON.stringify({ name: 'Soak scene', pinned: false, collectionId: collections.data[0].id })
  return JSON.parse(expectStatus(await send('POST', '/api/v1/scenes', { headers: AUTH, body }), 200, 'POST /scenes').text).metadata.id
}

async function auditEntries (send: Send): Promise<number> {
  const answer = expectStatus(await send('GET', '/api/v1/logs?page=1&limit=1', { headers: AUTH }), 200, 'GET /logs')
  return JSON.parse(answer.text).totalCount
}

function run (options: Options): Promise<KindResult> {
  return autocannon(options).then((result) => ({ requests: result.requests.total, non2xx: result.non2xx, errors: result.errors + result.timeouts }))
}

/** The three load generators at once, for `seconds`. The PATCH sends the same element each time: every one is a write. */
function mixedLoad (port: number, sceneId: string, seconds: number): Promise<SoakResult['requests']> {
  const base = `http://${HOST}:${port}`
  const json = { ...AUTH, 'content-type': 'application/json' }
  const element = JSON.parse(sceneDocument(1)).elements
  const mcpBody = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_scenes', arguments: { limit: 10 } } })
  return Promise.all([
    run({ url: `${base}/api/v1/collections`, headers: AUTH, connections: 10, duration: seconds }),
    run({ url: `${base}/api/v1/scenes/${sceneId}/content`, method: 'PATCH', headers: json, body: JSON.stringify({ elements: element }), connections: 4, duration: seconds }),
    run({ url: `${base}/api/v1/mcp`, method: 'POST', headers: { ...json, accept: 'application/json, text/event-stream' }, body: mcpBody, connections: 4, duration: seconds })
  ]).then(([reads, patches, mcp]) => ({ reads, patches, mcp }))
}

/** Samples RSS and the audit entries held every `everyMs` until `until` resolves. */
async function sample (running: Running, send: Send, everyMs: number, until: Promise<unknown>, progress: (line: string) => void): Promise<SoakSample[]> {
  let done = false
  void until.finally(() => { done = true })
  const started = performance.now()
  const samples: SoakSample[] = []
  while (!done) {
    await Promise.race([sleep(everyMs), until])
    if (done) break
    const point = { atS: Math.round((performance.now() - started) / 1000), rssMb: memoryOf(running).rss, auditEntries: await auditEntries(send) }
    samples.push(point)
    if (samples.length % 6 === 0) progress(`  soak ${point.atS} s: RSS ${point.rssMb.toFixed(0)} MB, ${point.auditEntries} audit entries`)
  }
  return samples
}

/** Least-squares slope of RSS against time, MB per minute. */
export function slopePerMinute (samples: SoakSample[]): number {
  if (samples.length < 2) return 0
  const meanT = samples.reduce((s, p) => s + p.atS, 0) / samples.length
  const meanR = samples.reduce((s, p) => s + p.rssMb, 0) / samples.length
  const num = samples.reduce((s, p) => s + (p.atS - meanT) * (p.rssMb - meanR), 0)
  const den = samples.reduce((s, p) => s + (p.atS - meanT) ** 2, 0)
  return den === 0 ? 0 : (num / den) * 60
}

/** The first sample from which the audit log held no more than a trim batch (1%) under its final size: the bound. */
export function boundReachedAt (samples: SoakSample[]): number | null {
  if (samples.length < 3) return null
  const last = samples.slice(-3).map((p) => p.auditEntries)
  const floor = Math.min(...last)
  if (Math.max(...last) - floor > Math.max(1, floor * 0.011)) return null
  return samples.find((p) => p.auditEntries >= floor)?.atS ?? null
}

export async function measureSoak (settings: SoakSettings, progress: (line: string) => void): Promise<SoakResult> {
  const nodeArgs = (process.env.BENCH_SOAK_NODE_ARGS ?? '').split(' ').filter((arg) => arg !== '')
  const spec: ServerSpec = {
    name: 'emulator', script: SERVER, nodeArgs: [...START_NODE_ARGS, ...nodeArgs], env: { EMULATOR_RATE_LIMIT: '0' }, port: settings.port,
    path: '/_emulator/health', headers: {}
  }
  // The request log goes nowhere (BENCH_SOAK_LOG names a file for it): millions of lines would fill the disk.
  const { running } = await startServer(spec, process.env.BENCH_SOAK_LOG ?? '/dev/null')
  const client = createClient(`http://${HOST}:${settings.port}`)
  try {
    const sceneId = await newScene(client.send)
    await sleep(1000)
    const startMb = memoryOf(running).rss
    const load = mixedLoad(settings.port, sceneId, settings.seconds)
    const samples = await sample(running, client.send, (settings.sampleSeconds ?? 5) * 1000, load, progress)
    const requests = await load
    const secondHalf = samples.filter((p) => p.atS >= settings.seconds / 2)
    const rss = secondHalf.map((p) => p.rssMb)
    return {
      seconds: settings.seconds,
      settings: passedSettings(),
      samples,
      startMb,
      peakMb: memoryOf(running).peak,
      slopeMbPerMin: slopePerMinute(secondHalf),
      secondHalfRangeMb: rss.length === 0 ? 0 : Math.max(...rss) - Math.min(...rss),
      boundReachedAtS: boundReachedAt(samples),
      requests
    }
  } finally {
    client.close()
    await stopServer(running)
  }
}
