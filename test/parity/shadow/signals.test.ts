// `shadow` started as a user starts it (node dist/cli.js, node_modules/.bin/drawing-api-emulator, npx in a project
// that installed the package) stops on SIGINT and SIGTERM sent to the process the user started, frees its port and
// writes its report. Under npx a shell stands between npm and the command and keeps both signals from it
// (lib/parent-watch.ts); a shell that runs other commands too is not read as npm's SIGINT. parity's signals are in
// signals-parity.test.ts, a second signal in signals-second.test.ts. The bound is generous ("did it stop"); the
// figures are in docs/parity.md.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { ROOT, TS, userEnv } from '../../processes.js'
import { send, startTarget } from './shadow-helper.js'
import { installedFor, launch, portFree, spawned, stopped, waitFor } from './signals-helper.js'

const { dir, skip, figures } = installedFor(t)

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
