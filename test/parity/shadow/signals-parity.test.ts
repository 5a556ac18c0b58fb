// `parity` started as a user starts it (node dist/cli.js, node_modules/.bin/drawing-api-emulator, npx in a project
// that installed the package) stops on SIGINT and SIGTERM: the run removes what it made and writes its report so far.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { send, startTarget } from './shadow-helper.js'
import { STOP_BOUND_MS, installedFor, launch, stopped, waitFor } from './signals-helper.js'

const { dir, skip, figures } = installedFor(t)

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
