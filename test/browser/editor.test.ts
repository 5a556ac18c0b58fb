/// <reference lib="dom" />
// The scene editor and the switch forms in a real browser (Debian's chromium driven by playwright-core), with an
// admin token, as a person demoing would: sign in, open the admin API page, draw a rectangle with the keyboard and
// mouse and find it through REST, watch a REST write reach the open editor without losing the drawing, change one
// drift and one fault field and see only that field sent, sign out. No CSP violation, no page error, nothing
// fetched from outside the emulator. Screenshots go to .tap/artefacts/. Without chromium this skips with one line
// outside CI and fails under CI.
import { mkdirSync } from 'node:fs'
import t from 'tap'
import { ARTEFACTS, CHROMIUM, FLAGS, chromiumAvailable } from './chromium.js'
import { chromium, type Browser, type Page } from 'playwright-core'
import { buildApp } from '../../src/app.js'
import { resolveConfig } from '../../src/config/index.js'
import { BUNDLED_FIXTURES } from '../../src/config/index.js'
import { auditSourceId } from '../../src/lib/ids.js'

const TOKEN = 'editor-test-token'

type Json = Record<string, any>

interface Box { x0: number, y0: number, x1: number, y1: number }

/** Dark pixels (the default stroke colour) the editor drew on its static canvas inside a page-coordinate box. */
async function inkIn (page: Page, box: Box): Promise<number> {
  return await page.evaluate(({ x0, y0, x1, y1 }) => {
    const canvas = document.querySelector<HTMLCanvasElement>('canvas.excalidraw__canvas.static')
    if (canvas === null) return -1
    const at = canvas.getBoundingClientRect()
    const scale = canvas.width / at.width
    const data = canvas.getContext('2d')?.getImageData((x0 - at.left) * scale, (y0 - at.top) * scale, (x1 - x0) * scale, (y1 - y0) * scale).data ?? []
    let dark = 0
    for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 0 && data[i] + data[i + 1] + data[i + 2] < 200) dark++
    return dark
  }, box)
}

/**
 * Picks the rectangle tool as a person does, with the `r` key, and waits until the toolbar shows it picked. Escape
 * and a click on empty canvas come first: with an element selected, its properties panel sits on the left and
 * would take the click (and with it the key).
 */
async function pickRectangleTool (page: Page): Promise<void> {
  await page.keyboard.press('Escape')
  await page.mouse.click(1000, 650)
  await page.keyboard.press('r')
  await page.waitForFunction(() => document.querySelector<HTMLInputElement>('[data-testid="toolbar-rectangle"]')?.checked === true,
    undefined, { timeout: 5_000 })
}

const grow = (box: Box, by: number): Box => ({ x0: box.x0 - by, y0: box.y0 - by, x1: box.x1 + by, y1: box.y1 + by })
const shift = (box: Box, dx: number): Box => ({ ...box, x0: box.x0 + dx, x1: box.x1 + dx })

if (chromiumAvailable(t)) {
  t.test('the editor and the switch forms, as a person uses them', async (t) => {
    mkdirSync(ARTEFACTS, { recursive: true })
    const app = await buildApp(resolveConfig({ fixturesDir: BUNDLED_FIXTURES, logLevel: 'silent', seed: 7, rateLimit: 100_000, renderer: false, adminToken: TOKEN }))
    t.teardown(async () => { await app.close() })
    const base = await app.listen({ port: 0, host: '127.0.0.1' })
    const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS })
    t.teardown(async () => { await browser.close() })
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    const problems: string[] = []
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
    page.on('request', (request) => { if (!request.url().startsWith(base) && !request.url().startsWith('data:')) problems.push(`outside: ${request.url()}`) })
    page.on('console', (message) => { if (message.text().startsWith('CSP ')) problems.push(message.text()) })
    await page.addInitScript(() => document.addEventListener('securitypolicyviolation', (e) => console.log(`CSP ${e.violatedDirective} ${e.blockedURI}`)))
    const sent: Array<{ method: string, path: string, body: unknown }> = []
    page.on('request', (request) => {
      if (request.method() !== 'GET' && /\/_emulator\/ui\/api\/(drift|faults)$/.test(request.url())) sent.push({ method: request.method(), path: new URL(request.url()).pathname, body: request.postDataJSON() })
    })
    const api = async (method: string, path: string, body?: unknown, auth = 'Bearer sk-demo-full'): Promise<Json> => {
      const res = await fetch(`${base}${path}`, { method, headers: { authorization: auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) })
      t.equal(res.status, 200, `${method} ${path}`)
      return await res.json() as Json
    }
    const admin = async (method: string, path: string, body?: unknown) => await api(method, path, body, `Bearer ${TOKEN}`)

    await t.test('sign in; the overview says what the rate limit counts; the Admin API link works', async (t) => {
      await page.goto(`${base}/_emulator/ui`)
      t.match(page.url(), /\/_emulator\/ui\/login$/, 'sent to the sign-in form')
      await page.fill('input[name="token"]', TOKEN)
      await Promise.all([page.waitForURL(`${base}/_emulator/ui`), page.click('text=Sign in')])
      t.match(await page.textContent('.facts'), /100000 \/ min per client IP/)
      const [document] = await Promise.all([
        page.waitForResponse((res) => res.url().endsWith('/docs/json'), { timeout: 20_000 }),
        page.click('text=Admin API')
      ])
      t.same([document.status(), document.url()], [200, `${base}/_emulator/ui/api/docs/json`], 'the admin API page loads its document')
      t.ok((await document.json()).paths['/_emulator/faults'], 'the admin document')
    })

    const collections = await api('GET', '/api/v1/collections')
    const made = await api('POST', '/api/v1/scenes', { name: 'Whiteboard', pinned: false, collectionId: collections.data[0].id })
    const sceneId = made.metadata.id as string
    const drawn: Box = { x0: 400, y0: 300, x1: 600, y1: 450 }
    let rectangle: Json = {}

    await t.test('draw a rectangle with the keyboard and the mouse; REST finds it, saved as the demo identity', async (t) => {
      await page.goto(`${base}/_emulator/ui/scenes/${sceneId}`)
      const started = Date.now()
      await Promise.all([page.waitForURL(`${base}/_emulator/ui/scenes/${sceneId}/edit`), page.click('text=Open in the editor')])
      await page.waitForSelector('#editor-status[data-status="saved"]', { timeout: 20_000 })
      t.comment(`editor ready ${Date.now() - started} ms after the click`)
      t.match(await page.textContent('.editor-bar'), /saving as Ada Lovelace \(admin\)/)
      const opened = await page.getAttribute('[data-scene-version]', 'data-scene-version')
      t.equal(opened, made.metadata.sceneVersion, 'the page holds the version the API answered')

      await pickRectangleTool(page)
      await page.mouse.move(drawn.x0, drawn.y0)
      await page.mouse.down()
      await page.mouse.move(drawn.x1, drawn.y1, { steps: 8 })
      await page.mouse.up()
      await page.waitForFunction((old) => document.querySelector('[data-scene-version]')?.getAttribute('data-scene-version') !== old &&
        document.getElementById('editor-status')?.dataset.status === 'saved', opened, { timeout: 15_000 })
      const content = await api('GET', `/api/v1/scenes/${sceneId}/content`)
      const live = (content.elements as Json[]).filter((e) => e.isDeleted !== true)
      t.same(live.map((e) => e.type), ['rectangle'], 'one rectangle, stored')
      rectangle = live[0]
      t.match(rectangle, { width: 200, height: 150, strokeColor: '#1e1e1e' })
      t.equal(rectangle.id.length, 21, 'the editor\'s own id, kept')
      t.equal(await page.getAttribute('[data-scene-version]', 'data-scene-version'), content.sceneVersion, 'the page shows the stored version')
      const scene = await api('GET', `/api/v1/scenes/${sceneId}`)
      t.ok(scene.metadata.updateCount >= 1, `updateCount moved (${scene.metadata.updateCount})`)
      const logs = await api('GET', '/api/v1/logs?limit=1')
      t.match(logs.logs[0], { action: 'scene', operation: 'update', source_id: auditSourceId('emulator-editor'), user_full_name: 'Ada Lovelace', details: { sceneId, mode: 'merge' } }, 'audited as Ada, from the editor')
      t.ok(await inkIn(page, grow(drawn, 4)) > 200, 'the rectangle is on the canvas')
    })

    await t.test('the save is on the Journal page, marked as the editor\'s', async (t) => {
      // A second tab, signed in as the first (its cookie), while the editor stays open.
      const tab = await browser.newContext({ storageState: await page.context().storageState() })
      t.teardown(async () => { await tab.close() })
      const journal = await tab.newPage()
      await journal.goto(`${base}/_emulator/ui/journal`)
      const row = `#journal tbody tr:has-text("/scenes/${sceneId}/content"):has-text("emulator-editor")`
      await journal.waitForSelector(row, { timeout: 15_000 })
      const cells = await journal.$$eval(`${row} td`, (tds) => tds.map((td) => td.textContent))
      t.equal(cells[2], 'PATCH')
      t.match(cells[3], new RegExp(`^/_emulator/ui/workspaces/[^/]+/scenes/${sceneId}/content$`), 'the editor\'s save route')
      t.equal(cells[4], '200')
      t.equal(cells[5], 'emulator-editor', 'the editor\'s key id')
      t.equal(cells[7], 'editor', 'marked as the editor\'s')
      await journal.screenshot({ path: new URL('journal-editor.png', ARTEFACTS).pathname, fullPage: true })
    })

    await t.test('a REST write reaches the open editor without a reload, and the drawing stays', async (t) => {
      const ellipse = { ...rectangle, id: 'restEllipse0000000001', type: 'ellipse', x: rectangle.x + 300, version: 1, versionNonce: 5, index: `${rectangle.index as string}V`, updated: 1 }
      const stale = { ...rectangle, x: rectangle.x + 600, version: 1 }
      const written = await api('PATCH', `/api/v1/scenes/${sceneId}/content`, { elements: [ellipse, stale] })
      await page.waitForFunction((version) => document.querySelector('[data-scene-version]')?.getAttribute('data-scene-version') === version,
        written.sceneVersion, { timeout: 15_000 })
      t.pass(`the page shows the new sceneVersion ${written.sceneVersion as string}`)
      t.ok(await inkIn(page, grow(shift(drawn, 300), 4)) > 200, 'the REST ellipse is drawn')
      t.ok(await inkIn(page, grow(drawn, 4)) > 200, 'the drawn rectangle is still there')
      t.equal(await inkIn(page, grow(shift(drawn, 600), 4)), 0, 'the stale copy lost to the higher version')
      await page.waitForTimeout(1500)
      const stored = (await api('GET', `/api/v1/scenes/${sceneId}/content`)).elements.find((e: Json) => e.id === rectangle.id)
      t.match(stored, { x: rectangle.x, version: rectangle.version }, 'the stored rectangle is the drawn one')
      t.equal(await page.getAttribute('#editor-status', 'data-status'), 'saved')
      await page.screenshot({ path: new URL('editor.png', ARTEFACTS).pathname })
    })

    await t.test('an edit made while saves fail says offline, survives a REST write, and is saved once they work', async (t) => {
      let refused = 0
      await page.route('**/content', async (route) => {
        if (route.request().method() !== 'PATCH') return await route.continue()
        refused++
        await route.abort()
      })
      await page.evaluate(() => {
        const log: string[] = []
        const status = document.getElementById('editor-status')!
        new MutationObserver(() => { log.push(`${Math.round(performance.now())} ${status.dataset.status ?? ''}`) }).observe(status, { attributes: true })
        ;(window as unknown as { statusLog: string[] }).statusLog = log
      })
      const second: Box = { x0: 400, y0: 520, x1: 600, y1: 620 }
      await pickRectangleTool(page)
      await page.mouse.move(second.x0, second.y0)
      await page.mouse.down()
      await page.mouse.move(second.x1, second.y1, { steps: 8 })
      await page.mouse.up()
      await page.waitForSelector('#editor-status[data-status="offline"]', { timeout: 20_000 }).catch(async (error: unknown) => {
        const log = await page.evaluate(() => (window as unknown as { statusLog: string[] }).statusLog.join(', '))
        t.comment(`refused PATCHes: ${refused}; status changes: ${log}`)
        await page.screenshot({ path: new URL('editor-offline-failed.png', ARTEFACTS).pathname })
        throw error
      })
      const ellipse = (await api('GET', `/api/v1/scenes/${sceneId}/content`)).elements.find((e: Json) => e.type === 'ellipse')
      const written = await api('PATCH', `/api/v1/scenes/${sceneId}/content`, { elements: [{ ...ellipse, strokeColor: '#e03131', version: 2 }] })
      await page.unroute('**/content')
      await page.waitForFunction((old) => document.querySelector('[data-scene-version]')?.getAttribute('data-scene-version') !== old &&
        document.getElementById('editor-status')?.dataset.status === 'saved', written.sceneVersion, { timeout: 15_000 })
      const live = (await api('GET', `/api/v1/scenes/${sceneId}/content`)).elements.filter((e: Json) => e.isDeleted !== true)
      t.same(live.map((e: Json) => e.type).sort(), ['ellipse', 'rectangle', 'rectangle'], 'both rectangles and the ellipse are stored')
      t.match(live.find((e: Json) => e.type === 'ellipse'), { strokeColor: '#e03131', version: 2 }, 'the REST change kept')
      t.ok(await inkIn(page, grow(second, 4)) > 200, 'the second rectangle is on the canvas')
      t.ok(await inkIn(page, grow(shift(drawn, 300), 4)) < 20, 'the ellipse is drawn red now')
    })

    await t.test('the switch forms show the settings in force and send only what changed', async (t) => {
      await admin('PUT', '/_emulator/drift', { enabled: true, seed: 11, rate: 0.5 })
      await admin('PUT', '/_emulator/faults', { rules: [{ path: '/collections', fault: 503, count: 2 }] })
      await page.goto(`${base}/_emulator/ui/switches`)
      t.equal(await page.isChecked('#drift-form input[name="enabled"]'), true, 'drift shows on')
      t.equal(await page.inputValue('#drift-form input[name="rate"]'), '0.5')
      t.equal(await page.inputValue('#drift-form input[name="seed"]'), '11')
      await page.fill('#drift-form input[name="seed"]', '12')
      await Promise.all([page.waitForNavigation(), page.click('#drift-form button')])
      t.match(await admin('GET', '/_emulator/drift'), { enabled: true, seed: 12, rate: 0.5 }, 'drift stays on at its rate')
      await page.fill('#fault-form input[name="latencyMs"]', '3')
      await Promise.all([page.waitForNavigation(), page.click('#fault-form button:not([type])')])
      const faults = await admin('GET', '/_emulator/faults')
      t.match(faults, { latencyMs: 3, faultRate: 0, rules: [{ path: '/collections', fault: 503, remaining: 2 }] }, 'the API-set rule is kept')
      await page.click('#drift-form button')
      t.equal(await page.textContent('#drift-form [data-form-note]'), 'nothing changed')
      t.same(sent, [
        { method: 'PUT', path: '/_emulator/ui/api/drift', body: { seed: 12 } },
        { method: 'PATCH', path: '/_emulator/ui/api/faults', body: { latencyMs: 3 } }
      ], 'each form sent only the field changed')
      await page.screenshot({ path: new URL('switches-forms.png', ARTEFACTS).pathname, fullPage: true })

      await page.uncheck('#drift-kinds input[value="deprecation"]')
      await Promise.all([page.waitForNavigation(), page.click('#drift-kinds button:not([type])')])
      const drift = await admin('GET', '/_emulator/drift')
      t.notOk((drift.kinds as string[]).includes('deprecation'), 'the unticked kind is no longer drawn from')
      t.equal(await page.isChecked('#drift-kinds input[value="deprecation"]'), false, 'and the page shows it unticked')
      await page.click('#drift-kinds [data-check-all]')
      await Promise.all([page.waitForNavigation(), page.click('#drift-kinds button:not([type])')])
      t.equal((await admin('GET', '/_emulator/drift')).kinds.length, (drift.kinds as string[]).length + 1, 'tick all: every kind again')
      await Promise.all([page.waitForNavigation(), page.click('#fault-rules button:has-text("Remove")')])
      t.same((await admin('GET', '/_emulator/faults')).rules, [], 'the rule\'s Remove button removed it')
      t.match(await page.textContent('main'), /No rules\./)
    })

    await t.test('sign out', async (t) => {
      await Promise.all([page.waitForURL(`${base}/_emulator/ui/login`), page.click('text=Sign out')])
      await page.goto(`${base}/_emulator/ui/scenes/${sceneId}/edit`)
      t.match(page.url(), /\/_emulator\/ui\/login$/, 'signed out: the editor sends to the sign-in form')
    })
    t.same(problems, [], 'no CSP violation, no page error, nothing fetched from outside')
  })
}
