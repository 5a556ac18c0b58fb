// `shadow` and `parity` started as a user starts them (node dist/cli.js, node_modules/.bin/drawing-api-emulator, npx
// in a project that installed the package) stop on SIGINT and SIGTERM sent to the process the user started, free
// their port and write their report. Under npx a shell stands between npm and the command and keeps both signals
// from it (lib/parent-watch.ts). The bound below is generous ("did it stop"); the figure is in the comments.
import { spawn } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import t, { type Test } from 'tap'
import { ROOT, installedProject, userEnv } from '../../processes.js'
import { send, startTarget } from './shadow-helper.js'

const CLI = join(ROOT, 'dist', 'cli.js')
const STOP_BOUND_MS = 15_000

type Launcher = 'node' | 'bin' | 'npx'
const LAUNCHERS: Record<Launcher, (args: string[]) => [string, string[]]> = {
  node: (args) => [process.execPath, [CLI, ...args]],
  bin: (args) => ['node_modules/.bin/drawing-api-emulator', args],
  npx: (args) => ['npx', ['drawing-api-emulator', ...args]]
}

interface Started { child: ReturnType<typeof spawn>, output: () => string, closed: Promise<number | null> }

function launch (launcher: Launcher, cwd: string, args: string[]): Started {
  const [file, argv] = LAUNCHERS[launcher](args)
  // Its own process group, so a test that fails can end all it started (npm, its shell, the command).
  const child = spawn(file, argv, { cwd, detached: true, env: userEnv(), stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString() })
  child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString() })
  const closed = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)))
  return { child, output: () => output, closed }
}

async function until (ready: () => boolean | Promise<boolean>, what: string, started: Started, withinMs = 30_000): Promise<void> {
  for (const end = Date.now() + withinMs; !(await ready());) {
    if (Date.now() > end) throw new Error(`${what} not within ${withinMs} ms:\n${started.output()}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
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
      await until(() => /listening at http:\/\/127\.0\.0\.1:(\d+)/.test(started.output()), 'the listening line', started)
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
  t.test(`parity through ${launcher}: ${signal} stops the run, which removes what it made`, { skip }, async (t) => {
    // A target that answers in 50 ms: the run is still sending when the signal comes.
    const target = await startTarget(t, { latencyMs: 50 })
    const report = join(dir, `parity-${launcher}-${signal}.json`)
    const started = launch(launcher, dir, ['parity', '--target', target.apiUrl, '--key', 'sk-demo-full', '--report', report])
    // The run has made its collection: the target's journal holds the create.
    const journal = async () => await (await fetch(`${target.url}/_emulator/requests?limit=500`)).text()
    await until(async () => (await journal()).includes('"method":"POST"'), 'the run\'s first write', started)
    const ms = await stopped(t, started, signal)
    figures.push(`parity ${launcher} ${signal} ${ms} ms`)
    t.match(started.output(), new RegExp(`parity: interrupted by ${signal}(; removed the \\d+ things it had made)?\n`), 'its interrupt line, after the clean-up')
    t.notOk(existsSync(report), 'an interrupted run writes no report (exit 2)')
    const collections = await send(target.apiUrl, 'sk-demo-full', 'GET', '/collections?limit=100')
    t.same(collections.body.data.filter((c: { name: string }) => c.name.startsWith('[parity')), [], 'nothing the run made is left')
  })
}
