// The shadow case: what `shadow` adds to a client's latency on loopback. A target (dist/server.js, demo fixtures) and
// a shadow in front of it (dist/cli.js shadow --key, so its side is imported before the timing) as processes; one
// client sends the same mix of reads (a page of scenes, a scene, its content, collections) back to back, each
// request alternately straight to the target and through the shadow, in the same run, so both see the same
// machine. The shadow compares each exchange after answering it; the case measures whether that delays the next.
// Its CPU time per read (forwarding and comparing, from /proc) is what the wall times cannot give on a busy machine.
import { join } from 'node:path'
import { createClient, expectStatus } from './client.js'
import { cpuMsOf, startServer, stopServer, type ServerSpec } from './processes.js'

/** `cpuUs`: CPU time per read through the shadow (µs): the shadow process (forward and compare), the target's. */
export interface ShadowResult { requests: number, direct: number[], shadowed: number[], cpuUs: { shadow: number, target: number } }

export interface ShadowSettings { requests: number, workDir: string, port: number }

const KEY = 'sk-demo-full'
const AUTH = { authorization: `Bearer ${KEY}` }

export function percentile (values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

function specs (port: number): [ServerSpec, ServerSpec] {
  const target: ServerSpec = {
    name: 'target', script: 'dist/server.js', env: { LOG_LEVEL: 'warn', EMULATOR_RENDERER: 'off', EMULATOR_RATE_LIMIT: '0' }, port, path: '/api/v1/workspaces',
    headers: AUTH
  }
  const args = ['dist/cli.js', 'shadow', '--target', `http://127.0.0.1:${port}/api/v1`, '--port', String(port + 1), '--key', KEY]
  // Ready once the import is done: before that the shadow's health answers with state `importing`.
  const shadow: ServerSpec = {
    name: 'shadow', script: 'dist/cli.js', command: { file: process.execPath, args }, env: { EMULATOR_RATE_LIMIT: '0' }, port: port + 1,
    path: '/_emulator/shadow', headers: {}
  }
  return [target, shadow]
}

async function sideReady (base: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const health = await (await fetch(`${base}/_emulator/health`)).json() as { shadow: { state: string } }
    if (health.shadow.state === 'ready') return
    if (health.shadow.state === 'failed') throw new Error('shadow: the import failed')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('shadow: not ready within 30 s')
}

/** Waits until the shadow has compared (or failed) at least `count` reads, for 30 s at most. */
async function settled (base: string, count: number): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const { shadow } = await (await fetch(`${base}/_emulator/health`)).json() as { shadow: { compared: number } }
    if (shadow.compared >= count) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** Sends `requests` of the mix each way, alternating; the times in ms. */
export async function measureShadow (settings: ShadowSettings, log: (line: string) => void): Promise<ShadowResult> {
  const [targetSpec, shadowSpec] = specs(settings.port)
  const target = await startServer(targetSpec, join(settings.workDir, 'shadow-target.log'))
  const shadow = await startServer(shadowSpec, join(settings.workDir, 'shadow.log'))
    .catch(async (error: unknown) => { await stopServer(target.running); throw error })
  const base = { direct: `http://127.0.0.1:${settings.port}`, shadowed: `http://127.0.0.1:${settings.port + 1}` }
  const direct = createClient(base.direct)
  const shadowed = createClient(base.shadowed)
  try {
    await sideReady(base.shadowed)
    const page = JSON.parse(expectStatus(await direct.send('GET', '/api/v1/scenes?limit=20', { headers: AUTH }), 200, 'scenes').text) as
      { data: Array<{ metadata: { id: string } }> }
    const mix = ['/api/v1/scenes?limit=20', '/api/v1/collections', ...page.data.slice(0, 4).flatMap(({ metadata: { id } }) => [`/api/v1/scenes/${id}`, `/api/v1/scenes/${id}/content`])]
    log(`shadow: ${settings.requests} requests each way, a mix of ${mix.length} reads`)
    const times = { direct: [] as number[], shadowed: [] as number[] }
    let cpuAtStart = { shadow: 0, target: 0 }
    for (let i = -50; i < settings.requests; i++) {
      const path = mix[(i + 50) % mix.length]
      if (i === 0) cpuAtStart = { shadow: cpuMsOf(shadow.running), target: cpuMsOf(target.running) }
      for (const side of ['direct', 'shadowed'] as const) {
        const started = performance.now()
        expectStatus(await (side === 'direct' ? direct : shadowed).send('GET', path, { headers: AUTH, discard: true }), 200, `${side} ${path}`)
        if (i >= 0) times[side].push(performance.now() - started)
      }
    }
    // The last comparisons may still run: the shadow's CPU is read once it has compared every read.
    await settled(base.shadowed, settings.requests + 50)
    const perRead = (ms: number) => ms * 1000 / settings.requests
    const cpuUs = { shadow: perRead(cpuMsOf(shadow.running) - cpuAtStart.shadow), target: perRead(cpuMsOf(target.running) - cpuAtStart.target) }
    log(`shadow: CPU per read through the shadow: shadow process ${cpuUs.shadow.toFixed(0)} µs, target ${cpuUs.target.toFixed(0)} µs`)
    return { requests: settings.requests, ...times, cpuUs }
  } finally {
    direct.close()
    shadowed.close()
    await stopServer(shadow.running)
    await stopServer(target.running)
  }
}
