// `npm start` in the background, then `kill <pid>` of the npm process: the emulator stops and its port is free, so
// the next start (a CI recipe's next job, a developer's next try) does not fail "port in use". npm forwards SIGTERM
// and SIGINT to the script's process, which is the server only when the script execs it (no shell in between).
// Where a shell stands between them (npx, an npm script without exec) the server stops once the shell is gone.
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import t from 'tap'
import { ROOT, TS } from './processes.js'
import { until } from './until.js'

const SERVER = join(ROOT, 'dist', 'server.js')

/** Starts `npm start` on a free port; resolves with the npm process and the port once the banner is out. */
function npmStart (): Promise<{ npm: ReturnType<typeof spawn>, port: number, output: () => string }> {
  const npm = spawn('npm', ['start'], { cwd: ROOT, env: { ...process.env, PORT: '0', LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { npm.kill('SIGKILL'); reject(new Error(`no start within 30 s:\n${output}`)) }, 30_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output)
      if (match) { clearTimeout(timer); resolve({ npm, port: Number(match[1]), output: () => output }) }
    }
    npm.stdout.on('data', onData)
    npm.stderr.on('data', onData)
  })
}

/** True when a new server can listen on the port (nothing holds it). */
function portFree (port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
  })
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  t.test(`${signal} to the npm process of a backgrounded npm start stops the server and frees its port`, { skip: existsSync(SERVER) ? false : 'no dist/: run npm run build' }, async (t) => {
    const { npm, port, output } = await npmStart()
    t.equal(await portFree(port), false, `the server listens on ${port}`)
    const exited = new Promise<boolean>((resolve) => npm.once('close', () => resolve(true)))
    npm.kill(signal)
    const gone = await Promise.race([exited, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 15_000))])
    if (!gone) npm.kill('SIGKILL')
    t.ok(gone, 'npm exits within 15 s (it waits for the script\'s process)')
    await t.resolves(until(() => portFree(port), `port ${port} to be free within 5 s of npm's exit`, 5_000, 100), `port ${port} is free within 5 s of npm's exit`)
    t.match(output(), `received ${signal}, closing`, 'the server itself got the signal and closed')
  })
}

t.test('under a shell npm started (npx, a script without exec), the server stops once npm\'s signal ends the shell', async (t) => {
  // As npm runs a command: `sh -c '<command>'`, npm_lifecycle_event set; the shell dies of the signal, the server does not get it.
  const command = [process.execPath, ...TS, join(ROOT, 'src', 'server.ts')].map((arg) => `'${arg}'`).join(' ')
  const shell = spawn('sh', ['-c', command], { cwd: ROOT, env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', npm_lifecycle_event: 'npx' }, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  // The shell is ended the moment Fastify logs that it listens, before the server has finished starting: the
  // narrowest moment, where a watch that read its parent only after the start never fired.
  const { port, server } = await new Promise<{ port: number, server: number }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start within 30 s:\n${output}`)), 30_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output)
      if (match === null) return
      shell.stdout.off('data', onData)
      shell.stderr.off('data', onData)
      clearTimeout(timer)
      // The server is the shell's child; should it outlive the test, the test ends it.
      const child = Number(readFileSync(`/proc/${shell.pid}/task/${shell.pid}/children`, 'utf8').trim().split(/\s+/)[0])
      shell.kill('SIGTERM')
      resolve({ port: Number(match[1]), server: child })
    }
    shell.stdout.on('data', onData)
    shell.stderr.on('data', onData)
  })
  shell.stdout.on('data', (chunk: Buffer) => { output += chunk.toString() })
  shell.stderr.on('data', (chunk: Buffer) => { output += chunk.toString() })
  t.ok(server > 0, 'the shell forked the server (its child)')
  // Never pid 0, which would be this test's whole process group.
  t.teardown(() => { try { if (server > 0) process.kill(server, 'SIGKILL') } catch { /* it stopped, as it should */ } })
  // The server notices the orphaning on its next check (every 0.5 s) and then closes: 15 s leaves room for a busy
  // machine (a CI run once took longer than 5 s).
  await t.resolves(until(() => portFree(port), `port ${port} to be free within 15 s of the shell's end`, 15_000, 100), `port ${port} is free within 15 s of the shell's end`)
  await new Promise((resolve) => setTimeout(resolve, 200))
  t.match(output, 'received SIGTERM, closing', 'the server closed as on SIGTERM')
})

t.test('under an npm script that runs more than the server (`server & sleep 1; sleep 1 …`), the shell waking does not stop it', async (t) => {
  // As `drawing-api-emulator & wait-on http://… && npm test`: the shell wakes when `sleep 1` ends, which is not npm's SIGINT.
  const command = [process.execPath, ...TS, join(ROOT, 'src', 'server.ts')].map((arg) => `'${arg}'`).join(' ')
  const shell = spawn('sh', ['-c', `${command} & sleep 1; sleep 1; sleep 1; sleep 1; sleep 1; wait`], { cwd: ROOT, detached: true, env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', npm_lifecycle_event: 'e2e' }, stdio: ['ignore', 'pipe', 'pipe'] })
  // Its own process group: the test ends the shell and the server whatever happens.
  t.teardown(() => { try { process.kill(-(shell.pid ?? 0), 'SIGKILL') } catch { /* already gone */ } })
  let output = ''
  shell.stdout.on('data', (chunk: Buffer) => { output += chunk.toString() })
  shell.stderr.on('data', (chunk: Buffer) => { output += chunk.toString() })
  await until(() => /listening at http:\/\/127\.0\.0\.1:\d+/.test(output), () => `the start (its listening line):\n${output}`, 30_000, 25)
  const url = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1] ?? ''
  // A `sleep 1` ends each second (the shell wakes each time); the watch checks every 0.25 s: 2.5 s is enough.
  await new Promise((resolve) => setTimeout(resolve, 2500))
  const status = await fetch(`${url}/_emulator/health`).then((health) => health.status, () => 0)
  t.equal(status, 200, 'the server still answers after the shell woke (0: the connection was refused)')
  t.notMatch(output, /received SIG(INT|TERM)/, 'it did not close itself')
})

t.test('Ctrl-C under npm\'s shell: the server lets the request in flight finish (no second SIGINT from the watch)', async (t) => {
  // Ctrl-C signals the whole process group: the server gets SIGINT and npm's shell wakes; a watch that then raised
  // SIGINT again was close-with-grace's "second SIGINT, exiting" (exit 1, the request cut).
  const command = [process.execPath, ...TS, join(ROOT, 'src', 'server.ts')].map((arg) => `'${arg}'`).join(' ')
  const shell = spawn('sh', ['-c', command], { cwd: ROOT, detached: true, env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', npm_lifecycle_event: 'npx' }, stdio: ['ignore', 'pipe', 'pipe'] })
  t.teardown(() => { try { process.kill(-(shell.pid ?? 0), 'SIGKILL') } catch { /* it stopped, as it should */ } })
  let output = ''
  shell.stdout.on('data', (chunk: Buffer) => { output += chunk.toString() })
  shell.stderr.on('data', (chunk: Buffer) => { output += chunk.toString() })
  const closed = new Promise<NodeJS.Signals | null>((resolve) => shell.on('close', (_code, signal) => resolve(signal)))
  await until(() => /listening at http:\/\/127\.0\.0\.1:\d+/.test(output), () => `the start (its listening line):\n${output}`, 30_000, 25)
  const url = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1] ?? ''
  // This request takes 1.5 s: the stop waits for it.
  const inFlight = fetch(`${url}/api/v1/workspaces`, { headers: { 'authorization': 'Bearer sk-demo-full', 'x-emulator-latency': '1500' } })
    .then(async (answer) => [answer.status, (await answer.json()).id !== undefined], (error: Error) => error.message)
  await new Promise((resolve) => setTimeout(resolve, 300))
  process.kill(-(shell.pid ?? 0), 'SIGINT')
  t.same(await inFlight, [200, true], 'the request in flight got its whole answer')
  t.equal(await closed, 'SIGINT', 'the shell ended by the SIGINT it held, once the server had closed')
  t.match(output, 'received SIGINT, closing', 'the server closed as on SIGINT')
  t.notMatch(output, /second SIGINT|killed by timeout/, 'it got SIGINT once and closed without waiting out its grace')
})
