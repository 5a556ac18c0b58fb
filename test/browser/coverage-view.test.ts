/// <reference lib="dom" />
// The Coverage view in a real browser (Debian's chromium driven by playwright-core), under the sweep: calls made while
// the page is open show up in the table without a reload, gaps first, then none once every failure was served.
// Screenshots go to .tap/artefacts/. Without chromium this skips with one line outside CI and fails under CI.
import { mkdirSync } from 'node:fs'
import t from 'tap'
import { ARTEFACTS, CHROMIUM, FLAGS, chromiumAvailable } from './chromium.js'
import { chromium, type Browser } from 'playwright-core'
import { buildApp } from '../../src/app.js'
import { resolveConfig } from '../../src/config/index.js'
import { MINIMAL_FIXTURES } from '../../src/config/index.js'

if (chromiumAvailable(t)) {
  t.test('the Coverage view fills in live, gaps marked until the sweep served each failure', async (t) => {
    mkdirSync(ARTEFACTS, { recursive: true })
    const app = await buildApp(resolveConfig({ fixturesDir: MINIMAL_FIXTURES, logLevel: 'silent', seed: 7, rateLimit: 0, renderer: false, chaos: 'sweep' }))
    t.teardown(async () => { await app.close() })
    const base = await app.listen({ port: 0, host: '127.0.0.1' })
    const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS })
    t.teardown(async () => { await browser.close() })
    const page = await browser.newPage({ viewport: { width: 1400, height: 700 } })
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))

    await page.goto(`${base}/_emulator/ui`)
    await page.click('nav >> text=Coverage')
    t.match(await page.textContent('h1'), 'Failure coverage')
    t.match(await page.textContent('#coverage-holder'), 'No answer counted yet')

    const get = async (path: string) => {
      try {
        const res = await fetch(`${base}/api/v1${path}`, { headers: { authorization: 'Bearer sk-test-full' } })
        await res.arrayBuffer()
      } catch { /* the sweep dropped it */ }
    }
    await get('/collections')
    await get('/scenes')
    await page.waitForSelector('#coverage td.gap', { timeout: 10_000 })
    t.match(await page.textContent('#coverage-summary'), /^\d+ gaps in 2 of 2 operations\.$/)
    t.same(await page.$$eval('#coverage tbody td:first-child', (cells) => cells.map((cell) => cell.textContent)), ['GET /api/v1/collections', 'GET /api/v1/scenes'])
    await page.screenshot({ path: new URL('coverage-gaps.png', ARTEFACTS).pathname, fullPage: true })

    for (let i = 0; i < 7; i++) await get('/collections')
    for (let i = 0; i < 7; i++) await get('/scenes')
    await page.waitForSelector('#coverage-summary.ok', { timeout: 10_000 })
    t.equal(await page.textContent('#coverage-summary'), 'Every called operation received 429, 503, drop, drift.')
    t.equal(await page.$$eval('#coverage td.gap', (cells) => cells.length), 0, 'no gap left')
    await page.screenshot({ path: new URL('coverage-met.png', ARTEFACTS).pathname, fullPage: true })
    t.same(errors, [], 'no script error on the page')
  })
}
