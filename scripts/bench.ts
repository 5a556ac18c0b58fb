// npm run bench: the performance goals (docs/performance.md), measured in one run on this machine, as a table of
// ratios. A bare Fastify route and the emulator (dist/server.js, defaults and quiet) as processes on 127.0.0.1 under
// autocannon; memory; start to first 200 and in process (scripts/bench/starts.ts); MCP next to REST
// (scripts/bench/mcp.ts); then the scale cases; then the pictures case against chromium's own export
// (scripts/bench/pictures.ts); then the soak (scripts/bench/soak.ts): minutes of mixed load with RSS sampled.
// Settings (environment):
//   BENCH_SECONDS=8 BENCH_ROUNDS=3 BENCH_CONNECTIONS=50 BENCH_STARTS=9 BENCH_IN_PROCESS_STARTS=20 BENCH_RUNS=20
//   BENCH_PORT=4310 BENCH_IMAGE=<image> (also time the image's start, with podman: scripts/bench/starts.ts)
//   BENCH_ONLY=reads,starts,mcp,scale,pictures,soak,shadow BENCH_SOAK_SECONDS=120 BENCH_SHADOW_REQUESTS=2000
//   BENCH_JSON=<file> (raw numbers)
// and flags (after `npm run bench --`): --only <cases> (as BENCH_ONLY), --soak-long (a 10-minute soak),
// --soak-seconds <n>. The emulator processes see the bench's own EMULATOR_* variables: a soak that reaches a low
// retention bound within its time is `EMULATOR_AUDIT_LOG_MAX=2000 npm run bench -- --only soak`.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { machineLine, renderTable, type BenchResult } from './bench/report.js'
import { soakDetail } from './bench/soak-report.js'
import { measurePictures } from './bench/pictures.js'
import { measureMcp } from './bench/mcp.js'
import { measureScale } from './bench/scale.js'
import { measureReads, type ServingSettings } from './bench/serving.js'
import { measureStarts } from './bench/starts.js'
import { measureSoak } from './bench/soak.js'
import { measureShadow } from './bench/shadow.js'

const int = (name: string, fallback: number) => Number.parseInt(process.env[name] ?? '', 10) || fallback
const { values: flags } = parseArgs({
  options: { 'only': { type: 'string' }, 'soak-long': { type: 'boolean' }, 'soak-seconds': { type: 'string' } }
})
const ALL_CASES = 'reads,starts,mcp,scale,pictures,soak,shadow'
const only = new Set((flags.only ?? process.env.BENCH_ONLY ?? ALL_CASES).split(',').map((s) => s.trim()))
for (const name of only) {
  if (ALL_CASES.split(',').includes(name)) continue
  console.error(`bench: --only names no case "${name}" (cases: ${ALL_CASES})`)
  process.exit(2)
}
const soakSeconds = flags['soak-long'] === true ? 600 : Number.parseInt(flags['soak-seconds'] ?? '', 10) || int('BENCH_SOAK_SECONDS', 120)
/** The machine's load as /proc/loadavg has it (1, 5 and 15 minutes, running/total tasks), or why not. */
const procLoadavg = (): string => { try { return readFileSync('/proc/loadavg', 'utf8').trim() } catch { return 'n/a (no /proc/loadavg)' } }
const log = (line: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${line}`)

/** The serving settings from the environment, with the folder the cases work in. */
function servingSettings (workDir: string): ServingSettings {
  return {
    seconds: int('BENCH_SECONDS', 8),
    rounds: int('BENCH_ROUNDS', 3),
    connections: int('BENCH_CONNECTIONS', 50),
    starts: int('BENCH_STARTS', 9),
    memoryRequests: 100_000,
    workDir,
    basePort: int('BENCH_PORT', 4310)
  }
}

/** Each case in the order it runs: the line it logs first, and its measure into the result. */
const CASES: ReadonlyArray<{ name: string, line: (s: ServingSettings) => string, run: (s: ServingSettings, result: BenchResult) => Promise<void> }> = [
  {
    name: 'reads',
    line: (s) => `reads: autocannon -c ${s.connections} -d ${s.seconds}, ${s.rounds} rounds`,
    run: async (s, result) => { result.reads = await measureReads(s, log) }
  },
  {
    name: 'starts',
    line: (s) => `starts: ${s.starts} of each, in turn`,
    run: async (s, result) => {
      result.starts = await measureStarts({ ...s, inProcessStarts: int('BENCH_IN_PROCESS_STARTS', 20), image: process.env.BENCH_IMAGE || undefined })
    }
  },
  {
    name: 'mcp',
    line: () => 'MCP list_scenes vs GET /scenes, alternated',
    run: async (s, result) => { result.mcp = await measureMcp({ runs: int('BENCH_RUNS', 20), workDir: s.workDir, port: s.basePort + 17 }, log) }
  },
  {
    name: 'scale',
    line: () => 'scale cases',
    run: async (s, result) => { result.scale = await measureScale({ runs: int('BENCH_RUNS', 20), workDir: s.workDir, port: s.basePort + 5 }, log) }
  },
  {
    name: 'pictures',
    line: () => 'pictures',
    run: async (s, result) => { result.pictures = await measurePictures({ workDir: s.workDir, port: s.basePort + 6 }, log) }
  },
  {
    name: 'soak',
    line: () => `soak: ${soakSeconds} s of mixed load, RSS every 5 s`,
    run: async (s, result) => { result.soak = await measureSoak({ seconds: soakSeconds, workDir: s.workDir, port: s.basePort + 7 }, log) }
  },
  {
    name: 'shadow',
    line: () => 'shadow: added latency, direct to the target vs through the shadow',
    run: async (s, result) => {
      result.shadow = await measureShadow({ requests: int('BENCH_SHADOW_REQUESTS', 2000), workDir: s.workDir, port: s.basePort + 8 }, log)
    }
  }
]

/** The table, the load at start and at the end, the reads' failures and the soak's detail; the raw numbers to BENCH_JSON. */
function printResult (result: BenchResult, machineAtStart: string, loadAtStart: string): void {
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify({ machine: machineAtStart, ...result }, null, 2))
  console.log(`\nMachine: ${machineAtStart} (at start)\nLoad average at the end: ${machineLine().replace(/.*load average /, '')}`)
  console.log(`/proc/loadavg at start: ${loadAtStart}; at the end: ${procLoadavg()}\n`)
  console.log(renderTable(result))
  for (const failure of result.reads?.failures ?? []) console.log(`warning: ${failure}`)
  if (result.soak) console.log(`\n${soakDetail(result.soak)}`)
}

async function main (): Promise<void> {
  const workDir = mkdtempSync(join(tmpdir(), 'emulator-bench-'))
  const settings = servingSettings(workDir)
  const machineAtStart = machineLine()
  const loadAtStart = procLoadavg()
  const result: BenchResult = {}
  try {
    for (const { name, line, run } of CASES) {
      if (!only.has(name)) continue
      log(line(settings))
      await run(settings, result)
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true })
  }
  printResult(result, machineAtStart, loadAtStart)
}

await main()
