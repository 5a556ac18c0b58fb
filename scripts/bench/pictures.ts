// The pictures case: the demo page's pictures against the browser's own export, each emulator a fresh process as
// `npm start` runs it (dist/server.js, with the pictures the build drew). A fresh start's busiest workspace page
// until every thumbnail is drawn; the first picture of a never-drawn scene after the health check; each further
// never-drawn scene (every bundled fixture scene with one element's versionNonce changed, so none was drawn at
// build), alternately with chromium's export of it; six concurrent requests for one picture against one alone;
// the memory of a 10,000-element scene's PNG; one render worker against two, in this process. Chromium:
// scripts/bench/browser-export.ts.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser } from 'playwright-core'
import { createRenderer, type RenderableScene } from '../../src/render/renderer.js'
import { browserExport, CHROMIUM, launchChromium } from './browser-export.js'
import { createClient, expectStatus, median, type Send } from './client.js'
import { memoryOf, startServer, stopServer, type Running } from './processes.js'
import { sceneDocument } from './scene.js'
import { START_NODE_ARGS } from './serving.js'

export interface PicturesResult {
  /** Chromium's export: navigation to the first scene drawn, then each further scene (null without chromium). */
  browser: { firstMs: number, sceneMs: number[] } | null
  workspace: { name: string, thumbnails: number, drawnMs: number } | null
  /** Health check answered → the first picture of a never-drawn scene received (scene created and written first). */
  firstMs: number
  /** Each further never-drawn scene's SVG, one at a time, in the order of `browser.sceneMs`. */
  sceneMs: number[]
  shared: { aloneMs: number, sixMs: number }
  memory: { elements: number, startMb: number, peakMb: number, afterMb: number, settledMb: number, pngMs: number }
  pool: Record<'one' | 'two', { coldMs: number, warmMs: number }>
}

export interface PicturesSettings { workDir: string, port: number }

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const SERVER = join(ROOT, 'dist', 'server.js')
const DEMO = { authorization: 'Bearer sk-demo-full' }
const FIRST_SCENE = 'roadmap-2027'
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

type Scene = RenderableScene & { name: string }

/** Every bundled fixture scene (roadmap first), each with one element changed where no picture shows it. */
function neverDrawnScenes (): Scene[] {
  const dirs = readdirSync(join(ROOT, 'fixtures', 'default')).map((ws) => join(ROOT, 'fixtures', 'default', ws, 'content'))
  const files = dirs.flatMap((dir) => readdirSync(dir).filter((f) => f.endsWith('.excalidraw')).map((f) => join(dir, f)))
  const scenes = files.map((file) => {
    const doc = JSON.parse(readFileSync(file, 'utf8')) as RenderableScene
    const elements = doc.elements.map((el, i) => i === 0 ? { ...(el as object), versionNonce: 1_234_567 } : el)
    return { ...doc, elements, name: file.split('/').pop()!.replace('.excalidraw', '') }
  })
  return [...scenes.filter((s) => s.name === FIRST_SCENE), ...scenes.filter((s) => s.name !== FIRST_SCENE)]
}

async function withServer<T> (
  settings: PicturesSettings, env: Record<string, string>, work: (send: Send, running: Running, base: string) => Promise<T>
): Promise<T> {
  const spec = {
    name: 'emulator', script: SERVER, nodeArgs: START_NODE_ARGS, env: { EMULATOR_RATE_LIMIT: '0', LOG_LEVEL: 'warn', ...env }, port: settings.port,
    path: '/_emulator/health', headers: {}
  }
  const { running } = await startServer(spec, join(settings.workDir, 'pictures.log'))
  const base = `http://127.0.0.1:${settings.port}`
  const client = createClient(base)
  try {
    return await work(client.send, running, base)
  } finally {
    client.close()
    await stopServer(running)
  }
}

/** A new scene in the demo workspace holding `scene`'s content; its id. */
async function writeScene (send: Send, scene: RenderableScene): Promise<string> {
  const collections = JSON.parse(expectStatus(await send('GET', '/api/v1/collections', { headers: DEMO }), 200, 'GET /collections').text)
  const record = JSON.stringify({ name: 'Bench picture', pinned: false, collectionId: collections.data[0].id })
  const made = JSON.parse(expectStatus(await send('POST', '/api/v1/scenes', { headers: DEMO, body: record }), 200, 'POST /scenes').text)
  const body = JSON.stringify({ type: 'excalidraw', version: 2, source: 'https://excalidraw.com', elements: scene.elements, appState: { viewBackgroundColor: scene.appState?.viewBackgroundColor ?? '#ffffff' }, files: scene.files ?? {} })
  expectStatus(await send('PUT', `/api/v1/scenes/${made.metadata.id}/content`, { headers: DEMO, body }), 200, 'PUT content')
  return made.metadata.id as string
}

async function timedSvg (send: Send, id: string): Promise<number> {
  const started = performance.now()
  const answer = expectStatus(await send('GET', `/_emulator/ui/scenes/${id}.svg`), 200, 'GET svg')
  if (answer.text.includes('data-render="error"')) throw new Error(`scene ${id} drew an error picture: ${answer.text.slice(0, 400)}`)
  return performance.now() - started
}

/** Six callers of one never-drawn picture against one caller of another, alternately, each on a connection of its own. */
async function sharedCase (send: Send, base: string, scene: Scene): Promise<PicturesResult['shared']> {
  const together = async (callers: number, background: string) => {
    const id = await writeScene(send, { ...scene, appState: { viewBackgroundColor: background } })
    const started = performance.now()
    await Promise.all(Array.from({ length: callers }, async () => {
      const res = await fetch(`${base}/_emulator/ui/scenes/${id}.svg`)
      expectStatus({ status: res.status, text: await res.text() }, 200, 'GET svg')
    }))
    return performance.now() - started
  }
  const alone: number[] = []
  const six: number[] = []
  for (let round = 0; round < 3; round++) {
    alone.push(await together(1, `#fdfdf${round}`))
    six.push(await together(6, `#fcfcf${round}`))
  }
  return { aloneMs: median(alone), sixMs: median(six) }
}

/**
 * The first picture after the health check (then chromium's first, from navigation), each further scene alone on
 * both sides in turn, and six concurrent callers of one picture.
 */
async function coldCase (settings: PicturesSettings, scenes: Scene[], browser: Browser | null) {
  return await withServer(settings, {}, async (send, _running, base) => {
    const healthy = performance.now()
    await timedSvg(send, await writeScene(send, scenes[0]))
    const firstMs = performance.now() - healthy
    const ids = []
    for (const scene of scenes.slice(1)) ids.push(await writeScene(send, scene))
    const exported = browser === null ? null : await browserExport(browser, scenes)
    try {
      const sceneMs: number[] = []
      const browserMs: number[] = []
      for (const [i, id] of ids.entries()) {
        if (exported !== null) browserMs.push(await exported.draw(i + 1))
        sceneMs.push(await timedSvg(send, id))
      }
      const shared = await sharedCase(send, base, scenes[1])
      return { firstMs, sceneMs, shared, browser: exported === null ? null : { firstMs: exported.firstMs, sceneMs: browserMs } }
    } finally {
      await exported?.close()
    }
  })
}

/** Opening the busiest workspace page of a fresh start until every thumbnail has loaded and left its drawing state. */
async function workspaceCase (settings: PicturesSettings, browser: Browser): Promise<PicturesResult['workspace']> {
  return await withServer(settings, {}, async (send, _running, base) => {
    const overview = expectStatus(await send('GET', '/_emulator/ui'), 200, 'GET /_emulator/ui').text
    const links = [...overview.matchAll(/<a href="(\/_emulator\/ui\/workspaces\/[^"]+)">([^<]+)<\/a>/g)]
    const counts = await Promise.all(links.map(async ([, path]) => (expectStatus(await send('GET', path), 200, path).text.match(/data-card=/g) ?? []).length))
    const busiest = counts.indexOf(Math.max(...counts))
    const context = await browser.newContext({ viewport: { width: 1400, height: 4000 } })
    try {
      const page = await context.newPage()
      const started = performance.now()
      await page.goto(base + links[busiest][1])
      await page.waitForFunction(() => Array.from(document.querySelectorAll('img[data-scene-id]')).every((img) =>
        (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0 && img.closest('[data-card]')?.getAttribute('data-state') === 'drawn'),
      undefined, { timeout: 120_000, polling: 10 })
      return { name: links[busiest][2], thumbnails: counts[busiest], drawnMs: performance.now() - started }
    } finally {
      await context.close()
    }
  })
}

/** Long enough for V8's delayed release of an ended isolate's pooled pages (8 s in V8 13, Node 24). */
const SETTLE_MS = 10_000

/**
 * A 10,000-element scene's PNG: the process's memory at the health check, at its peak, once the picture is served
 * (two seconds after it, when the worker that drew it has ended) and ten seconds after it.
 */
async function memoryCase (settings: PicturesSettings): Promise<PicturesResult['memory']> {
  return await withServer(settings, { EMULATOR_RENDER_TIMEOUT_MS: '600000' }, async (send, running) => {
    const startMb = memoryOf(running).rss
    const id = await writeScene(send, JSON.parse(sceneDocument(10_000)) as RenderableScene)
    let peakMb = startMb
    const sampler = setInterval(() => { peakMb = Math.max(peakMb, memoryOf(running).rss) }, 50)
    const started = performance.now()
    const png = expectStatus(await send('GET', `/_emulator/ui/scenes/${id}.png`, { discard: true }), 200, 'GET png')
    const pngMs = performance.now() - started
    if (!png.text.startsWith('(')) throw new Error('PNG not received')
    // The worker that drew it is retired after the job (its heap grew past the cap); give the exit a moment.
    await sleep(2000)
    clearInterval(sampler)
    const afterMb = memoryOf(running).rss
    // What is left once V8 has let go of whatever an ended thread's isolate still pooled (8 s on Node 24).
    await sleep(SETTLE_MS - 2000)
    return { elements: 10_000, startMb, peakMb: Math.max(peakMb, afterMb), afterMb, settledMb: memoryOf(running).rss, pngMs }
  })
}

/** All scenes at once from a renderer with `workers` workers: cold (workers start) and again warm. */
async function poolRound (scenes: Scene[], workers: number): Promise<{ coldMs: number, warmMs: number }> {
  const renderer = createRenderer({ enabled: true, timeoutMs: 600_000, workers, prerendered: false })
  try {
    const draw = async () => {
      const started = performance.now()
      await Promise.all(scenes.map(async (scene) => await renderer.renderSvg(scene)))
      return performance.now() - started
    }
    return { coldMs: await draw(), warmMs: await draw() }
  } finally {
    await renderer.close()
  }
}

async function poolCase (scenes: Scene[]): Promise<PicturesResult['pool']> {
  const rounds: Record<'one' | 'two', Array<{ coldMs: number, warmMs: number }>> = { one: [], two: [] }
  for (let i = 0; i < 2; i++) {
    rounds.one.push(await poolRound(scenes, 1))
    rounds.two.push(await poolRound(scenes, 2))
  }
  const mid = (list: Array<{ coldMs: number, warmMs: number }>) => ({ coldMs: median(list.map((r) => r.coldMs)), warmMs: median(list.map((r) => r.warmMs)) })
  return { one: mid(rounds.one), two: mid(rounds.two) }
}

export async function measurePictures (settings: PicturesSettings, progress: (line: string) => void): Promise<PicturesResult> {
  const scenes = neverDrawnScenes()
  const browser = existsSync(CHROMIUM) ? await launchChromium() : null
  if (browser === null) progress(`  no chromium at ${CHROMIUM}: the browser baseline and the page case are left out`)
  try {
    const cold = await coldCase(settings, scenes, browser)
    if (cold.browser !== null) progress(`  chromium: first scene ${cold.browser.firstMs.toFixed(0)} ms after navigation, then ${median(cold.browser.sceneMs).toFixed(0)} ms a scene`)
    progress(`  emulator: first picture ${cold.firstMs.toFixed(0)} ms after the health check, then ${median(cold.sceneMs).toFixed(0)} ms a scene`)
    const workspace = browser === null ? null : await workspaceCase(settings, browser)
    if (workspace !== null) progress(`  ${workspace.name}: ${workspace.thumbnails} thumbnails drawn in ${workspace.drawnMs.toFixed(0)} ms`)
    const memory = await memoryCase(settings)
    progress(`  10,000 elements as PNG: ${memory.startMb.toFixed(0)} → peak ${memory.peakMb.toFixed(0)} → ${memory.afterMb.toFixed(0)} → ${memory.settledMb.toFixed(0)} MB 10 s after`)
    const pool = await poolCase(scenes)
    progress(`  pool: one worker ${pool.one.coldMs.toFixed(0)}/${pool.one.warmMs.toFixed(0)} ms, two ${pool.two.coldMs.toFixed(0)}/${pool.two.warmMs.toFixed(0)} ms (cold/warm)`)
    return { browser: cold.browser, workspace, firstMs: cold.firstMs, sceneMs: cold.sceneMs, shared: cold.shared, memory, pool }
  } finally {
    await browser?.close()
  }
}
