// The real process: `node src/server.ts` prints its URL and keys, serves, closes on SIGTERM, keeps a file DB.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import t from 'tap'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

interface Running { child: ChildProcess, url: string, output: () => string }

function start (env: Record<string, string>): Promise<Running> {
  const child = spawn(process.execPath, ['--import', '@tapjs/typescript/import', 'src/server.ts'], {
    cwd: ROOT, env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe']
  })
  let output = ''
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { child.kill(); reject(new Error(`no start within 20 s:\n${output}`)) }, 20_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /listening at (http:\/\/\S+)/.exec(output)
      if (match) { clearTimeout(timer); resolve({ child, url: match[1], output: () => output }) }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`exited with ${code}:\n${output}`)) })
  })
}

function stop (child: ChildProcess): Promise<number | null> {
  child.removeAllListeners('exit')
  return new Promise((resolve) => { child.on('exit', (code) => resolve(code)); child.kill('SIGTERM') })
}

const get = async (url: string, key = 'sk-demo-full') => {
  const res = await fetch(url, { headers: { authorization: `Bearer ${key}` } })
  return { status: res.status, body: await res.json() as any }
}

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
  const child = spawn(process.execPath, ['--import', '@tapjs/typescript/import', 'src/server.ts'], {
    cwd: ROOT, env: { ...process.env, PORT: 'eighty' }, stdio: ['ignore', 'pipe', 'pipe']
  })
  let stderr = ''
  child.stderr.on('data', (c: Buffer) => { stderr += c.toString() })
  const code = await new Promise((resolve) => child.on('exit', resolve))
  t.equal(code, 1)
  t.equal(stderr.trim(), 'drawing-api-emulator: Invalid configuration: PORT must be an integer (got "eighty")')
})

t.test('a persistent database is seeded once and reused as is after a restart', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'emulator-db-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const env = { EMULATOR_DB: join(dir, 'data.sqlite') }
  const first = await start(env)
  const created = await fetch(`${first.url}/api/v1/collections`, {
    method: 'POST', headers: { authorization: 'Bearer sk-demo-full', 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Kept' })
  })
  t.equal(created.status, 200)
  t.equal(await stop(first.child), 0)
  const second = await start(env)
  const names = (await get(`${second.url}/api/v1/collections`)).body.data.map((c: any) => c.name)
  t.same(names, ['Product', 'Engineering', 'Marketing', 'Kept'], 'the write survived and fixtures were not seeded twice')
  t.equal(await stop(second.child), 0)
})
