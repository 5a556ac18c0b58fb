/// <reference lib="dom" />
// The shadow page in a real browser, as a person watching a shadow sees it: while it waits for the first keyed
// request it says so and reloads itself; once the side runs the page is the demo page's shadow view, and what comes
// through afterwards shows up without a reload (its live part read again each second). Screenshots go to
// .tap/artefacts/. Without chromium this skips with one line outside CI and fails under CI.
import { mkdirSync } from 'node:fs'
import t from 'tap'
import { ARTEFACTS, CHROMIUM, FLAGS, chromiumAvailable } from './chromium.js'
import { chromium } from 'playwright-core'
import { startShadow } from '../../src/parity/shadow/command.js'
import { startTarget } from '../parity/shadow/shadow-helper.js'

const KEY = { authorization: 'Bearer sk-demo-full' }

if (chromiumAvailable(t)) {
  t.test('waiting, then ready, then live', async (t) => {
    mkdirSync(ARTEFACTS, { recursive: true })
    const target = await startTarget(t)
    const shadow = await startShadow({ target: target.apiUrl, port: 0, host: '127.0.0.1', timeoutMs: 10_000 }, { out: () => {}, err: () => {}, env: {}, version: '0.1.0' })
    t.teardown(() => shadow.stop())
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS })
    t.teardown(() => browser.close())
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))

    await page.goto(`${shadow.url}/_emulator/ui/shadow`)
    t.match(await page.textContent('.facts'), 'waiting for the first request with a key')
    await page.screenshot({ path: new URL('shadow-waiting.png', ARTEFACTS).pathname })

    t.equal((await fetch(`${shadow.url}/api/v1/workspaces`, { headers: KEY })).status, 200)
    // The waiting page reloads itself (Refresh: 2) into the demo page's shadow view.
    await page.waitForSelector('#shadow-live', { timeout: 15_000 })
    // A comparison gives way to answers under way (src/parity/shadow/gate.ts), so the view may first show the request
    // forwarded and not yet compared; its live part is read again each second.
    await page.waitForFunction(() => document.querySelector('#shadow-live')?.textContent?.includes('GET /api/v1/workspaces') === true, undefined, { timeout: 15_000 })
    t.match(await page.textContent('#shadow-live'), 'GET /api/v1/workspaces')
    await page.evaluate(() => { (window as unknown as { notReloaded: boolean }).notReloaded = true })

    t.equal((await fetch(`${shadow.url}/api/v1/collections`, { headers: KEY })).status, 200)
    await page.waitForFunction(() => document.querySelector('#shadow-live')?.textContent?.includes('GET /api/v1/collections') === true, undefined, { timeout: 15_000 })
    t.ok(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true), 'the new operation came without a reload')
    t.match(await page.textContent('#shadow-live'), /forwarded2 requests/)
    await page.screenshot({ path: new URL('shadow-live.png', ARTEFACTS).pathname, fullPage: true })
    t.same(errors, [], 'no script error')
  })
}
