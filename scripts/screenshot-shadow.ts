/// <reference lib="dom" />
// Screenshots of the shadow page (/_emulator/ui/shadow) in each state, to look at: waiting for the first request
// with a key, ready with a difference, and an import that failed. Run: node --import tsx scripts/screenshot-shadow.ts
// [out dir, default the system's temporary folder] (CHROMIUM_PATH overrides /usr/bin/chromium).
import { once } from 'node:events'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser } from 'playwright-core'
import { startEmulator } from '../src/index.js'
import { startShadow } from '../src/parity/shadow/command.js'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const OUT = process.argv[2] ?? tmpdir()
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run']
const io = { out: () => {}, err: () => {}, env: {}, version: '0.1.0' }
const key = { authorization: 'Bearer sk-demo-full' }

async function shoot (browser: Browser, url: string, name: string): Promise<void> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1 })
  await page.goto(`${url}/_emulator/ui/shadow`)
  await page.screenshot({ path: join(OUT, name), fullPage: false })
  await page.close()
  console.log(`wrote ${join(OUT, name)}`)
}

const target = await startEmulator({ renderer: false })
// Not the API: the import reads a health body where a workspace should be.
const stand = createServer((req, res) => { req.resume(); res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}') })
stand.listen(0, '127.0.0.1')
await once(stand, 'listening')
const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS })
try {
  const shadow = await startShadow({ target: target.apiUrl, port: 0, host: '127.0.0.1', timeoutMs: 10_000 }, io)
  await shoot(browser, shadow.url, 'shadow-waiting.png')
  await fetch(`${shadow.url}/api/v1/workspaces`, { headers: key })
  // A difference to show: the target drifts this one answer.
  await fetch(`${shadow.url}/api/v1/collections`, { headers: { ...key, 'x-emulator-drift': 'rename-field' } }).catch(() => {})
  await fetch(`${target.url}/_emulator/drift`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ enabled: true, rate: 1, seed: 3 }) })
  await fetch(`${shadow.url}/api/v1/scenes?limit=3`, { headers: key })
  await shadow.session.settled()
  await shoot(browser, shadow.url, 'shadow-ready.png')
  await shadow.stop()
  const failing = await startShadow({ target: `http://127.0.0.1:${(stand.address() as AddressInfo).port}/api/v1`, port: 0, host: '127.0.0.1', timeoutMs: 10_000 }, io)
  await fetch(`${failing.url}/api/v1/workspaces`, { headers: key })
  await failing.session.settled()
  await shoot(browser, failing.url, 'shadow-import-failed.png')
  await failing.stop()
} finally {
  await browser.close()
  stand.close()
  await target.close()
}
