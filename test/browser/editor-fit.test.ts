/// <reference lib="dom" />
// The scene editor opens fitted to the drawing (Debian's chromium driven by playwright-core): the three-frame
// roadmap shows all three frames, zoomed out as far as it must and no further, and a drawing that fits keeps 100 %.
// Without chromium this skips with one line outside CI and fails under CI.
import { mkdirSync } from 'node:fs'
import t from 'tap'
import { ARTEFACTS, CHROMIUM, FLAGS, chromiumAvailable } from './chromium.js'
import { chromium, type Page } from 'playwright-core'
import { buildApp } from '../../src/app.js'
import { resolveConfig } from '../../src/config/index.js'
import { BUNDLED_FIXTURES } from '../../src/config/index.js'

const VIEWPORT = { width: 1280, height: 800 }

interface Item { type: string, x: number, y: number, width: number, height: number, isDeleted?: boolean }
interface Bounds { x0: number, y0: number, x1: number, y1: number }

const boundsOf = (items: Item[]): Bounds => ({
  x0: Math.min(...items.map((e) => e.x)),
  y0: Math.min(...items.map((e) => e.y)),
  x1: Math.max(...items.map((e) => e.x + e.width)),
  y1: Math.max(...items.map((e) => e.y + e.height))
})

/** The zoom the editor shows on its reset-zoom button ("30%" is 0.3). */
async function zoomShown (page: Page): Promise<number> {
  return Number((await page.textContent('.reset-zoom-button'))?.replace('%', '')) / 100
}

/** Dark pixels the editor drew on its static canvas within `radius` of a page point. */
async function inkAround (page: Page, x: number, y: number, radius: number): Promise<number> {
  return await page.evaluate(({ x, y, radius }) => {
    const canvas = document.querySelector<HTMLCanvasElement>('canvas.excalidraw__canvas.static')
    if (canvas === null) return -1
    const at = canvas.getBoundingClientRect()
    const scale = canvas.width / at.width
    const data = canvas.getContext('2d')?.getImageData((x - radius - at.left) * scale, (y - radius - at.top) * scale, 2 * radius * scale, 2 * radius * scale).data ?? []
    let dark = 0
    for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 0 && data[i] + data[i + 1] + data[i + 2] < 300) dark++
    return dark
  }, { x, y, radius })
}

if (chromiumAvailable(t)) {
  t.test('the editor opens fitted to the drawing', async (t) => {
    mkdirSync(ARTEFACTS, { recursive: true })
    const app = await buildApp(resolveConfig({ fixturesDir: BUNDLED_FIXTURES, logLevel: 'silent', seed: 7, rateLimit: 0, renderer: false }))
    t.teardown(async () => { await app.close() })
    const base = await app.listen({ port: 0, host: '127.0.0.1' })
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS })
    t.teardown(async () => { await browser.close() })
    const page = await browser.newPage({ viewport: VIEWPORT })
    const get = async (path: string): Promise<any> => await (await fetch(`${base}${path}`, { headers: { authorization: 'Bearer sk-demo-full' } })).json()
    const scenes = (await get('/api/v1/scenes?limit=100')).data as Array<{ metadata: { id: string, name: string } }>
    const open = async (name: string): Promise<Item[]> => {
      const id = scenes.find((s) => s.metadata.name === name)?.metadata.id
      if (id === undefined) throw new Error(`no scene ${name}`)
      await page.goto(`${base}/_emulator/ui/scenes/${id}/edit`)
      await page.waitForSelector('#editor-status[data-status="saved"]', { timeout: 20_000 })
      await page.waitForTimeout(300)
      return ((await get(`/api/v1/scenes/${id}/content`)).elements as Item[]).filter((e) => e.isDeleted !== true)
    }

    await t.test('a three-frame roadmap: every frame in view, as large as fits', async (t) => {
      const elements = await open('Roadmap 2027')
      const frames = elements.filter((e) => e.type === 'frame')
      t.equal(frames.length, 3, 'the fixture has three frames')
      const zoom = await zoomShown(page)
      const drawing = boundsOf(elements)
      const [width, height] = [drawing.x1 - drawing.x0, drawing.y1 - drawing.y0]
      t.ok(zoom < 1, `zoomed out (${zoom})`)
      t.ok(width * zoom <= VIEWPORT.width && height * zoom <= VIEWPORT.height, 'the whole drawing fits the window')
      t.ok(width * (zoom + 0.2) > VIEWPORT.width - 32, 'and no smaller than it must be (the zoom steps by 0.1)')
      const canvas = await page.evaluate(() => document.querySelector('canvas.excalidraw__canvas.static')?.getBoundingClientRect().toJSON())
      for (const frame of frames) {
        // Where the frame's centre is once the drawing is centred in the canvas at this zoom (to within the toolbars).
        const x = canvas.left + canvas.width / 2 + (frame.x + frame.width / 2 - (drawing.x0 + drawing.x1) / 2) * zoom
        const y = canvas.top + canvas.height / 2 + (frame.y + frame.height / 2 - (drawing.y0 + drawing.y1) / 2) * zoom
        t.ok(x > 0 && x < VIEWPORT.width && y > 0 && y < VIEWPORT.height, `frame ${frame.x},${frame.y} is on screen`)
        t.ok(await inkAround(page, x, y, 60) > 20, `and drawn there (${Math.round(x)}, ${Math.round(y)})`)
      }
      await page.screenshot({ path: new URL('editor-fitted.png', ARTEFACTS).pathname })
    })

    await t.test('a drawing that fits the window keeps 100 %, never enlarged', async (t) => {
      const elements = await open('Social post draft')
      const drawing = boundsOf(elements)
      t.ok(drawing.x1 - drawing.x0 < VIEWPORT.width - 32 && drawing.y1 - drawing.y0 < VIEWPORT.height - 180, 'a drawing that fits at 100 %')
      t.equal(await zoomShown(page), 1)
    })
  })
}
