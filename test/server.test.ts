// The real process: `node src/server.ts` prints its URL and keys, serves, closes on SIGTERM, keeps a file DB.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { getJson as get, runProcess, startProcess, stopProcess as stop } from './processes.js'

const start = (env: Record<string, string>) => startProcess('src/server.ts', [], env)

t.test('starts on the bundled fixtures, prints URL and keys, stops cleanly on SIGTERM', async (t) => {
  const { child, url, output } = await start({})
  t.match(output(), /sk-demo-full\s+workspace key, full access/)
  t.match(output(), /uk-demo-personal\s+personal key of Ada Lovelace/)
  t.match((await get(`${url}/_emulator/health`)).body, { status: 'ok', workspaces: 2 })
  for (const [key, count] of [['sk-demo-full', 3], ['uk-demo-personal', 4], ['sk-demo-other', 1]] as const) {
    t.equal((await get(`${url}/api/v1/collections`, key)).body.data.length, count, `${key} sees ${count} collections`)
  }
  t.equal((await get(`${url}/api/v1/scenes`, 'sk-demo-read')).status, 200)
  t.equal((await get(`${url}/api/v1/scenes`, 'sk-demo-expired')).status, 401)
  t.equal(await stop(child), 0, 'exit code 0 after SIGTERM')
})

t.test('bad configuration fails at start with one clear line', async (t) => {
  const { code, stderr } = await runProcess('src/server.ts', [], { PORT: 'eighty' })
  t.equal(code, 1)
  t.equal(stderr.trim(), 'drawing-api-emulator: Invalid configuration: PORT (--port) must be an integer (got "eighty")')
})

t.test('a persistent database is seeded once and reused as is after a restart', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'emulator-db-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const env = { EMULATOR_DB: join(dir, 'data.sqlite') }
  const first = await start(env)
  const created = await fetch(`${first.url}/api/v1/collections`, {
    method: 'POST', headers: { 'authorization': 'Bearer sk-demo-full', 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Kept' })
  })
  t.equal(created.status, 200)
  t.equal(await stop(first.child), 0)
  const second = await start(env)
  const names = (await get(`${second.url}/api/v1/collections`)).body.data.map((c: any) => c.name)
  t.same(names, ['Product', 'Engineering', 'Marketing', 'Kept'], 'the write survived and fixtures were not seeded twice')
  t.equal(await stop(second.child), 0)
})
