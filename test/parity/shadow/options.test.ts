// The shadow's command line: each mistake is one line and exit 2, before anything listens or is sent.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { shadowCommand } from '../../../src/parity/shadow/command.js'
import { parseShadowOptions, plainHttpWarning } from '../../../src/parity/shadow/options.js'
import { captureIo } from './shadow-helper.js'

const work = mkdtempSync(join(tmpdir(), 'shadow-options-'))
t.teardown(() => rmSync(work, { recursive: true, force: true }))

async function run (...argv: string[]) {
  const { io, lines } = captureIo()
  const code = await shadowCommand(argv, io)
  return { code, ...lines }
}

t.test('mistakes: one line each, exit 2', async (t) => {
  const cases: Array<[string[], string]> = [
    [[], 'shadow: --target is required'],
    [['--target', 'ftp://x/api/v1'], 'shadow: --target must be an http or https URL (got ftp://x/api/v1)'],
    [['--target', 'https://x/'], 'shadow: --target must be the API\'s base URL ending in /api/v1, e.g. https://api.example.com/api/v1 (got https://x/)'],
    [['--target', 'https://x/api/v1', '--port', 'http'], 'shadow: --port must be a whole number from 0 to 65535 (got http)'],
    [['--target', 'https://x/api/v1', '--timeout', '0'], 'shadow: --timeout must be a whole number from 1 to 3600 (got 0)'],
    [['--target', 'https://x/api/v1', '--key', 'k', '--fixtures', 'fixtures/minimal'], 'shadow: --key imports the target\'s workspace, --fixtures starts from your own: give one of them'],
    [['--target', 'https://x/api/v1', '--nope'], 'shadow: Unknown option \'--nope\' (see drawing-api-emulator shadow --help)'],
    [['--target', 'https://x/api/v1', '--accept', '/'], 'shadow: cannot read the accept file /']
  ]
  for (const [argv, line] of cases) {
    const result = await run(...argv)
    t.same([result.code, result.err, result.out], [2, [line], []], argv.join(' '))
  }
})

t.test('--drift-profile that does not fit, or is not a profile: one line, exit 2, before anything listens', async (t) => {
  const misfit = join(work, 'misfit.json')
  writeFileSync(misfit, JSON.stringify({ format: 'drawing-api-emulator drift profile', version: 1, operations: [{ operation: 'GET /api/v1/nothing', changes: [] }] }))
  const notProfile = join(work, 'not-a-profile.json')
  writeFileSync(notProfile, '{"operations": 3}')
  const badPath = join(work, 'bad-path.json')
  writeFileSync(badPath, JSON.stringify({ format: 'drawing-api-emulator drift profile', version: 1, operations: [{ operation: 'GET /api/v1/scenes/{sceneId}', changes: [{ change: 'field-removed', path: '/metadata/nosuch/deeper' }] }] }))
  const cases: Array<[string, RegExp]> = [
    [misfit, /^shadow: Invalid configuration: EMULATOR_DRIFT_PROFILE \(--drift-profile\) \S+misfit\.json names GET \/api\/v1\/nothing, which this emulator does not have/],
    [notProfile, /^shadow: Invalid configuration: EMULATOR_DRIFT_PROFILE \(--drift-profile\) \S+not-a-profile\.json/],
    [badPath, /^shadow: Invalid configuration: EMULATOR_DRIFT_PROFILE \(--drift-profile\) \S+bad-path\.json: GET \/api\/v1\/scenes\/\{sceneId\}: field-removed at \/metadata\/nosuch\/deeper: the answers of this emulator have no such field$/],
    [join(work, 'absent.json'), /^shadow: Invalid configuration: EMULATOR_DRIFT_PROFILE \(--drift-profile\) \S+absent\.json/]
  ]
  // A port already taken: had the check come after listening, the line would be about the port.
  const taken = createServer()
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve))
  t.teardown(() => taken.close())
  const port = String((taken.address() as AddressInfo).port)
  for (const [file, line] of cases) {
    const result = await run('--target', 'https://x/api/v1', '--port', port, '--drift-profile', file)
    t.same([result.code, result.err.length, result.out], [2, 1, []], file)
    t.match(result.err[0], line)
    t.notMatch(result.err[0], /\n/, 'one line')
  }
})

t.test('--help, the defaults, and the plain-HTTP warning', async (t) => {
  const help = await run('--help')
  t.equal(help.code, 0)
  t.match(help.out[0], /^Usage:\n {2}drawing-api-emulator shadow --target/)
  t.same(parseShadowOptions(['--target', 'https://api.example.com/api/v1/']), { target: 'https://api.example.com/api/v1', port: 4000, host: '127.0.0.1', key: undefined, fixtures: undefined, report: undefined, record: undefined, accept: undefined, driftProfile: undefined, timeoutMs: 60_000 })
  t.equal(plainHttpWarning('https://api.example.com/api/v1'), undefined)
  t.equal(plainHttpWarning('http://127.0.0.1:4000/api/v1'), undefined)
  t.equal(plainHttpWarning('http://localhost:4000/api/v1'), undefined)
  t.equal(plainHttpWarning('http://[::1]:4000/api/v1'), undefined)
  t.equal(plainHttpWarning('http://10.0.0.5/api/v1'), 'shadow: warning: --target http://10.0.0.5 is plain HTTP to a host beyond loopback: your clients\' keys cross the network unencrypted; use https')
})

t.test('EMULATOR_DRIFT_PROFILE means what --drift-profile means: checked before listening, the flag before it', async (t) => {
  const misfit = join(work, 'env-misfit.json')
  writeFileSync(misfit, JSON.stringify({ format: 'drawing-api-emulator drift profile', version: 1, operations: [{ operation: 'GET /api/v1/nothing', changes: [] }] }))
  const fits = join(work, 'env-fits.json')
  writeFileSync(fits, JSON.stringify({ format: 'drawing-api-emulator drift profile', version: 1, operations: [] }))
  const taken = createServer()
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve))
  t.teardown(() => taken.close())
  const port = String((taken.address() as AddressInfo).port)
  const withEnv = async (env: NodeJS.ProcessEnv, ...argv: string[]) => {
    const { io, lines } = captureIo(env)
    return { code: await shadowCommand(['--target', 'https://x/api/v1', '--port', port, ...argv], io), ...lines }
  }
  const fromEnv = await withEnv({ EMULATOR_DRIFT_PROFILE: misfit })
  t.same([fromEnv.code, fromEnv.err.length, fromEnv.out], [2, 1, []])
  t.match(fromEnv.err[0], /^shadow: Invalid configuration: EMULATOR_DRIFT_PROFILE \(--drift-profile\) \S+env-misfit\.json names GET \/api\/v1\/nothing/)
  // The flag wins over the variable: a fitting profile given as the flag gets as far as the port.
  const flagFirst = await withEnv({ EMULATOR_DRIFT_PROFILE: misfit }, '--drift-profile', fits)
  t.same([flagFirst.code, flagFirst.err, flagFirst.out], [2, [`shadow: cannot listen on 127.0.0.1:${port} (EADDRINUSE)`], []])
})
