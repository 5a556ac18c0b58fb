// The in-process start, as a test suite makes it: `startEmulator()` from the package's entry (dist/index.js) to its
// first answer (`GET /api/v1/collections` with the demo key, the body read), then close() (not timed); N + 1 times in
// one process, the first (which loads and compiles the modules) reported apart. Prints one JSON line.
//   node scripts/bench/in-process-start.mjs [n=20]
import process from 'node:process'
import { performance } from 'node:perf_hooks'
import { startEmulator } from '../../dist/index.js'

const { fetch } = globalThis

const runs = Number.parseInt(process.argv[2] ?? '', 10) || 20
const times = []
for (let i = 0; i <= runs; i++) {
  const start = performance.now()
  const emulator = await startEmulator()
  const res = await fetch(`${emulator.apiUrl}/collections`, { headers: { authorization: `Bearer ${emulator.keys.full}` } })
  await res.text()
  times.push(performance.now() - start)
  await emulator.close()
  if (res.status !== 200) throw new Error(`GET /collections answered ${res.status}`)
}
process.stdout.write(`${JSON.stringify({ firstMs: times[0], ms: times.slice(1) })}\n`)
