// startEmulator from a test suite: a listening emulator on a free port, its keys, and close(); buildApp's inject-style
// app, as quiet as startEmulator by default.
import t from 'tap'
import { startEmulator } from '../src/index.js'
import { MINIMAL_FIXTURES } from '../src/config/index.js'
import { TS, runNode } from './processes.js'

t.test('starts on a free port with the bundled demo workspace and closes', async (t) => {
  const emulator = await startEmulator()
  t.match(emulator.url, /^http:\/\/127\.0\.0\.1:\d+$/)
  t.equal(emulator.apiUrl, `${emulator.url}/api/v1`)
  t.same(emulator.keys, { full: 'sk-demo-full', read: 'sk-demo-read', personal: 'uk-demo-personal' })
  t.same(emulator.workspace, { id: 'MzPkz6jWA0f', name: 'Acme Product Design' })
  const res = await fetch(`${emulator.apiUrl}/collections`, { headers: { authorization: `Bearer ${emulator.keys.full}` } })
  t.equal(res.status, 200)
  t.same(((await res.json()) as any).data.map((c: any) => c.name), ['Product', 'Engineering', 'Marketing'])
  await emulator.close()
  await t.rejects(fetch(`${emulator.url}/_emulator/health`), 'nothing listens after close()')
})

t.test('options mirror the settings: fixtures, seed, clock', async (t) => {
  const options = { fixturesDir: MINIMAL_FIXTURES, seed: 9, clockStart: Date.parse('2026-05-01T00:00:00.000Z') }
  const created: string[] = []
  for (let run = 0; run < 2; run++) {
    const emulator = await startEmulator(options)
    t.same(emulator.keys, { full: 'sk-test-full', read: 'sk-test-read', personal: 'uk-test-admin' }, 'expired, revoked and restricted keys are not offered')
    const res = await fetch(`${emulator.apiUrl}/collections`, {
      method: 'POST', headers: { 'authorization': `Bearer ${emulator.keys.full}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Seeded' })
    })
    const body = await res.json() as any
    t.equal(body.created, '2026-05-01T00:00:00.000Z', 'timestamps follow the given clock')
    created.push(body.id)
    await emulator.close()
  }
  t.equal(created[0], created[1], 'the same seed mints the same ids')
})

t.test('a port in use rejects and leaves nothing open', async (t) => {
  const first = await startEmulator()
  t.teardown(() => first.close())
  const port = Number(new URL(first.url).port)
  await t.rejects(startEmulator({ port }), { code: 'EADDRINUSE' })
})

t.test('a setting a plugin refuses at boot rejects with that plugin\'s message', async (t) => {
  await t.rejects(startEmulator({ fixturesDir: MINIMAL_FIXTURES, driftKinds: ['rename-field', 'no-such-kind'] }),
    { message: /no-such-kind/ })
})

/** Runs the package entry's buildApp with these settings and one inject, in a process of its own; answers its output. */
async function injectOnce (config: string) {
  const code = `import { buildApp } from './src/index.ts'
const app = await buildApp(${config})
const res = await app.inject({ url: '/api/v1/collections', headers: { authorization: 'Bearer sk-demo-full' } })
await app.close()
process.stdout.write('status ' + res.statusCode + '\\n')`
  return runNode([...TS, '--input-type=module', '-e', code])
}

t.test('buildApp logs nothing by default, as startEmulator; a logLevel asks for the request lines', async (t) => {
  t.same(await injectOnce(''), { code: 0, stdout: 'status 200\n', stderr: '' }, 'no line per request')
  const { code, stdout } = await injectOnce("{ config: { logLevel: 'info' } }")
  t.equal(code, 0)
  t.match(stdout, /INFO.*GET \/api\/v1\/collections/, 'asked for, the request line is there')
})
