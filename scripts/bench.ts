// npm run bench: the performance goals (docs/performance.md), measured in one run on this machine, as a table of ratios.
// A bare Fastify route and the emulator (dist/server.js, defaults and quiet) as processes on 127.0.0.1 under
// autocannon; start to first 200; memory; then the scale cases in this process; then the pictures case against
// chromium's own export (scripts/bench/pictures.ts). Settings (environment):
//   BENCH_SECONDS=8 BENCH_ROUNDS=3 BENCH_CONNECTIONS=50 BENCH_STARTS=5 BENCH_RUNS=20 BENCH_PORT=4310
//   BENCH_ONLY=reads,starts,scale,pictures BENCH_JSON=<file> (raw numbers)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { machineLine, renderTable, type BenchResult } from './bench/report.js'
import { measurePictures } from './bench/pictures.js'
import { measureScale } from './bench/scale.js'
import { measureReads, measureStarts, type ServingSettings } from './bench/serving.js'

const int = (name: string, fallback: number) => Number.parseInt(process.env[name] ?? '', 10) || fallback
const only = new Set((process.env.BENCH_ONLY ?? 'reads,starts,scale,pictures').split(',').map((s) => s.trim()))
const log = (line: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${line}`)

async function main (): Promise<void> {
  const workDir = mkdtempSync(join(tmpdir(), 'emulator-bench-'))
  const settings: ServingSettings = {
    seconds: int('BENCH_SECONDS', 8),
    rounds: int('BENCH_ROUNDS', 3),
    connections: int('BENCH_CONNECTIONS', 50),
    starts: int('BENCH_STARTS', 5),
    memoryRequests: 100_000,
    workDir,
    basePort: int('BENCH_PORT', 4310)
  }
  const machineAtStart = machineLine()
  const result: BenchResult = {}
  try {
    if (only.has('reads')) {
      log(`reads: autocannon -c ${settings.connections} -d ${settings.seconds}, ${settings.rounds} rounds`)
      result.reads = await measureReads(settings, log)
    }
    if (only.has('starts')) {
      log(`starts: ${settings.starts} of each, alternately`)
      result.starts = await measureStarts(settings)
    }
    if (only.has('scale')) {
      log('scale cases')
      result.scale = await measureScale({ runs: int('BENCH_RUNS', 20), workDir, port: settings.basePort + 5 }, log)
    }
    if (only.has('pictures')) {
      log('pictures')
      result.pictures = await measurePictures({ workDir, port: settings.basePort + 6 }, log)
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true })
  }
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify({ machine: machineAtStart, ...result }, null, 2))
  console.log(`\nMachine: ${machineAtStart} (at start)\nLoad average at the end: ${machineLine().replace(/.*load average /, '')}\n`)
  console.log(renderTable(result))
  for (const failure of result.reads?.failures ?? []) console.log(`warning: ${failure}`)
}

await main()
