// The benchmark's table: each case, what was measured, its goal and whether this run met it.
import { cpus, loadavg } from 'node:os'
import { median } from './client.js'
import type { McpResult } from './mcp.js'
import type { PicturesResult } from './pictures.js'
import type { ScaleResult } from './scale.js'
import type { ReadsResult } from './serving.js'
import { percentile, type ShadowResult } from './shadow.js'
import type { SoakResult } from './soak.js'
import { soakRows } from './soak-report.js'
import type { StartCase, StartResult } from './starts.js'

export interface BenchResult {
  reads?: ReadsResult
  starts?: StartResult
  mcp?: McpResult
  scale?: ScaleResult
  pictures?: PicturesResult
  soak?: SoakResult
  shadow?: ShadowResult
}

export type Row = [what: string, measured: string, goal: string, met: boolean | null]

const n0 = (x: number) => Math.round(x).toLocaleString('en-US')
const x2 = (x: number) => `${x.toFixed(2)}x`
const ms = (x: number) => (x < 1 ? `${x.toFixed(3)} ms` : x < 10 ? `${x.toFixed(2)} ms` : `${x.toFixed(1)} ms`)
const mb = (x: number) => `${Math.round(x)} MB`

/** Per-round ratios to the bare route in the same round, and their median. */
function readRatio (reads: ReadsResult, name: string): number {
  return median(reads.rounds[name].map((value, i) => value / reads.rounds.bare[i]))
}

function readRows (reads: ReadsResult): Row[] {
  // The server's CPU per request beside its rate (medians of the rounds), when the run read it: under load the rates
  // of all three fall, the emulator's more, where the CPU per request moves less.
  const cpu = (name: string) => reads.cpuUs?.[name] === undefined ? '' : `, CPU ${median(reads.cpuUs[name]).toFixed(1)} µs/request`
  const cpuRatio = (name: string) => reads.cpuUs?.[name] === undefined || reads.cpuUs.bare === undefined ? '' : ` = ${x2(median(reads.cpuUs[name]) / median(reads.cpuUs.bare))} the bare route's`
  const rps = (name: string) => `${n0(median(reads.rounds[name]))} req/s${cpu(name)}${name === 'bare' ? '' : cpuRatio(name)}`
  const defaults = readRatio(reads, 'defaults')
  const quiet = readRatio(reads, 'quiet')
  const { bare, quiet: quietMemory, defaults: defaultMemory } = reads.memory
  return [
    ['reads, bare Fastify route sending the same bytes (the ceiling)', rps('bare'), '', null],
    ['reads, defaults (info log, journal on)', `${x2(defaults)} (${rps('defaults')})`, '>= 0.70x', defaults >= 0.7],
    ['reads, quiet (LOG_LEVEL=warn, EMULATOR_JOURNAL_SIZE=0)', `${x2(quiet)} (${rps('quiet')})`, '>= 0.85x', quiet >= 0.85],
    ['peak RSS under that load, quiet vs bare', `${mb(quietMemory.peak)} / ${mb(bare.peak)} = ${x2(quietMemory.peak / bare.peak)}`, '<= 1.5x', quietMemory.peak / bare.peak <= 1.5],
    [`RSS of the defaults after ${n0(reads.defaultRequests)} requests (peak)`, `${mb(defaultMemory.rss)} (${mb(defaultMemory.peak)})`, '< 200 MB', defaultMemory.rss < 200]
  ]
}

/** Each start case, what the row says, its goal (the largest ratio met; null: none), and its bare Fastify twin. */
const START_CASES: Array<[StartCase, string, number | null, StartCase]> = [
  ['server', 'start to first 200: dist/server.js (npm start, demo fixtures) vs a bare Fastify process', 1.25, 'bare'],
  ['npx', 'start to first 200: npx drawing-api-emulator, from a packed install, vs npx of a bare Fastify package installed the same way', 1.5, 'bareNpx'],
  ['bin',
    'start to first 200: that install\'s node_modules/.bin/drawing-api-emulator (what npx runs, without npm\'s own start) vs a bare Fastify process',
    1.35, 'bare'],
  ['image', 'start to first 200: the image (podman run, BENCH_IMAGE) vs the bare Fastify process run by podman in the same image', 1.5, 'bareImage'],
  ['uncached', 'start to first 200: dist/server.js with the compile cache off (a first start) vs a bare Fastify process', null, 'bare']
]

/** The CPU time the server process had used by its first 200, against the bare process's, when both were read. */
function cpuPart ({ cpuMs }: StartResult, name: StartCase): string {
  const own = cpuMs[name]
  const bare = cpuMs.bare
  if (own === undefined || bare === undefined) return ''
  return `; CPU ${Math.round(median(own))} ms / ${Math.round(median(bare))} ms = ${x2(median(own) / median(bare))}`
}

/** Against the bare process too, where the twin is another (npx's and podman's own start is in both of those). */
function barePart (times: StartResult['ms'], name: StartCase, twin: StartCase): string {
  return twin === 'bare' ? '' : `; vs the bare process ${ms(median(times.bare))}: ${x2(median(times[name]) / median(times.bare))}`
}

/** Medians of fresh processes started in turn, each against its bare twin's median in the same run. */
function startRows (starts: StartResult): Row[] {
  const { ms: times, skipped, inProcess } = starts
  const rows = START_CASES.map(([name, what, goal, twin]): Row => {
    const goalText = goal === null ? '' : `<= ${goal}x`
    const reason = skipped[name] ?? skipped[twin]
    if (reason !== undefined) return [what, `n/a (${reason})`, goalText, null]
    const ratio = median(times[name]) / median(times[twin])
    const measured = `${ms(median(times[name]))} / ${ms(median(times[twin]))} = ${x2(ratio)}${cpuPart(starts, name)}${barePart(times, name, twin)}`
    return [`${what} (medians of ${times[name].length})`, measured, goalText, goal === null ? null : ratio <= goal]
  })
  const inProcessMs = median(inProcess.ms)
  rows.push([`in-process startEmulator() to its first answer, after the first in a process (median of ${inProcess.ms.length}; the first: ${ms(inProcess.firstMs)})`,
    ms(inProcessMs), '<= 40 ms', inProcessMs <= 40])
  return rows
}

/** MCP next to its REST twin, as a real client calls them, at the server's defaults. */
function mcpRows (mcp: McpResult): Row[] {
  const what = 'MCP tools/call list_scenes vs GET /scenes?limit=10, defaults (info log, journal on), ' +
    'a client sending MCP-Protocol-Version and new ids, accepting SSE, reading through a pipe'
  if (mcp === null) return [[what, 'n/a (POST /api/v1/mcp answers 404)', '<= 1.1x', null]]
  const ratio = mcp.mcpMs / mcp.restMs
  const cpu = `; server CPU per call ${n0(mcp.mcpCpuUs)} µs / ${n0(mcp.restCpuUs)} µs = ${x2(mcp.mcpCpuUs / mcp.restCpuUs)}`
  return [[`${what} (alternated, medians of ${n0(mcp.calls)})`, `${ms(mcp.mcpMs)} / ${ms(mcp.restMs)} = ${x2(ratio)}${cpu}`, '<= 1.1x', ratio <= 1.1]]
}

function scaleRows ({ scene, paging, workspaces }: ScaleResult): Row[] {
  const json = scene.parseMs + scene.stringifyMs
  const roundTrip = (scene.putMs + scene.getMs) / json
  const pages = paging.largeMs / paging.smallMs
  return [
    [`PUT + GET of a ${n0(scene.elements)}-element scene (${(scene.bytes / 1e6).toFixed(1)} MB) vs JSON.parse + JSON.stringify`,
      `${ms(scene.putMs)} + ${ms(scene.getMs)} vs ${ms(scene.parseMs)} + ${ms(scene.stringifyMs)} = ${x2(roundTrip)}`, '<= 3x', roundTrip <= 3],
    [`GET /scenes?offset=90000&limit=100 on ${n0(paging.scenes)} scenes vs a 100-scene page (after a write)`,
      `${ms(paging.largeMs)} / ${ms(paging.smallMs)} = ${x2(pages)}`, '<= 1.2x', pages <= 1.2],
    ['create an isolated workspace (POST /_emulator/workspaces)', ms(workspaces.createMs), '< 2 ms', workspaces.createMs < 2],
    ['reset (POST /_emulator/reset)', ms(workspaces.resetMs), '< 20 ms', workspaces.resetMs < 20]
  ]
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)

/** The pictures case: the page, the first and the cold pictures against chromium's own export, sharing, memory, pool. */
function pictureRows ({ browser, workspace, firstMs, sceneMs, shared, memory, pool }: PicturesResult): Row[] {
  const first = browser === null ? null : firstMs / browser.firstMs
  const cold = browser === null ? null : sum(sceneMs) / sum(browser.sceneMs)
  const grown = memory.afterMb - memory.startMb
  const versus = (ours: number, theirs: number | undefined) => theirs === undefined ? ms(ours) : `${ms(ours)} / ${ms(theirs)} = ${x2(ours / theirs)}`
  return [
    workspace === null
      ? ['pictures: a fresh start\'s busiest workspace page, opened until every thumbnail is drawn', 'n/a (no chromium)', '<= 3 s', null]
      : [`pictures: a fresh start's busiest workspace page (${workspace.name}, ${workspace.thumbnails} thumbnails), opened until every thumbnail is drawn`, ms(workspace.drawnMs), '<= 3 s', workspace.drawnMs <= 3000],
    ['first picture of a never-drawn scene after the health check vs chromium loading the export code and drawing it',
      versus(firstMs, browser?.firstMs), '<= 2 s or <= 1.5x', firstMs <= 2000 || (first !== null && first <= 1.5)],
    [`${sceneMs.length} further never-drawn scenes one at a time (sum) vs the same exports in chromium`,
      versus(sum(sceneMs), browser === null ? undefined : sum(browser.sceneMs)), '<= 2x', cold === null ? null : cold <= 2],
    ['six concurrent requests for one never-drawn picture vs one request alone', versus(shared.sixMs, shared.aloneMs), '<= 1.5x (one render)',
      shared.sixMs / shared.aloneMs <= 1.5],
    [`RSS around a ${n0(memory.elements)}-element scene's PNG (${ms(memory.pngMs)}): health check, peak, served (2 s after; and 10 s after)`,
      `${mb(memory.startMb)}, ${mb(memory.peakMb)}, ${mb(memory.afterMb)} (+${mb(grown)}; ${mb(memory.settledMb)}, +${mb(memory.settledMb - memory.startMb)})`, '<= +300 MB once served', grown <= 300],
    ['every fixture scene at once, one render worker vs two (cold, workers starting / warm)',
      `${ms(pool.one.coldMs)} / ${ms(pool.one.warmMs)} vs ${ms(pool.two.coldMs)} / ${ms(pool.two.warmMs)}`, '', null]
  ]
}

/**
 * The shadow case: client latency through the shadow against straight to the target, at the median and p99; and
 * the CPU time each read costs the shadow process against the target's (no goal: what the wall times rest on).
 */
function shadowRows ({ requests, direct, shadowed, cpuUs }: ShadowResult): Row[] {
  const row = (label: string, p: number, goal: number): Row => {
    const [a, b] = [percentile(direct, p), percentile(shadowed, p)]
    return [`shadow: latency added on loopback, ${label} of ${n0(requests)} reads (direct vs through the shadow)`, `${ms(b - a)} (${ms(a)} vs ${ms(b)})`, `<= ${goal} ms`, b - a <= goal]
  }
  const cpu: Row = ['shadow: CPU time per read through the shadow, the shadow process (forward and compare) vs the target',
    `${n0(cpuUs.shadow)} µs vs ${n0(cpuUs.target)} µs = ${x2(cpuUs.shadow / cpuUs.target)}`, '', null]
  return [row('median', 50, 1), row('p99', 99, 5), cpu]
}

export function machineLine (): string {
  const cores = cpus()
  return `${cores.length} cores (${cores[0]?.model ?? 'unknown'}), Node ${process.version}, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`
}

export function renderTable (result: BenchResult): string {
  const rows: Row[] = [
    ...(result.reads ? readRows(result.reads) : []),
    ...(result.starts ? startRows(result.starts) : []),
    ...(result.mcp !== undefined ? mcpRows(result.mcp) : []),
    ...(result.scale ? scaleRows(result.scale) : []),
    ...(result.pictures ? pictureRows(result.pictures) : []),
    ...(result.soak ? soakRows(result.soak) : []),
    ...(result.shadow ? shadowRows(result.shadow) : [])
  ]
  const lines = ['| case | measured | goal | met |', '|---|---|---|---|']
  for (const [what, measured, goal, met] of rows) lines.push(`| ${what} | ${measured} | ${goal || '—'} | ${met === null ? '—' : met ? 'yes' : 'no'} |`)
  return lines.join('\n')
}
