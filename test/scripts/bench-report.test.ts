// The bench's table for issue 43's goals (scripts/bench/report.ts): each row with its goal and whether it is met,
// the in-process start and the MCP row with the server's CPU per call; and the MCP client's reading of an answer
// (scripts/bench/mcp-client.ts). The measuring itself runs only under `npm run bench`.
import t from 'tap'
import { renderTable } from '../../scripts/bench/report.js'
import { messageOf } from '../../scripts/bench/mcp-client.js'
import type { StartResult } from '../../scripts/bench/starts.js'

const rowOf = (table: string, start: string): string[] => {
  const line = table.split('\n').find((row) => row.startsWith(`| ${start}`))
  if (line === undefined) throw new Error(`no row starting "${start}" in\n${table}`)
  return line.split(' | ').map((cell) => cell.replace(/^\| |\|$/g, '').trim())
}

t.test('the MCP row: the times\' ratio against 1.1x, and the server\'s CPU per call beside it', async (t) => {
  const met = renderTable({ mcp: { mcpMs: 0.55, restMs: 0.5, calls: 1000, mcpCpuUs: 210, restCpuUs: 200 } })
  t.same(rowOf(met, 'MCP').slice(1), ['0.550 ms / 0.500 ms = 1.10x; server CPU per call 210 µs / 200 µs = 1.05x', '<= 1.1x', 'yes'])
  const missed = renderTable({ mcp: { mcpMs: 0.56, restMs: 0.5, calls: 1000, mcpCpuUs: 300, restCpuUs: 200 } })
  t.same(rowOf(missed, 'MCP').slice(2), ['<= 1.1x', 'no'])
  t.same(rowOf(renderTable({ mcp: null }), 'MCP').slice(1), ['n/a (POST /api/v1/mcp answers 404)', '<= 1.1x', '—'])
})

const starts = (ms: Partial<StartResult['ms']>, inProcess: number[]): StartResult => ({
  ms: { bare: [100, 100, 100], server: [], uncached: [], npx: [], bin: [], image: [], bareNpx: [], bareImage: [], ...ms },
  cpuMs: {},
  skipped: { image: 'no image', bareImage: 'no image' },
  inProcess: { firstMs: 250, ms: inProcess }
})

t.test('the start rows hold issue 43\'s goals: 1.25x for npm start, 1.35x for the bin, 40 ms in process', async (t) => {
  const table = renderTable({ starts: starts({ server: [125, 125, 125], bin: [136, 136, 136], npx: [300], bareNpx: [250], uncached: [200] }, [30, 40, 50]) })
  t.same(rowOf(table, 'start to first 200: dist/server.js').slice(2), ['<= 1.25x', 'yes'])
  t.same(rowOf(table, 'start to first 200: that install').slice(2), ['<= 1.35x', 'no'], '1.36x misses 1.35x')
  t.same(rowOf(table, 'start to first 200: npx').slice(2), ['<= 1.5x', 'yes'])
  t.same(rowOf(table, 'start to first 200: dist/server.js with the compile cache off').slice(2), ['—', '—'], 'no goal')
  t.same(rowOf(table, 'start to first 200: the image').slice(1), ['n/a (no image)', '<= 1.5x', '—'])
  t.same(rowOf(table, 'in-process startEmulator()'), ['in-process startEmulator() to its first answer, after the first in a process (median of 3; the first: 250.0 ms)', '40.0 ms', '<= 40 ms', 'yes'])
  t.same(rowOf(renderTable({ starts: starts({ server: [126] }, [41]) }), 'in-process').slice(2), ['<= 40 ms', 'no'])
  t.same(rowOf(renderTable({ starts: starts({ server: [126] }, [41]) }), 'start to first 200: dist/server.js').slice(3), ['no'], '1.26x misses 1.25x')
})

t.test('the reads rows hold 0.70x (defaults) and 0.85x (quiet), each the median of the rounds\' ratios', async (t) => {
  const memory = { bare: { rss: 90, peak: 95 }, quiet: { rss: 100, peak: 110 }, defaults: { rss: 150, peak: 160 } }
  const table = renderTable({
    reads: { rounds: { bare: [1000, 1000, 1000], defaults: [700, 690, 720], quiet: [840, 850, 900] }, memory, defaultRequests: 100_000, failures: [] }
  })
  t.same(rowOf(table, 'reads, defaults').slice(1), ['0.70x (700 req/s)', '>= 0.70x', 'yes'])
  t.same(rowOf(table, 'reads, quiet').slice(1), ['0.85x (850 req/s)', '>= 0.85x', 'yes'])
  const below = renderTable({ reads: { rounds: { bare: [1000], defaults: [699], quiet: [849] }, memory, defaultRequests: 100_000, failures: [] } })
  t.same([rowOf(below, 'reads, defaults')[3], rowOf(below, 'reads, quiet')[3]], ['no', 'no'])
})

t.test('the MCP client reads the one message of an SSE answer, or a JSON one', async (t) => {
  t.same(messageOf('text/event-stream', 'event: message\ndata: {"jsonrpc":"2.0","id":3,"result":{}}\n\n'), { jsonrpc: '2.0', id: 3, result: {} })
  t.same(messageOf('application/json', '{"jsonrpc":"2.0","id":4,"result":{}}'), { jsonrpc: '2.0', id: 4, result: {} })
  t.throws(() => messageOf('text/event-stream', 'event: message\ndata: {}\n\nevent: message\ndata: {}\n\n'), /expected one SSE message event, got 2/)
})
