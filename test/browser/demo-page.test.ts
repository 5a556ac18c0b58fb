/// <reference lib="dom" />
// The demo page in a real browser (Debian's chromium driven by playwright-core): every thumbnail actually loads,
// a REST write shows up as a journal row and a redrawn thumbnail without a reload, a fault switch flips, and the
// drift page lays its ledger and kinds out at full width with code shown as code.
// Screenshots go to .tap/artefacts/. Without chromium this skips with one line outside CI and fails under CI.
import { mkdirSync } from 'node:fs'
import t from 'tap'
import { ARTEFACTS, CHROMIUM, FLAGS, chromiumAvailable } from './chromium.js'
import { chromium, type Browser, type Page } from 'playwright-core'
import { buildApp } from '../../src/app.js'
import { resolveConfig } from '../../src/config/index.js'
import { BUNDLED_FIXTURES } from '../../src/config/index.js'

/** The flags a sandboxed root session needs, and none of Chromium's own calls to the network. */

async function allImagesLoaded (page: Page): Promise<{ total: number, broken: string[] }> {
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete), undefined, { timeout: 60_000 })
  return await page.evaluate(() => {
    const images = Array.from(document.images)
    return { total: images.length, broken: images.filter((img) => img.naturalWidth === 0).map((img) => img.src) }
  })
}

if (chromiumAvailable(t)) {
  t.test('the demo page, as a person uses it', async (t) => {
    mkdirSync(ARTEFACTS, { recursive: true })
    const app = await buildApp(resolveConfig({ fixturesDir: BUNDLED_FIXTURES, logLevel: 'silent', seed: 7, rateLimit: 0 }))
    t.teardown(async () => { await app.close() })
    const base = await app.listen({ port: 0, host: '127.0.0.1' })
    const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS })
    t.teardown(async () => { await browser.close() })
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } })
    const failedRequests: string[] = []
    // A picture or poll still in flight when the page navigates away is aborted by the browser: not a failure.
    page.on('requestfailed', (request) => {
      if (request.failure()?.errorText !== 'net::ERR_ABORTED') failedRequests.push(`${request.url()}: ${request.failure()?.errorText}`)
    })
    page.on('request', (request) => { if (!request.url().startsWith(base)) failedRequests.push(`outside: ${request.url()}`) })

    await page.goto(`${base}/_emulator/ui`)
    t.match(await page.textContent('h1'), 'Overview')
    await page.screenshot({ path: new URL('overview.png', ARTEFACTS).pathname, fullPage: true })

    await page.click('text=Acme Product Design')
    await page.waitForSelector('img[data-scene-id]')
    const images = await allImagesLoaded(page)
    t.ok(images.total >= 13, `${images.total} thumbnails`)
    t.same(images.broken, [], 'every thumbnail loaded (natural width above zero)')
    await page.screenshot({ path: new URL('workspace.png', ARTEFACTS).pathname, fullPage: true })

    const target = await page.getAttribute('img[data-scene-id]', 'data-scene-id') as string
    const before = await page.getAttribute(`img[data-scene-id="${target}"]`, 'src')
    const write = await fetch(`${base}/api/v1/scenes/${target}/content`, {
      method: 'PATCH',
      headers: { 'authorization': 'Bearer sk-demo-full', 'content-type': 'application/json' },
      body: JSON.stringify({ elements: [], appState: { viewBackgroundColor: '#fff3bf' } })
    })
    t.equal(write.status, 200)
    await page.waitForFunction(([id, old]) => document.querySelector(`img[data-scene-id="${id}"]`)?.getAttribute('src') !== old, [target, before], { timeout: 15_000 })
    t.pass('the changed scene\'s thumbnail was redrawn without a reload')

    // A rename and a pin move neither the scene version nor its picture: the card still follows.
    const renamed = await fetch(`${base}/api/v1/scenes/${target}`, {
      method: 'PATCH',
      headers: { 'authorization': 'Bearer sk-demo-full', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Renamed in the browser test', pinned: true })
    })
    t.equal(renamed.status, 200)
    const card = `[data-card="${target}"]`
    await page.waitForFunction((selector) => document.querySelector(`${selector} strong`)?.textContent === 'Renamed in the browser test', card, { timeout: 15_000 })
    t.match(await page.textContent(`${card} .meta`), /pinned/, 'the card shows the new name and the pin without a reload')

    await page.goto(`${base}/_emulator/ui/journal`)
    await page.waitForSelector(`#journal tbody tr:has-text("/api/v1/scenes/${target}/content")`, { timeout: 15_000 })
    t.pass('the write is a journal row')
    await page.click(`#journal tbody tr:has-text("/api/v1/scenes/${target}/content")`)
    t.match(await page.textContent('#journal tbody'), /viewBackgroundColor/, 'a click shows the stored request body')
    await page.screenshot({ path: new URL('journal.png', ARTEFACTS).pathname, fullPage: true })

    await page.goto(`${base}/_emulator/ui/scenes/${target}`)
    t.same((await allImagesLoaded(page)).broken, [], 'the scene page\'s pictures loaded')

    await page.goto(`${base}/_emulator/ui/switches`)
    await page.fill('form[data-send$="/faults"] input[name="latencyMs"]', '3')
    await Promise.all([page.waitForNavigation(), page.click('form[data-send$="/faults"] button:not([type])')])
    t.equal(((await (await fetch(`${base}/_emulator/faults`)).json()) as { latencyMs: number }).latencyMs, 3, 'the fault switch reached the admin API')
    t.equal(await page.inputValue('#fault-form input[name="latencyMs"]'), '3', 'the form shows the latency in force')
    await page.screenshot({ path: new URL('switches.png', ARTEFACTS).pathname, fullPage: true })

    // Drift on for a few requests: the ledger has rows, each kind in a cell on one line, code shown as code.
    await fetch(`${base}/_emulator/drift`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ enabled: true, seed: 3, rate: 1 }) })
    for (let i = 0; i < 3; i++) await fetch(`${base}/api/v1/collections`, { headers: { authorization: 'Bearer sk-demo-full' } })
    await page.goto(`${base}/_emulator/ui/switches`)
    const layout = await page.evaluate(() => {
      const width = (selector: string) => document.querySelector(selector)?.getBoundingClientRect().width ?? 0
      const entries = Array.from(document.querySelectorAll('#drift-ledger .nowrap'))
      return {
        main: width('main'), ledger: width('#drift-ledger'), kinds: width('#drift-kinds'),
        entries: entries.length, broken: entries.filter((entry) => entry.getClientRects().length !== 1).map((entry) => entry.textContent),
        backticks: (document.querySelector('#drift-kinds') as HTMLElement).innerText.includes('`'),
        codeInDescriptions: document.querySelectorAll('#drift-kinds .muted code').length
      }
    })
    t.ok(layout.ledger > 0.9 * layout.main && layout.kinds > 0.9 * layout.main, `the ledger (${layout.ledger} px) and the kinds (${layout.kinds} px) span the page (${layout.main} px)`)
    t.ok(layout.entries >= 1, `${layout.entries} kinds in the ledger`)
    t.same(layout.broken, [], 'no kind in the ledger wraps inside itself')
    t.notOk(layout.backticks, 'no Markdown backtick shows in the kinds\' descriptions')
    t.ok(layout.codeInDescriptions >= 3, 'their code spans are <code>')
    await page.screenshot({ path: new URL('switches-drift.png', ARTEFACTS).pathname, fullPage: true })
    t.same(failedRequests, [], 'no request failed, none left the emulator')
  })
}
