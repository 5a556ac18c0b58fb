// `shadow` and `parity` started as a user starts them (node dist/cli.js, node_modules/.bin/drawing-api-emulator, npx
// in a project that installed the package) stop on SIGINT and SIGTERM sent to the process the user started, free
// their port and write their report. Under npx a shell stands between npm and the command and keeps both signals
// from it (lib/parent-watch.ts). A second signal during the stop does not cut it, and a shell that runs other commands
// too is not read as npm's SIGINT. The bound below is generous ("did it stop"); the figure is in the comments.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { createServer as createHttpServer } from 'node:http'
import { createServer, type AddressInfo } from 'node:net'
import { join } from 'node:path'
import t, { type Test } from 'tap'
import { ROOT, TS, installedProject, userEnv } from '../../processes.js'
import { until } from '../../until.js'
import { send, startTarget } from './shadow-helper.js'

const CLI = join(ROOT, 'dist', 'cli.js')
const STOP_BOUND_MS = 15_000

type Launcher = 'node' | 'bin' | 'npx'
const LAUNCHERS: Record<Launcher, (args: string[]) => [string, string[]]> = {
  node: (args) => [process.execPath, [CLI, ...args]],
  bin: (args) => ['node_modules/.bin/drawing-api-emulator', args],
  npx: (args) => ['npx', ['drawing-api-emulator', ...args]]
}

interface Started { child: ReturnType<typeof spawn>, output: () => string, closed: Promise<number | null>, signalled: () => NodeJS.Signals | null }

function launch (launcher: Launcher, cwd: string, args: string[]): Started {
  const [file, argv] = LAUNCHERS[launcher](args)
  return spawned(file, argv, cwd, userEnv())
}

function spawned (file: string, argv: string[], cwd: string, env: NodeJS.ProcessEnv): Started {
  // Its own process group, so a test that fails can end all it started (npm, its shell, the command).
  const child = spawn(file, argv, { cwd, detached: true, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  let signalled: NodeJS.Signals | null = null
  child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString() })
  child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString() })
  const closed = new Promise<number | null>((resolve) => child.on('close', (code, signal) => { signalled = signal; resolve(code) }))
  return { child, output: () => output, closed, signalled: () => signalled }
}

/** The shared wait, with the process's output so far in its failure. */
async function waitFor (ready: () => boolean | Promise<boolean>, what: string, started: Started, withinMs = 30_000): Promise<void> {
  await until(ready, () => `${what}:\n${started.output()}`, withinMs, 25)
}

function portFree (port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
  })
}

/** Signals the started process, resolves with the milliseconds until it and everything it started had ended. */
async function stopped (t: Test, started: Started, signal: NodeJS.Signals): Promise<number> {
  const sent = Date.now()
  started.child.kill(signal)
  const ended = await Promise.race([started.closed.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), STOP_BOUND_MS))])
  const ms = Date.now() - sent
  if (!ended && started.child.pid !== undefined) process.kill(-started.child.pid, 'SIGKILL')
  t.ok(ended, `stopped within ${STOP_BOUND_MS} ms (took ${ms} ms)`)
  return ms
}

const dir = installedProject() ?? ''
t.teardown(() => { if (dir !== '') rmSync(dir, { recursive: true, force: true }) })
const skip = dir !== '' ? false : 'no executable dist/cli.js: run npm run build'
const figures: string[] = []
t.teardown(() => { if (figures.length > 0) console.log(`# stop figures: ${figures.join('; ')}`) })

for (const launcher of ['node', 'bin', 'npx'] as const) {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    t.test(`shadow through ${launcher}: ${signal} stops it, frees its port, writes its report`, { skip }, async (t) => {
      const target = await startTarget(t)
      const report = join(dir, `shadow-${launcher}-${signal}.json`)
      const started = launch(launcher, dir, ['shadow', '--target', target.apiUrl, '--port', '0', '--report', report])
      await waitFor(() => /listening at http:\/\/127\.0\.0\.1:(\d+)/.test(started.output()), 'the listening line', started)
      const port = Number(/listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(started.output())?.[1])
      const reply = await send(`http://127.0.0.1:${port}/api/v1`, 'sk-demo-full', 'GET', '/workspaces')
      t.equal(reply.status, 200, 'a client request went through it')
      const ms = await stopped(t, started, signal)
      figures.push(`shadow ${launcher} ${signal} ${ms} ms`)
      t.ok(await portFree(port), `port ${port} is free`)
      t.ok(existsSync(report), 'the report is written')
      const written = JSON.parse(readFileSync(report, 'utf8'))
      t.same([written.mode, written.shadow.state, written.shadow.forwarded, written.shadow.compared, written.shadow.failures], ['shadow', 'ready', 1, 1, []])
      t.match(started.output(), `shadow: stopped by ${signal}: 1 requests forwarded, 1 compared`)
    })
  }
}

for (const [launcher, signal] of [['node', 'SIGTERM'], ['bin', 'SIGINT'], ['npx', 'SIGINT'], ['npx', 'SIGTERM']] as const) {
  t.test(`parity through ${launcher}: ${signal} stops the run, which removes what it made and writes its report so far`, { skip }, async (t) => {
    // A target that answers in 50 ms: the run is still sending when the signal comes.
    const target = await startTarget(t, { latencyMs: 50 })
    const report = join(dir, `parity-${launcher}-${signal}.json`)
    const started = launch(launcher, dir, ['parity', '--target', target.apiUrl, '--key', 'sk-demo-full', '--report', report])
    // The run has made its collection (the probes' POSTs are refused): past the probes, the signal ends the run
    // with its report so far.
    const made = async () => /"status":20\d/.test(await (await fetch(`${target.url}/_emulator/requests?method=POST&limit=100`)).text())
    await waitFor(made, 'the run\'s first create', started)
    const ms = await stopped(t, started, signal)
    figures.push(`parity ${launcher} ${signal} ${ms} ms`)
    t.match(started.output(), new RegExp(`parity: interrupted by ${signal}(; removed the \\d+ things it had made)?\n`), 'its interrupt line, after the clean-up')
    // Under npx, SIGTERM ends npm at once while the command cleans up and writes: the report comes a moment later.
    await waitFor(() => existsSync(report), 'the report', started, STOP_BOUND_MS)
    const written = JSON.parse(readFileSync(report, 'utf8'))
    t.same([written.mode, written.interrupted, written.operations.length > 0], ['live', signal, true], 'the report so far, marked interrupted (exit 2)')
    const collections = await send(target.apiUrl, 'sk-demo-full', 'GET', '/collections?limit=100')
    t.same(collections.body.data.filter((c: { name: string }) => c.name.startsWith('[parity')), [], 'nothing the run made is left')
  })
}

/**
 * Two ways a stop gets a second signal. `npm shell`: the CLI from src/ as npm runs it (`sh -c '<node> src/cli.ts …'`,
 * npm_lifecycle_event set) in its own process group, which Ctrl-C signals whole: the command gets SIGINT itself and
 * npm's shell wakes too (the parent watch used to raise a second SIGINT then). `twice`: the CLI alone, SIGINT sent
 * to it twice, 0.3 s apart (an impatient Ctrl-C).
 */
type Interrupt = 'npm shell' | 'twice'
const INTERRUPTS: Record<Interrupt, { launch: (args: string[]) => Started, signal: (started: Started) => Promise<void> }> = {
  'npm shell': {
    launch: (args) => spawned('sh', ['-c', [process.execPath, ...TS, join(ROOT, 'src', 'cli.ts'), ...args].map((arg) => `'${arg}'`).join(' ')], ROOT, { ...userEnv(), npm_lifecycle_event: 'npx' }),
    signal: async (started) => { process.kill(-(started.child.pid ?? 0), 'SIGINT') }
  },
  'twice': {
    launch: (args) => spawned(process.execPath, [...TS, join(ROOT, 'src', 'cli.ts'), ...args], ROOT, userEnv()),
    signal: async (started) => {
      started.child.kill('SIGINT')
      await new Promise((resolve) => setTimeout(resolve, 300))
      started.child.kill('SIGINT')
    }
  }
}

function launchFor (t: Test, interrupt: Interrupt, args: string[]): Started {
  const started = INTERRUPTS[interrupt].launch(args)
  t.teardown(() => { try { process.kill(-(started.child.pid ?? 0), 'SIGKILL') } catch { /* it stopped, as it should */ } })
  return started
}

/** Sends the interrupt; resolves once everything started has ended. */
async function interrupt (t: Test, how: Interrupt, started: Started): Promise<void> {
  await INTERRUPTS[how].signal(started)
  const ended = await Promise.race([started.closed.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), STOP_BOUND_MS))])
  t.ok(ended, `stopped within ${STOP_BOUND_MS} ms`)
}

async function slowTarget (t: Test): Promise<{ url: string, seen: Promise<void> }> {
  let arrived!: () => void
  const seen = new Promise<void>((resolve) => { arrived = resolve })
  // A target that answers after 1.5 s: the second SIGINT comes long before.
  const target = createHttpServer((req, res) => {
    req.resume()
    arrived()
    setTimeout(() => res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end('{"data":[],"hasNextPage":false}'), 1500)
  })
  target.listen(0, '127.0.0.1')
  await once(target, 'listening')
  t.teardown(() => { target.closeAllConnections(); target.close() })
  return { url: `http://127.0.0.1:${(target.address() as AddressInfo).port}/api/v1`, seen }
}

for (const how of ['npm shell', 'twice'] as const) {
  t.test(`a second SIGINT (${how}): the shadow lets the request in flight finish and writes its report`, async (t) => {
    const target = await slowTarget(t)
    const report = join(ROOT, `.shadow-second-sigint-${process.pid}.json`)
    t.teardown(() => rmSync(report, { force: true }))
    const started = launchFor(t, how, ['shadow', '--target', target.url, '--port', '0', '--fixtures', 'fixtures/minimal', '--report', report])
    await waitFor(() => /listening at http:\/\/127\.0\.0\.1:(\d+)/.test(started.output()), 'the listening line', started)
    const port = Number(/listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(started.output())?.[1])
    const inFlight = send(`http://127.0.0.1:${port}/api/v1`, 'sk-test-full', 'GET', '/collections').catch((error: Error) => error)
    await target.seen
    await interrupt(t, how, started)
    const reply = await inFlight
    t.same(reply instanceof Error ? reply.message : [reply.status, reply.headers.get('content-type'), reply.body], [200, 'application/json; charset=utf-8', { data: [], hasNextPage: false }], 'the client got the target\'s whole answer')
    t.match(started.output(), 'shadow: stopped by SIGINT: 1 requests forwarded, 1 compared')
    const written = existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')) : {}
    t.same([written.shadow?.forwarded, written.shadow?.compared, written.shadow?.failures, written.summary?.differs > 0], [1, 1, [], true], 'the report is written, the request compared (the stand-in target differs)')
    // The shadow exits 1 (a difference); under npm's shell, the shell ends by the SIGINT it held (npx's wait: 130).
    t.same([await started.closed, started.signalled()], how === 'twice' ? [1, null] : [null, 'SIGINT'], 'the exit status docs/parity.md gives')
  })

  t.test(`a second SIGINT (${how}): parity removes everything it made before it ends`, async (t) => {
    const target = await startTarget(t, { latencyMs: 50 })
    const started = launchFor(t, how, ['parity', '--target', target.apiUrl, '--key', 'sk-demo-full'])
    const made = async () => /"status":20\d/.test(await (await fetch(`${target.url}/_emulator/requests?method=POST&limit=100`)).text())
    await waitFor(made, 'the run\'s first create', started)
    // Each removal now takes 0.7 s: the clean-up lasts longer than the second SIGINT takes to come.
    const rules = await fetch(`${target.url}/_emulator/faults`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rules: [{ method: 'DELETE', path: '/**', fault: 'latency', delayMs: 700 }] }) })
    t.equal(rules.status, 200, 'the removals are slowed down')
    await interrupt(t, how, started)
    t.match(started.output(), /parity: interrupted by SIGINT; removed the \d+ things it had made\n/, 'its interrupt line, after the clean-up')
    const collections = await send(target.apiUrl, 'sk-demo-full', 'GET', '/collections?limit=100')
    t.same(collections.body.data.filter((c: { name: string }) => c.name.startsWith('[parity')), [], 'nothing the run made is left')
    t.same([await started.closed, started.signalled()], how === 'twice' ? [2, null] : [null, 'SIGINT'], 'exit 2 (interrupted); under npm\'s shell, the shell\'s SIGINT')
  })
}

t.test('a shadow in an npm script that runs more (`shadow & sleep 1; sleep 1 …`) keeps serving while the shell wakes', async (t) => {
  // As `drawing-api-emulator shadow … & wait-on … && npm test`: the shell wakes whenever a sleep ends, not for npm's SIGINT.
  const target = await startTarget(t)
  const command = [process.execPath, ...TS, join(ROOT, 'src', 'cli.ts'), 'shadow', '--target', target.apiUrl, '--port', '0', '--fixtures', 'fixtures/minimal'].map((arg) => `'${arg}'`).join(' ')
  const started = spawned('sh', ['-c', `${command} & sleep 1; sleep 1; sleep 1; sleep 1; sleep 1; wait`], ROOT, { ...userEnv(), npm_lifecycle_event: 'e2e' })
  t.teardown(() => { try { process.kill(-(started.child.pid ?? 0), 'SIGKILL') } catch { /* already gone */ } })
  await waitFor(() => /listening at http:\/\/127\.0\.0\.1:(\d+)/.test(started.output()), 'the listening line', started)
  const port = Number(/listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(started.output())?.[1])
  // A `sleep 1` ends each second; the watch checks every 0.25 s: 2.5 s is enough for a wrong stop to have come.
  await new Promise((resolve) => setTimeout(resolve, 2500))
  const reply = await send(`http://127.0.0.1:${port}/api/v1`, 'sk-demo-full', 'GET', '/workspaces').catch((error: Error) => error)
  t.equal(reply instanceof Error ? reply.message : reply.status, 200, 'a client request still goes through it')
  t.notMatch(started.output(), 'shadow: stopped by', 'it did not stop itself')
})
