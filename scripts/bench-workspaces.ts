// Is an empty workspace cheap enough to create per test? Measures, in one run on this machine, the median time of
// N POST /_emulator/workspaces (app.inject and real HTTP) next to a bare Fastify route, and prints the ratios.
// Run: node --import tsx scripts/bench-workspaces.ts [N]
import Fastify, { type FastifyInstance } from 'fastify'
import { buildApp } from '../src/app.js'
import { resolveConfig } from '../src/config/index.js'
import { listen, medianOf, ms, type Call } from './bench/harness.js'

const N = Number(process.argv[2] ?? 500)
const WARMUP = Math.min(50, N)

const viaInject = (app: FastifyInstance, url: string): Call => async () =>
  (await app.inject({ method: 'POST', url })).statusCode

const viaHttp = (base: string, url: string): Call => async () => {
  const res = await fetch(base + url, { method: 'POST' })
  await res.arrayBuffer()
  return res.status
}

async function main (): Promise<void> {
  // The emulator as `npm start` runs it (bundled fixtures, :memory:), minus the log lines.
  const emulator = await buildApp(resolveConfig({ logLevel: 'silent' }))
  // The floor: a bare Fastify route that answers a small JSON object, the same way over the same transport.
  const bare = Fastify()
  bare.post('/bare', async () => ({ workspace: { id: 'x', name: 'y' } }))

  const results = {
    inject: { workspace: await medianOf(viaInject(emulator, '/_emulator/workspaces'), N), bare: await medianOf(viaInject(bare, '/bare'), N) },
    http: { workspace: 0, bare: 0 }
  }
  const emulatorBase = await listen(emulator)
  const bareBase = await listen(bare)
  results.http = { workspace: await medianOf(viaHttp(emulatorBase, '/_emulator/workspaces'), N), bare: await medianOf(viaHttp(bareBase, '/bare'), N) }
  await emulator.close()
  await bare.close()

  console.log(`Empty-workspace creation, median of ${N} (after ${WARMUP} warm-up calls), Node ${process.version}`)
  for (const [transport, { workspace, bare: floor }] of Object.entries(results)) {
    console.log(`  ${transport.padEnd(6)} POST /_emulator/workspaces ${ms(workspace).padStart(11)}   bare route ${ms(floor).padStart(11)}   ratio ${(workspace / floor).toFixed(1)}x`)
  }
}

await main()
