// The scale cases, in this process over loopback HTTP (the emulator as startEmulator() runs it, logs off, rate
// limit off): a 10,000-element scene, paging a 100,000-scene workspace, isolated workspaces and reset, MCP.
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../src/app.js'
import { listen } from './harness.js'
import { createClient, expectStatus, median, medianMs, type Send } from './client.js'
import { sceneDocument } from './scene.js'

export interface ScaleResult {
  scene: { elements: number, bytes: number, putMs: number, getMs: number, parseMs: number, stringifyMs: number }
  paging: { scenes: number, smallMs: number, largeMs: number }
  workspaces: { createMs: number, resetMs: number }
  /** null when POST /api/v1/mcp answers 404 (no MCP endpoint in this build). */
  mcp: { restMs: number, mcpMs: number } | null
}

const DEMO = { authorization: 'Bearer sk-demo-full' }
const json = (text: string) => JSON.parse(text)

async function withApp<T> (work: (send: Send, app: FastifyInstance) => Promise<T>): Promise<T> {
  const app = await buildApp({ config: { logLevel: 'silent', rateLimit: 0 } })
  const client = createClient(await listen(app))
  try {
    return await work(client.send, app)
  } finally {
    client.close()
    await app.close()
  }
}

/** Median times of each work alone, run in turn so both see the same machine, each after an untimed `before`. */
async function mediansAfter (before: () => Promise<unknown>, works: Array<() => Promise<unknown>>, runs: number, warmup = 5): Promise<number[]> {
  const times: number[][] = works.map(() => [])
  for (let i = 0; i < runs + warmup; i++) {
    for (const [k, work] of works.entries()) {
      await before()
      const start = performance.now()
      await work()
      if (i >= warmup) times[k].push(performance.now() - start)
    }
  }
  return times.map(median)
}

async function createScene (send: Send, headers: Record<string, string>): Promise<{ metadata: { id: string } }> {
  const collections = json(expectStatus(await send('GET', '/api/v1/collections', { headers }), 200, 'GET /collections').text)
  const body = JSON.stringify({ name: 'Bench scene', pinned: false, collectionId: collections.data[0].id })
  return json(expectStatus(await send('POST', '/api/v1/scenes', { headers, body }), 200, 'POST /scenes').text)
}

async function sceneCase (send: Send, runs: number): Promise<ScaleResult['scene']> {
  const url = `/api/v1/scenes/${(await createScene(send, DEMO)).metadata.id}/content`
  const document = sceneDocument(10_000)
  const putMs = await medianMs(async () => expectStatus(await send('PUT', url, { headers: DEMO, body: document }), 200, 'PUT content'), runs)
  const getMs = await medianMs(async () => expectStatus(await send('GET', url, { headers: DEMO }), 200, 'GET content'), runs)
  const parsed = JSON.parse(document)
  const parseMs = await medianMs(() => JSON.parse(document), runs)
  const stringifyMs = await medianMs(() => JSON.stringify(parsed), runs)
  return { elements: 10_000, bytes: Buffer.byteLength(document), putMs, getMs, parseMs, stringifyMs }
}

/** An empty isolated workspace holding `count` scenes (one made through the API, the rest copies of it). */
async function workspaceWith (send: Send, app: FastifyInstance, count: number): Promise<Record<string, string>> {
  const provisioned = json(expectStatus(await send('POST', '/_emulator/workspaces', { body: '{"fixtures":"empty"}' }), 200, 'POST /_emulator/workspaces').text)
  const headers = { authorization: `Bearer ${provisioned.keys.full}` }
  const first = await createScene(send, headers)
  const workspaceId: string = provisioned.workspace.id
  app.stores.transaction(() => {
    for (let i = 1; i < count; i++) {
      const record = { ...first, metadata: { ...first.metadata, id: `bench${String(i).padStart(6, '0')}` } }
      app.stores.scenes.insert(workspaceId, record as never, null)
    }
  })
  return headers
}

/**
 * The same page size from a 100-scene and a 100,000-scene workspace. Each read follows an unrelated write, which
 * empties the exact read cache: what is timed is SQLite finding the page, not the cache.
 */
async function pagingCase (send: Send, app: FastifyInstance, runs: number): Promise<ScaleResult['paging']> {
  const small = await workspaceWith(send, app, 100)
  const large = await workspaceWith(send, app, 100_000)
  let n = 0
  const write = async () => expectStatus(await send('POST', '/api/v1/collections', { headers: DEMO, body: JSON.stringify({ name: `Write ${n++}` }) }), 200, 'POST /collections')
  const page = (headers: Record<string, string>, offset: number) => async () =>
    expectStatus(await send('GET', `/api/v1/scenes?offset=${offset}&limit=100`, { headers }), 200, 'GET /scenes')
  const [smallMs, largeMs] = await mediansAfter(write, [page(small, 0), page(large, 90_000)], runs)
  return { scenes: 100_000, smallMs, largeMs }
}

async function workspacesCase (send: Send, runs: number): Promise<ScaleResult['workspaces']> {
  const create = async () => expectStatus(await send('POST', '/_emulator/workspaces', { body: '{}' }), 200, 'POST /_emulator/workspaces')
  const createMs = await medianMs(create, runs * 10)
  // A reset after what a test typically leaves: a workspace of its own and a write.
  const before = async () => { await create(); await createScene(send, DEMO) }
  const [resetMs] = await mediansAfter(before, [async () => expectStatus(await send('POST', '/_emulator/reset'), 200, 'POST /_emulator/reset')], runs)
  return { createMs, resetMs }
}

async function mcpCase (send: Send, runs: number): Promise<ScaleResult['mcp']> {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_scenes', arguments: { limit: 10 } } })
  const headers = { ...DEMO, accept: 'application/json, text/event-stream' }
  const call = async () => await send('POST', '/api/v1/mcp', { headers, body })
  const first = await call()
  if (first.status === 404) return null
  if (first.status !== 200 || !first.text.includes('"result"') || first.text.includes('"isError":true')) throw new Error(`MCP list_scenes: ${first.status} ${first.text.slice(0, 300)}`)
  const restMs = await medianMs(async () => expectStatus(await send('GET', '/api/v1/scenes?limit=10', { headers: DEMO }), 200, 'GET /scenes'), runs * 10)
  const mcpMs = await medianMs(async () => expectStatus(await call(), 200, 'MCP list_scenes'), runs * 10)
  return { restMs, mcpMs }
}

export async function measureScale (runs: number, progress: (line: string) => void): Promise<ScaleResult> {
  const [scene, workspaces, mcp] = await withApp(async (send) => {
    const scene = await sceneCase(send, runs)
    progress(`  scene: PUT ${scene.putMs.toFixed(1)} ms, GET ${scene.getMs.toFixed(1)} ms`)
    const mcp = await mcpCase(send, runs)
    progress(`  MCP: ${mcp === null ? 'n/a' : `${mcp.mcpMs.toFixed(2)} ms, REST ${mcp.restMs.toFixed(2)} ms`}`)
    const workspaces = await workspacesCase(send, runs)
    progress(`  workspaces: create ${workspaces.createMs.toFixed(2)} ms, reset ${workspaces.resetMs.toFixed(2)} ms`)
    return [scene, workspaces, mcp] as const
  })
  const paging = await withApp(async (send, app) => await pagingCase(send, app, runs))
  progress(`  paging: 100 scenes ${paging.smallMs.toFixed(2)} ms, 100,000 scenes ${paging.largeMs.toFixed(2)} ms`)
  return { scene, paging, workspaces, mcp }
}
