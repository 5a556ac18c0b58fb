// The Testcontainers module (drawing-api-emulator/testcontainers) against a real container engine and the image:
// scripts/docker/run-snippets.sh runs it with TESTCONTAINERS_PROJECT (a project that installed the packed package
// and testcontainers) and DOCKER_HOST (podman's Docker-compatible API). Anywhere else it skips with one line.
import { chmodSync, cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import t from 'tap'
import { ROOT } from './processes.js'

interface Started {
  keys: Record<string, string>
  getBaseUrl (): string
  getApiUrl (): string
  getAdminUrl (): string
  getAdminHeaders (): Record<string, string>
  getId (): string
  stop (options?: { remove?: boolean }): Promise<unknown>
}
interface Container {
  withFixtures (folder: string): Container
  withBundledFixtures (name: 'default' | 'minimal'): Container
  withSeed (seed: number): Container
  withAdminToken (token: string): Container
  withSettings (settings: Record<string, string>): Container
  start (): Promise<Started>
}
interface Module {
  DrawingApiEmulatorContainer: new (image?: string) => Container
  DEMO_KEYS: Record<string, string>
  MINIMAL_KEYS: Record<string, string>
  EMULATOR_PORT: number
}

const project = process.env.TESTCONTAINERS_PROJECT
const socket = process.env.DOCKER_HOST?.replace(/^unix:\/\//, '')
const image = process.env.TESTCONTAINERS_IMAGE ?? 'drawing-api-emulator:latest'
const skip = project === undefined || socket === undefined
  ? 'no container engine here: scripts/docker/run-snippets.sh runs this with TESTCONTAINERS_PROJECT and DOCKER_HOST'
  : false

/** The Docker-compatible API over its socket (the engine's own view, not the module's). */
function engine (method: string, path: string): Promise<{ status: number, body: any }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ socketPath: socket, method, path }, (res) => {
      let text = ''
      res.on('data', (chunk) => { text += chunk })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text === '' ? null : JSON.parse(text) }))
    })
    request.on('error', reject)
    request.end()
  })
}

const fixtureKeys = (set: string, workspace: string) =>
  (JSON.parse(readFileSync(join(ROOT, 'fixtures', set, workspace, 'keys.json'), 'utf8')) as Array<{ secret: string }>).map((key) => key.secret)

t.test('DrawingApiEmulatorContainer', { skip }, async (t) => {
  const require = createRequire(join(project!, 'package.json'))
  const mod = await import(pathToFileURL(require.resolve('drawing-api-emulator/testcontainers')).href) as Module
  const status = async (url: string, headers: Record<string, string> = {}) => (await fetch(url, { headers })).status

  await t.test('the demo image: wait strategy, URLs, demo keys; stop is a SIGTERM the emulator exits 0 on', async (t) => {
    const started = await new mod.DrawingApiEmulatorContainer(image).start()
    t.teardown(() => engine('DELETE', `/containers/${started.getId()}?force=true&v=true`))
    t.match(started.getBaseUrl(), /^http:\/\/[^/]+:\d+$/)
    t.equal(started.getApiUrl(), `${started.getBaseUrl()}/api/v1`)
    t.equal(started.getAdminUrl(), `${started.getBaseUrl()}/_emulator`)
    t.same(started.getAdminHeaders(), {})
    t.same(started.keys, mod.DEMO_KEYS)
    const acme = fixtureKeys('default', 'acme')
    for (const name of ['full', 'read', 'personal', 'member']) t.ok(acme.includes(mod.DEMO_KEYS[name]), `${name} is a key of the bundled Acme workspace`)
    t.ok(fixtureKeys('default', 'globex').includes(mod.DEMO_KEYS.other))
    t.equal(await status(`${started.getApiUrl()}/collections`, { authorization: `Bearer ${started.keys.full}` }), 200, 'serving as soon as start() resolves')
    t.equal(await status(`${started.getApiUrl()}/collections`, { authorization: `Bearer ${started.keys.read}` }), 200)
    t.equal(mod.EMULATOR_PORT, 4000)
    await started.stop({ remove: false })
    const state = (await engine('GET', `/containers/${started.getId()}/json`)).body.State
    t.same([state.Running, state.ExitCode], [false, 0], 'exited 0 after SIGTERM')
  })

  await t.test('bundled minimal fixtures, a seed, an admin token', async (t) => {
    const started = await new mod.DrawingApiEmulatorContainer(image).withBundledFixtures('minimal').withSeed(7).withAdminToken('tc-secret').start()
    t.teardown(() => started.stop())
    t.same(started.keys, mod.MINIMAL_KEYS, 'the minimal set\'s keys')
    const main = fixtureKeys('minimal', 'main')
    for (const name of ['full', 'read', 'personal', 'member']) t.ok(main.includes(mod.MINIMAL_KEYS[name]), `${name} is a key of the minimal main workspace`)
    t.ok(fixtureKeys('minimal', 'other').includes(mod.MINIMAL_KEYS.other))
    t.equal(await status(`${started.getApiUrl()}/collections`, { authorization: `Bearer ${started.keys.full}` }), 200, 'the minimal set\'s key')
    t.equal(await status(`${started.getApiUrl()}/collections`, { authorization: 'Bearer sk-demo-full' }), 401, 'not the demo set')
    t.same(started.getAdminHeaders(), { authorization: 'Bearer tc-secret' })
    t.equal(await status(`${started.getAdminUrl()}/faults`), 401, 'the admin API wants the token')
    t.equal(await status(`${started.getAdminUrl()}/faults`, started.getAdminHeaders()), 200)
    t.equal(await status(`${started.getBaseUrl()}/_emulator/health`), 200, 'health stays open for the wait strategy')
  })

  await t.test('a fixture folder of this machine, and settings', async (t) => {
    const folder = mkdtempSync(join(tmpdir(), 'emulator-tc-fixtures-'))
    t.teardown(() => rmSync(folder, { recursive: true, force: true }))
    cpSync(join(ROOT, 'fixtures', 'minimal'), folder, { recursive: true })
    // The container runs as uid 1000: a mkdtemp folder (0700, root's here) would be unreadable to it (EACCES).
    chmodSync(folder, 0o755)
    const started = await new mod.DrawingApiEmulatorContainer(image).withFixtures(folder).withSettings({ EMULATOR_COMPAT: 'pageSize=3' }).start()
    t.teardown(() => started.stop())
    const res = await fetch(`${started.getApiUrl()}/scenes`, { headers: { authorization: 'Bearer sk-test-full' } })
    t.equal(res.status, 200, 'the mounted set\'s key')
    t.throws(() => started.keys, { message: 'keys: this container runs your own fixtures (withFixtures): use the keys of their keys.json files' })
    t.equal(((await res.json()) as { limit: number }).limit, 3, 'the setting applies')
  })
})
