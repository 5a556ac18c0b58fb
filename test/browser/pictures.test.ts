/// <reference lib="dom" />
// A fresh start's pictures in a real browser (Debian's chromium driven by playwright-core), against the emulator as
// `npm start` runs it (dist/server.js, with the pictures the build drew): every thumbnail of every workspace is
// drawn and its card leaves the drawing state, no fixture SVG has a font Chromium rejects (OTS), and a card redrawn
// after a write shows the scene's new text. Completion only: no timing is asserted. Screenshots go to
// .tap/artefacts/. Without chromium this skips with one line outside CI and fails under CI; without dist/ it skips.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import t, { type Test } from 'tap'
import { ARTEFACTS, CHROMIUM, FLAGS, chromiumAvailable } from './chromium.js'
import { chromium, type Browser, type Page } from 'playwright-core'
import { ROOT, stopProcess } from '../processes.js'

const SERVER = join(ROOT, 'dist', 'server.js')
const FONT_ERROR = /OTS parsing error|Failed to decode downloaded font/

/** `npm start` on a free port; resolves with its base URL once it listens. */
async function startServer (t: Test): Promise<string> {
  const child: ChildProcess = spawn(process.execPath, [SERVER], { cwd: ROOT, env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn', EMULATOR_RATE_LIMIT: '0' }, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /listening at (http:\/\/\S+)/.exec(output)
      if (match) resolve(match[1])
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    child.on('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)))
  })
  t.teardown(() => stopProcess(child))
  return url
}

/** Waits until every scene picture on the page has loaded or failed and its card left the drawing state. */
async function settled (page: Page): Promise<{ total: number, broken: string[], states: string[] }> {
  await page.waitForFunction(() => Array.from(document.querySelectorAll<HTMLImageElement>('img[data-scene-id]'))
    .every((img) => img.complete && img.closest('[data-card]')?.getAttribute('data-state') !== 'drawing'), undefined, { timeout: 120_000 })
  return await page.evaluate(() => {
    const images = Array.from(document.querySelectorAll<HTMLImageElement>('img[data-scene-id]'))
    return {
      total: images.length,
      broken: images.filter((img) => img.naturalWidth === 0).map((img) => img.src),
      states: [...new Set(images.map((img) => img.closest('[data-card]')?.getAttribute('data-state') ?? 'no card'))]
    }
  })
}

/** Opens each SVG as a document in one tab and gathers what Chromium says about fonts while it loads and draws it. */
async function fontMessages (browser: Browser, urls: string[]): Promise<Record<string, string[]>> {
  const page = await browser.newPage()
  const heard: Record<string, string[]> = {}
  let current = ''
  page.on('console', (message) => { if (FONT_ERROR.test(message.text())) heard[current].push(message.text().slice(0, 120)) })
  for (const url of urls) {
    current = url
    heard[url] = []
    await page.goto(url)
    await page.evaluate(async () => { await document.fonts.ready })
  }
  await page.close()
  return heard
}

const skip = !existsSync(SERVER) ? 'no dist/server.js: run npm run build' : false

if (chromiumAvailable(t)) {
  t.test('a fresh start: every thumbnail drawn, fonts accepted, a redrawn card shows its new text', { skip }, async (t) => {
    mkdirSync(ARTEFACTS, { recursive: true })
    const base = await startServer(t)
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS })
    t.teardown(async () => { await browser.close() })
    // Tall enough that no thumbnail waits for a scroll (they load lazily).
    const page = await browser.newPage({ viewport: { width: 1400, height: 4000 } })
    await page.goto(`${base}/_emulator/ui`)
    const workspaces = await page.$$eval('h2 a[href*="/ui/workspaces/"]', (links) => links.map((link) =>
      ({ id: link.getAttribute('href')?.split('/').pop() ?? '', name: link.textContent ?? '' })))
    t.ok(workspaces.length >= 2, `${workspaces.length} workspaces`)
    const pictures: string[] = []
    for (const { id, name } of workspaces) {
      await page.goto(`${base}/_emulator/ui/workspaces/${id}`)
      const { total, broken, states } = await settled(page)
      t.ok(total > 0, `${name}: ${total} thumbnails`)
      t.same(broken, [], `${name}: every thumbnail drawn`)
      t.same(states, ['drawn'], `${name}: every card out of its drawing state`)
      await page.screenshot({ path: new URL(`pictures-${id}.png`, ARTEFACTS).pathname, fullPage: true })
      pictures.push(...await page.$$eval('img[data-scene-id]', (images) => images.map((img) => (img as HTMLImageElement).src)))
    }
    const refused = Object.entries(await fontMessages(browser, pictures)).filter(([, messages]) => messages.length > 0)
    t.same(refused, [], `no font refused in any of the ${pictures.length} SVGs`)

    const acme = workspaces.find((w) => w.name === 'Acme Product Design') ?? workspaces[0]
    await page.goto(`${base}/_emulator/ui/workspaces/${acme.id}`)
    await settled(page)
    const target = await page.getAttribute('[data-card] img[data-scene-id]', 'data-scene-id') as string
    const card = `[data-card="${target}"]`
    const renamed = await fetch(`${base}/api/v1/scenes/${target}`, {
      method: 'PATCH',
      headers: { 'authorization': 'Bearer sk-demo-full', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Renamed while you watched' })
    })
    t.equal(renamed.status, 200)
    const cleared = await fetch(`${base}/api/v1/scenes/${target}/content`, {
      method: 'PUT',
      headers: { 'authorization': 'Bearer sk-demo-full', 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'excalidraw', version: 2, source: 'https://excalidraw.com', elements: [], appState: { viewBackgroundColor: '#fff3bf' }, files: {} })
    })
    t.equal(cleared.status, 200)
    // The page polls the journal each second and may redraw the card between the two writes (the new name with the
    // old count), then again after the second: wait for both, as a person watching it would.
    await page.waitForFunction((selector) => /Renamed while you watched[\s\S]*\b0 elements/.test(document.querySelector(selector)?.textContent ?? ''), card, { timeout: 60_000 })
    t.match(await page.textContent(card), /Renamed while you watched[\s\S]*0 elements/, 'the card shows the new name and count')
    t.same((await settled(page)).broken, [], 'and its new picture is drawn')
    await page.screenshot({ path: new URL('pictures-redrawn.png', ARTEFACTS).pathname, fullPage: true })
  })
}
