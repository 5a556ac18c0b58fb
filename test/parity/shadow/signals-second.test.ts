// A second SIGINT during a stop does not cut it: the shadow lets the request in flight finish and writes its report,
// and parity removes everything it made before it ends; under npm's shell and sent twice.
import { once } from 'node:events'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { createServer as createHttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import t, { type Test } from 'tap'
import { ROOT, TS, userEnv } from '../../processes.js'
import { send, startTarget } from './shadow-helper.js'
import { STOP_BOUND_MS, spawned, waitFor, type Started } from './signals-helper.js'

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
