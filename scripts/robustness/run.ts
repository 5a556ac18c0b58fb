// The long robustness run: N hostile requests (default 100,000) from the property suite's generators,
// sent over keep-alive sockets to a real emulator process; prints crashes, unexpected 5xx, undeclared statuses and
// network errors. Run before a release:  npm run robustness [-- --requests 100000 --concurrency 8 --seed 1]
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import fc from 'fast-check'
import { documentedExtra, operationsOf, requestArbitrary, type HostileRequest } from '../../test/robustness/generators.js'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const KEYS = ['sk-demo-full', 'sk-demo-read', 'uk-demo-member', 'uk-demo-personal', 'sk-demo-expired', 'sk-demo-scenes', 'sk-demo-other']
const IDS = ['vIu60jkDSjW', '3EbmuY2vh14', '3qc2CrXzPU0', 'private', 'nope0000000']

const { values } = parseArgs({
  options: { requests: { type: 'string', default: '100000' }, concurrency: { type: 'string', default: '8' }, seed: { type: 'string', default: '1' } }
})
const total = Number(values.requests)

interface Tally { sent: number, statuses: Record<number, number>, unexpected5xx: string[], undeclared: string[], network: Record<string, number> }

function startServer (): Promise<{ url: string, exited: () => number | null, stop: () => void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'fatal', EMULATOR_RATE_LIMIT: '0', EMULATOR_JOURNAL_SIZE: '1000', EMULATOR_BODY_LIMIT: '262144' },
    stdio: ['ignore', 'pipe', 'inherit']
  })
  let exitCode: number | null = null
  child.on('exit', (code, signal) => { exitCode = code ?? (signal ? 128 : -1) })
  return new Promise((resolve, reject) => {
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk
      const match = /listening at (http:\/\/\S+)/.exec(output)
      if (match) resolve({ url: match[1], exited: () => exitCode, stop: () => child.kill('SIGTERM') })
    })
    child.on('exit', () => reject(new Error(`server exited before listening:\n${output}`)))
  })
}

async function send (url: string, request: HostileRequest, tally: Tally): Promise<void> {
  tally.sent++
  try {
    const payload = request.method === 'GET' || request.method === 'HEAD' ? undefined : request.payload
    const res = await fetch(url + request.url, { method: request.method, headers: request.headers, body: payload })
    const text = await res.text()
    tally.statuses[res.status] = (tally.statuses[res.status] ?? 0) + 1
    let body: unknown = null
    try { body = JSON.parse(text) } catch { /* judged by status alone */ }
    const extra = documentedExtra(request, res.status, body)
    const line = `${request.method} ${request.url.slice(0, 100)} → ${res.status} ${text.slice(0, 100)}`
    if (res.status >= 500 && !extra) tally.unexpected5xx.push(line)
    else if (!request.operation.declared.has(res.status) && !extra) tally.undeclared.push(line)
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message
    tally.network[code] = (tally.network[code] ?? 0) + 1
  }
}

const server = await startServer()
const doc = await (await fetch(`${server.url}/docs/json`)).json() as Parameters<typeof operationsOf>[0]
const operations = operationsOf(doc)
const perOperation = Math.ceil(total / operations.length)
const queue: HostileRequest[] = []
for (const [i, operation] of operations.entries()) {
  queue.push(...fc.sample(requestArbitrary(operation, KEYS, IDS), { seed: Number(values.seed) + i, numRuns: perOperation }))
}
queue.length = Math.min(queue.length, total)
// Interleave operations so deletes and writes mix with reads, as a real client population would.
queue.sort((a, b) => (a.url.length * 7919 + a.method.length) % 13 - (b.url.length * 7919 + b.method.length) % 13)

const tally: Tally = { sent: 0, statuses: {}, unexpected5xx: [], undeclared: [], network: {} }
const started = performance.now()
let next = 0
await Promise.all(Array.from({ length: Number(values.concurrency) }, async () => {
  while (next < queue.length && server.exited() === null) await send(server.url, queue[next++], tally)
}))
const seconds = (performance.now() - started) / 1000
const crashed = server.exited() !== null
server.stop()

const networkErrors = Object.values(tally.network).reduce((a, b) => a + b, 0)
console.log(`requests: ${tally.sent} in ${seconds.toFixed(1)} s (${Math.round(tally.sent / seconds)}/s), ${operations.length} operations, concurrency ${values.concurrency}, seed ${values.seed}`)
console.log(`statuses: ${JSON.stringify(tally.statuses)}`)
console.log(`crashes: ${crashed ? 1 : 0}`)
console.log(`unexpected 5xx: ${tally.unexpected5xx.length}`)
console.log(`undeclared statuses: ${tally.undeclared.length}`)
console.log(`network errors: ${networkErrors} ${JSON.stringify(tally.network)}`)
for (const line of [...tally.unexpected5xx, ...tally.undeclared].slice(0, 10)) console.log(`  ${line}`)
process.exitCode = crashed || tally.unexpected5xx.length > 0 || tally.undeclared.length > 0 || networkErrors > 0 ? 1 : 0
