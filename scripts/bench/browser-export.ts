// The pictures case's baseline: the browser's own export. Headless chromium (Debian's, driven by playwright-core as
// the browser tests drive it) loads a page that imports the same @excalidraw/utils bundle the renderer runs and
// exports scenes with it: the time from navigation to the first scene drawn (loading the export code included),
// then any further scene on demand, as SVG text (exportToSvg + XMLSerializer, as the renderer serialises), so the
// caller can alternate them with the emulator's and a change in the machine's load tilts neither side.
import { readFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type Page } from 'playwright-core'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync']
const UTILS = fileURLToPath(import.meta.resolve('@excalidraw/utils'))

export interface BrowserExport {
  /** Navigation to the first scene's SVG, ms. */
  firstMs: number
  /** Scene `index` exported alone (the code warm), ms. */
  draw: (index: number) => Promise<number>
  close: () => Promise<void>
}

const PAGE = `<!doctype html><meta charset="utf-8"><script src="/setup.js"></script><script type="module" src="/bench.js"></script>`
const SETUP = 'window.EXCALIDRAW_ASSET_PATH = location.origin + "/utils/"'
/** The renderer's export options (src/render/worker.mjs), so both draw the same picture. */
const BENCH = `
import { exportToSvg } from '/utils/index.js'
const scenes = await (await fetch('/scenes.json')).json()
async function draw (scene) {
  const appState = { viewBackgroundColor: scene.appState?.viewBackgroundColor ?? '#ffffff', exportBackground: true, exportWithDarkMode: false, exportEmbedScene: false }
  const svg = await exportToSvg({ data: { elements: scene.elements, appState, files: scene.files ?? {} }, config: { padding: 10, renderEmbeddables: false, reuseImages: false } })
  return new XMLSerializer().serializeToString(svg).length
}
await draw(scenes[0])
window.firstMs = performance.now()
window.drawScene = async (index) => {
  const started = performance.now()
  await draw(scenes[index])
  return performance.now() - started
}
`

/** A loopback server for the page, the utils bundle and the scenes; nothing else is reachable. */
async function servePage (scenes: unknown[]): Promise<{ base: string, close: () => Promise<void> }> {
  const bundle = readFileSync(UTILS)
  const files: Record<string, [string, string | Buffer]> = {
    '/page.html': ['text/html', PAGE],
    '/setup.js': ['text/javascript', SETUP],
    '/bench.js': ['text/javascript', BENCH],
    '/utils/index.js': ['text/javascript', bundle],
    '/scenes.json': ['application/json', JSON.stringify(scenes)]
  }
  const server = http.createServer((req, res) => {
    const file = files[new URL(req.url ?? '/', 'http://x').pathname]
    if (file === undefined) { res.writeHead(404).end(); return }
    res.writeHead(200, { 'content-type': file[0], 'cache-control': 'no-store' }).end(file[1])
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { base: `http://127.0.0.1:${port}`, close: async () => await new Promise<void>((resolve) => server.close(() => resolve())) }
}

export async function launchChromium (): Promise<Browser> {
  return await chromium.launch({ executablePath: CHROMIUM, args: FLAGS })
}

/** A fresh browser context (nothing cached from an earlier run) that has loaded the export code and drawn scene 0. */
export async function browserExport (browser: Browser, scenes: unknown[]): Promise<BrowserExport> {
  const page = await servePage(scenes)
  const context = await browser.newContext()
  const close = async () => { await context.close(); await page.close() }
  try {
    const tab: Page = await context.newPage()
    await tab.goto(`${page.base}/page.html`)
    await tab.waitForFunction(() => (globalThis as unknown as { firstMs?: number }).firstMs !== undefined, undefined, { timeout: 300_000, polling: 10 })
    const firstMs = await tab.evaluate(() => (globalThis as unknown as { firstMs: number }).firstMs)
    const draw = async (index: number) =>
      await tab.evaluate(async (i) => await (globalThis as unknown as { drawScene: (i: number) => Promise<number> }).drawScene(i), index)
    return { firstMs, draw, close }
  } catch (error) {
    await close()
    throw error
  }
}
