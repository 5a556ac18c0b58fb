/// <reference lib="dom" />
// Regenerates docs/demo-editor.png, the picture of the scene editor in docs/demo.md: a bundled Acme scene open in the
// editor in Debian's chromium, zoomed to fit. Needs the editor bundle (npm run build). Run:
// node --import tsx scripts/screenshot-editor.ts [scene name] (CHROMIUM_PATH overrides /usr/bin/chromium).
import { chromium } from 'playwright-core'
import { buildApp } from '../src/app.js'
import { resolveConfig } from '../src/config/index.js'
import { BUNDLED_FIXTURES } from '../src/config/index.js'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const OUT = new URL('../docs/demo-editor.png', import.meta.url).pathname
const SCENE = process.argv[2] ?? 'System architecture'
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync']

const app = await buildApp(resolveConfig({ fixturesDir: BUNDLED_FIXTURES, logLevel: 'silent', seed: 1, rateLimit: 0, renderer: false }))
const base = await app.listen({ port: 0, host: '127.0.0.1' })
const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS })
try {
  const list = await (await fetch(`${base}/api/v1/scenes?limit=100`, { headers: { authorization: 'Bearer sk-demo-full' } })).json() as { data: Array<{ metadata: { id: string, name: string } }> }
  const scene = list.data.find((s) => s.metadata.name === SCENE)
  if (scene === undefined) throw new Error(`no scene named ${SCENE}`)
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 })
  await page.goto(`${base}/_emulator/ui/scenes/${scene.metadata.id}/edit`)
  await page.waitForSelector('#editor-status[data-status="saved"]', { timeout: 60_000 })
  await page.evaluate(async () => { await document.fonts.ready })
  await page.mouse.click(1250, 700)
  await page.keyboard.press('Shift+1')
  await page.waitForTimeout(500)
  await page.screenshot({ path: OUT })
  console.log(`wrote ${OUT}`)
} finally {
  await browser.close()
  await app.close()
}
