// The scale cases, each against the emulator as `npm start` runs it (dist/server.js, its own process on 127.0.0.1,
// rate limit off), one request at a time: a 10,000-element scene, paging a 100,000-scene workspace (a database file
// filled beforehand in this process), isolated workspaces and reset. MCP next to its REST twin
// is mcp.ts, on withServer and medians from here.
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../src/app.js'
import { resolveConfig } from '../../src/config/index.js'
import { createClient, expectStatus, median, medianMs, type Send } from './client.js'
import { startServer, stopServer, type Running, type ServerSpec } from './processes.js'
import { sceneDocument } from './scene.js'
import { START_NODE_ARGS } from './serving.js'

export interface ScaleResult {
  scene: { elements: number, bytes: number, putMs: number, getMs: number, parseMs: number, stringifyMs: number }
  paging: { scenes: number, smallMs: number, largeMs: number }
  workspaces: { createMs: number, resetMs: number }
}

export interface ScaleSettings { runs: number, workDir: string, port: number }

const SERVER = fileURLToPath(new URL('../../dist/server.js', import.meta.url))
const DEMO = { authorization: 'Bearer sk-demo-full' }
const json = (text: string) => JSON.parse(text)

/** Runs `work` against an emulator process with these settings (on top of the defaults). */
export async function withServer<T> (
  settings: ScaleSettings, env: Record<string, string>, work: (send: Send, base: string, server: Running) => Promise<T>
): Promise<T> {
  const spec: ServerSpec = {
    name: 'emulator', script: SERVER, nodeArgs: START_NODE_ARGS, env: { EMULATOR_RATE_LIMIT: '0', ...env }, port: settings.port,
    path: '/_emulator/health', headers: {}
  }
  const { running } = await startServer(spec, join(settings.workDir, 'scale.log'))
  const client = createClient(`http://127.0.0.1:${settings.port}`)
  try {
    return await work(client.send, `http://127.0.0.1:${settings.port}`, running)
  } finally {
    client.close()
    await stopServer(running)
  }
}

/** Median times of each work alone, run in turn so all see the same machine, each after an untimed `before`. */
export async function medians (
  works: Array<() => Promise<unknown>>, runs: number, before: () => Promise<unknown> = async () => {}, warmup = 5
): Promise<number[]> {
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
  // The client holds the bytes to send and only counts the ones it gets: what is timed is the emulator's work and
  // the transfer, not this process turning 4.7 MB into strings. Each GET right after its PUT, as a client does.
  const bytes = Buffer.from(document)
  const [putMs, getMs] = await medians([
    async () => expectStatus(await send('PUT', url, { headers: DEMO, body: bytes, discard: true }), 200, 'PUT content'),
    async () => expectStatus(await send('GET', url, { headers: DEMO, discard: true }), 200, 'GET content')
  ], runs)
  const parsed = JSON.parse(document)
  const parseMs = await medianMs(() => JSON.parse(document), runs)
  const stringifyMs = await medianMs(() => JSON.stringify(parsed), runs)
  return { elements: 10_000, bytes: Buffer.byteLength(document), putMs, getMs, parseMs, stringifyMs }
}

/** An in-process client of `app` (no socket): for filling a database before it is served. */
function injector (app: FastifyInstance): Send {
  return async (method, path, { headers = {}, body } = {}) => {
    const sent = body === undefined ? headers : { 'content-type': 'application/json', ...headers }
    const res = await app.inject({ method: method as 'GET', url: path, headers: sent, payload: body })
    return { status: res.statusCode, text: res.body }
  }
}

/** An empty isolated workspace holding `count` scenes (one made through the API, the rest copies of it). */
async function workspaceWith (app: FastifyInstance, count: number): Promise<Record<string, string>> {
  const send = injector(app)
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
async function pagingCase (settings: ScaleSettings): Promise<ScaleResult['paging']> {
  const dbPath = join(settings.workDir, 'paging.sqlite')
  const app = await buildApp(resolveConfig({ dbPath, logLevel: 'silent' }))
  const [small, large] = [await workspaceWith(app, 100), await workspaceWith(app, 100_000)]
  await app.close()
  return await withServer(settings, { EMULATOR_DB: dbPath }, async (send) => await pagesOf(send, small, large, settings.runs))
}

async function pagesOf (send: Send, small: Record<string, string>, large: Record<string, string>, runs: number): Promise<ScaleResult['paging']> {
  let n = 0
  const write = async () => expectStatus(await send('POST', '/api/v1/collections', { headers: DEMO, body: JSON.stringify({ name: `Write ${n++}` }) }), 200, 'POST /collections')
  const page = (headers: Record<string, string>, offset: number) => async () =>
    expectStatus(await send('GET', `/api/v1/scenes?offset=${offset}&limit=100`, { headers }), 200, 'GET /scenes')
  const [smallMs, largeMs] = await medians([page(small, 0), page(large, 90_000)], runs, write)
  return { scenes: 100_000, smallMs, largeMs }
}

async function workspacesCase (send: Send, runs: number): Promise<ScaleResult['workspaces']> {
  const create = async () => expectStatus(await send('POST', '/_emulator/workspaces', { body: '{}' }), 200, 'POST /_emulator/workspaces')
  const createMs = await medianMs(create, runs * 10)
  // A reset after what a test typically leaves: a workspace of its own and a write.
  const before = async () => { await create(); await createScene(send, DEMO) }
  const [resetMs] = await medians([async () => expectStatus(await send('POST', '/_emulator/reset'), 200, 'POST /_emulator/reset')], runs, before)
  return { createMs, resetMs }
}

export async function measureScale (settings: ScaleSettings, progress: (line: string) => void): Promise<ScaleResult> {
  const { runs } = settings
  const [scene, workspaces] = await withServer(settings, {}, async (send) => {
    const scene = await sceneCase(send, runs)
    progress(`  scene: PUT ${scene.putMs.toFixed(1)} ms, GET ${scene.getMs.toFixed(1)} ms`)
    const workspaces = await workspacesCase(send, runs)
    progress(`  workspaces: create ${workspaces.createMs.toFixed(2)} ms, reset ${workspaces.resetMs.toFixed(2)} ms`)
    return [scene, workspaces] as const
  })
  const paging = await pagingCase(settings)
  progress(`  paging: 100 scenes ${paging.smallMs.toFixed(2)} ms, 100,000 scenes ${paging.largeMs.toFixed(2)} ms`)
  return { scene, paging, workspaces }
}
