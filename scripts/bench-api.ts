// How much does the emulator add to serving a public read? For each route, in one run on this machine: the median
// over HTTP of the emulator's answer next to a bare Fastify route that sends the very same bytes, and the ratio.
// Run: node --import tsx scripts/bench-api.ts [N]
import Fastify from 'fastify'
import { buildApp } from '../src/app.js'
import { resolveConfig } from '../src/config/index.js'
import { listen, medianOf, ms } from './bench/harness.js'

const N = Number(process.argv[2] ?? 1000)
const KEY = 'sk-demo-full'
const ROUTES = [
  '/api/v1/collections',
  '/api/v1/scenes?limit=10',
  '/api/v1/scenes/vIu60jkDSjW',
  '/api/v1/scenes/vIu60jkDSjW/content'
]

const get = (url: string, headers: Record<string, string> = {}) => async (): Promise<number> => {
  const res = await fetch(url, { headers })
  await res.arrayBuffer()
  return res.status
}

async function main (): Promise<void> {
  // As `npm start` serves it (bundled fixtures, :memory:, journal on, drift off), without logs or the rate limit.
  const emulator = await buildApp(resolveConfig({ logLevel: 'silent', rateLimit: 0 }))
  const emulatorBase = await listen(emulator)
  const bodies = new Map<string, string>()
  for (const route of ROUTES) {
    const res = await fetch(emulatorBase + route, { headers: { authorization: `Bearer ${KEY}` } })
    bodies.set(route, await res.text())
  }
  const bare = Fastify()
  bare.get('/bare/:index', async (request, reply) => {
    const { index } = request.params as { index: string }
    return reply.type('application/json').send(bodies.get(ROUTES[Number(index)]))
  })
  const bareBase = await listen(bare)

  console.log(`Public reads over HTTP, median of ${N} sequential requests, Node ${process.version}`)
  for (const [index, route] of ROUTES.entries()) {
    const served = await medianOf(get(emulatorBase + route, { authorization: `Bearer ${KEY}` }), N)
    const floor = await medianOf(get(`${bareBase}/bare/${index}`), N)
    const size = `${(bodies.get(route)!.length / 1024).toFixed(1)} KiB`
    console.log(`  GET ${route.padEnd(36)} ${size.padStart(9)}   emulator ${ms(served).padStart(10)}   bare ${ms(floor).padStart(10)}   ratio ${(served / floor).toFixed(2)}x`)
  }
  await emulator.close()
  await bare.close()
}

await main()
