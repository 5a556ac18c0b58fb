// The MCP case: `tools/call list_scenes` next to its REST twin `GET /scenes?limit=10`, on one emulator process as
// `npm start` runs it at its defaults (info log, journal on; rate limit off, as in every served case), called as a real
// client calls them (mcp-client.ts), alternated, one request at a time; then the server's own CPU time per call of
// each, in blocks taken in turn: a busy machine stretches the times of both, where the CPU time barely moves.
import { createMcpBenchClient, type BenchCall, type McpBenchClient } from './mcp-client.js'
import { cpuMsOf, type Running } from './processes.js'
import { medians, withServer, type ScaleSettings } from './scale.js'

/** Medians, ms, and the server's CPU µs per call of each; null when POST /api/v1/mcp answers 404 (no MCP endpoint). */
export type McpResult = { restMs: number, mcpMs: number, calls: number, restCpuUs: number, mcpCpuUs: number } | null

/** Untimed pairs first: both paths hot in V8 (the MCP one runs more code before its tiers are optimised), as in a
 * client's steady state. */
const WARM_PAIRS = 300
const CPU_BLOCKS = 6
const CPU_BLOCK_CALLS = 1000

function expectCall (call: BenchCall, what: string): void {
  if (call.status !== 200) throw new Error(`${what}: expected 200, got ${call.status}: ${JSON.stringify(call.value).slice(0, 300)}`)
}

/** The server's CPU time (µs) per call of each kind, from /proc (10 ms ticks: blocks of many calls). */
async function cpuPerCall (client: McpBenchClient, server: Running): Promise<{ restCpuUs: number, mcpCpuUs: number }> {
  const spent = { rest: 0, mcp: 0 }
  for (let block = 0; block < CPU_BLOCKS; block++) {
    for (const kind of ['rest', 'mcp'] as const) {
      const before = cpuMsOf(server)
      for (let i = 0; i < CPU_BLOCK_CALLS; i++) {
        expectCall(kind === 'rest' ? await client.rest('/api/v1/scenes?limit=10') : await client.callTool('list_scenes', { limit: 10 }), kind)
      }
      spent[kind] += cpuMsOf(server) - before
    }
  }
  const perCall = (ms: number) => (1000 * ms) / (CPU_BLOCKS * CPU_BLOCK_CALLS)
  return { restCpuUs: perCall(spent.rest), mcpCpuUs: perCall(spent.mcp) }
}

export async function measureMcp (settings: ScaleSettings, progress: (line: string) => void): Promise<McpResult> {
  return await withServer(settings, {}, async (_send, base, server) => {
    const client = createMcpBenchClient(base, 'Bearer sk-demo-full')
    try {
      const first = await client.callTool('list_scenes', { limit: 10 })
      if (first.status === 404) return null
      expectCall(first, 'MCP list_scenes')
      // Alternately, so a change in the machine's load between two blocks of calls cannot tilt the ratio;
      // sub-millisecond calls need many samples for a steady median.
      const calls = settings.runs * 50
      const [restMs, mcpMs] = await medians([
        async () => { expectCall(await client.rest('/api/v1/scenes?limit=10'), 'GET /scenes') },
        async () => { expectCall(await client.callTool('list_scenes', { limit: 10 }), 'MCP list_scenes') }
      ], calls, async () => {}, WARM_PAIRS)
      const cpu = await cpuPerCall(client, server)
      progress(`  MCP: ${mcpMs.toFixed(3)} ms, REST ${restMs.toFixed(3)} ms; server CPU per call ${cpu.mcpCpuUs.toFixed(0)} µs / ${cpu.restCpuUs.toFixed(0)} µs`)
      return { restMs, mcpMs, calls, ...cpu }
    } finally {
      client.close()
    }
  })
}
