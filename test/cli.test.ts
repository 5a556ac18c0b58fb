// The CLI: --help lists every option with its environment twin; flags start the server like their variables.
import t from 'tap'
import { CLI_OPTIONS } from '../src/config/cli-options.js'
import { getJson, runProcess, startProcess, stopProcess } from './processes.js'

t.test('--help lists every option and its environment twin', async (t) => {
  const { code, stdout } = await runProcess('src/cli.ts', ['--help'])
  t.equal(code, 0)
  t.match(stdout, /^drawing-api-emulator \d+\.\d+\.\d+: /)
  for (const option of CLI_OPTIONS) {
    t.match(stdout, new RegExp(`--${option.flag}\\b[^\\n]*\\n\\s+env: ${option.env}\\n`), `--${option.flag} ↔ ${option.env}`)
  }
  t.same(CLI_OPTIONS.map((o) => o.env).filter((env, i, all) => all.indexOf(env) !== i), [], 'one flag per variable')
})

t.test('--version prints the package version', async (t) => {
  const { code, stdout } = await runProcess('src/cli.ts', ['--version'])
  t.same([code, stdout.trim()], [0, '0.1.0'])
})

t.test('an unknown option or a bad value fails with a clear line', async (t) => {
  const unknown = await runProcess('src/cli.ts', ['--prot', '4000'])
  t.same([unknown.code, unknown.stderr.trim()], [2, "drawing-api-emulator: Unknown option '--prot'\nSee drawing-api-emulator --help"])
  const bad = await runProcess('src/cli.ts', ['--drift-rate', 'high'])
  t.same([bad.code, bad.stderr.trim()], [1, 'drawing-api-emulator: Invalid configuration: EMULATOR_DRIFT_RATE (--drift-rate) must be a number (got "high")'])
  const retention = await runProcess('src/cli.ts', ['--audit-log-max=-5'])
  t.same([retention.code, retention.stderr.trim()], [1, 'drawing-api-emulator: Invalid configuration: EMULATOR_AUDIT_LOG_MAX (--audit-log-max) must be >= 0 (got -5)'])
  const variable = await runProcess('src/server.ts', [], { EMULATOR_AUDIT_LOG_MAX: 'lots' })
  t.same([variable.code, variable.stderr.trim()], [1, 'drawing-api-emulator: Invalid configuration: EMULATOR_AUDIT_LOG_MAX (--audit-log-max) must be an integer (got "lots")'], 'the variable: the same one line')
})

t.test('flags start the emulator with those settings', async (t) => {
  const running = await startProcess('src/cli.ts', ['--port', '0', '--fixtures', 'fixtures/minimal', '--log-level', 'warn'], { PORT: '4999' })
  t.match(running.output(), /Workspace "Test Workspace" \(wsMain00001\) keys:/, 'the fixture flag took effect')
  t.notMatch(running.url, /:4999$/, 'a flag wins over its variable')
  t.same((await getJson(`${running.url}/api/v1/collections`, 'sk-test-full')).body.data.map((c: any) => c.id), ['colDefault1', 'colSecond01'])
  t.equal(await stopProcess(running.child), 0)
})
