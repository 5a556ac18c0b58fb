/// <reference lib="dom" />
// Regenerates docs/demo-workspace.png, the picture of the demo page in docs/demo.md: the bundled Acme workspace in
// Debian's chromium. Run: node --import tsx scripts/screenshot-demo.ts (CHROMIUM_PATH overrides /usr/bin/chromium).
import { chromium } from 'playwright-core'
import { buildApp } from '../src/app.js'
import { resolveConfig } from '../src/config/index.js'
import { BUNDLED_FIXTURES } from '../src/config/index.js'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const OUT = new URL('../docs/demo-workspace.png', import.meta.url).pathname
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync']

const app = await buildApp(resolveConfig({ fixturesDir: BUNDLED_FIXTURES, logLevel: 'silent', seed: 1, rateLimit: 0 }))
const base = await app.listen({ port: 0, host: '127.0.0.1' })
const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS })
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 })
  await page.goto(`${base}/_emulator/ui`)
  await page.click('text=Acme Product Design')
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete && img.naturalWidth > 0), undefined, { timeout: 60_000 })
  await page.screenshot({ path: OUT, clip: { x: 0, y: 0, width: 1280, height: 900 } })
  console.log(`wrote ${OUT}`)
} finally {
  await browser.close()
  await app.close()
}
