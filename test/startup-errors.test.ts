// Start-up failures are one line naming what to change; unknown EMULATOR_* variables warn with a
// did-you-mean; in-process options are named as the caller wrote them.
import { createServer } from 'node:net'
import t from 'tap'
import { unknownVariableWarnings, describeVariable } from '../src/config/index.js'
import { ConfigError, resolveConfig } from '../src/config/index.js'
import { startupErrorLine } from '../src/lib/startup-errors.js'
import { runProcess } from './processes.js'

t.test('unknown EMULATOR_* variables: one line each, with the nearest real name', async (t) => {
  t.same(unknownVariableWarnings({ EMULATOR_DRFIT: 'on', EMULATOR_DRIFT: 'on', EMULATOR_SOMETHING_ELSE_ENTIRELY: '1', PATH: '/bin' }), [
    'EMULATOR_DRFIT is not a setting and is ignored: did you mean EMULATOR_DRIFT?',
    'EMULATOR_SOMETHING_ELSE_ENTIRELY is not a setting and is ignored: see the configuration table in docs/configuration.md'
  ])
  t.same(unknownVariableWarnings({ EMULATOR_DB: 'x', PORT: '1' }), [], 'known variables and non-EMULATOR_ ones are quiet')
  t.same(unknownVariableWarnings({ EMULATOR_DB_PATH: '/tmp/x.db', EMULATOR_DRIFT_RATE_PERCENT: '5' }), [
    'EMULATOR_DB_PATH is not a setting and is ignored: did you mean EMULATOR_DB?',
    'EMULATOR_DRIFT_RATE_PERCENT is not a setting and is ignored: did you mean EMULATOR_DRIFT_RATE?'
  ], 'a real name with more after it: the longest real name it begins with')
  t.equal(describeVariable('EMULATOR_DRIFT_RATE'), 'EMULATOR_DRIFT_RATE (--drift-rate)')
})

t.test('the settings without the prefix, written with it: pointed at PORT, HOST, LOG_LEVEL and LOG_FORMAT', async (t) => {
  t.same(unknownVariableWarnings({ EMULATOR_PORT: '4001', EMULATOR_HOST: '0.0.0.0', EMULATOR_LOGLEVEL: 'debug', EMULATOR_LOG_FORMAT: 'json' }), [
    'EMULATOR_HOST is not a setting and is ignored: did you mean HOST? (it has no EMULATOR_ prefix)',
    'EMULATOR_LOGLEVEL is not a setting and is ignored: did you mean LOG_LEVEL? (it has no EMULATOR_ prefix)',
    'EMULATOR_LOG_FORMAT is not a setting and is ignored: did you mean LOG_FORMAT? (it has no EMULATOR_ prefix)',
    'EMULATOR_PORT is not a setting and is ignored: did you mean PORT? (it has no EMULATOR_ prefix)'
  ])
  t.same(unknownVariableWarnings({ EMULATOR_SEEDS: '1' }), ['EMULATOR_SEEDS is not a setting and is ignored: did you mean EMULATOR_SEED?'], 'prefixed settings are still found first')
})

t.test('in-process options are named by their option key', async (t) => {
  t.throws(() => resolveConfig({ driftRate: 2 }), new ConfigError('Invalid configuration: driftRate must be <= 1 (got 2)'))
})

t.test('the one-line messages', async (t) => {
  const settings = { port: 4000, host: '127.0.0.1', dbPath: '/missing/folder/x.db' }
  t.equal(startupErrorLine(Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE' }), settings),
    'port 4000 on 127.0.0.1 is already in use: stop what holds it, or set PORT (--port) to another port (PORT=0 picks a free one)')
  t.equal(startupErrorLine(new TypeError('Cannot open database because the directory does not exist'), settings),
    'cannot open EMULATOR_DB (--db) /missing/folder/x.db: the folder /missing/folder does not exist: create it, or point EMULATOR_DB (--db) elsewhere')
  t.equal(startupErrorLine(new Error('something else'), settings), null, 'the unforeseen is printed whole')
})

t.test('a HOST that is not an address of this machine: one line saying so and what to use', async (t) => {
  const failed = await runProcess('src/server.ts', [], { HOST: '999.1.1.1', PORT: '0' })
  t.equal(failed.code, 1)
  t.same(failed.stderr.trim().split('\n'), [
    'drawing-api-emulator: cannot listen on 999.1.1.1: HOST (--host) is not an address of this machine, nor a name that resolves to one; set it to 127.0.0.1 (this machine only), 0.0.0.0 (every interface, e.g. in a container) or one of this machine\'s addresses'
  ], 'no getaddrinfo ENOTFOUND')
})

t.test('a real start on a busy port, and with a misspelt variable', async (t) => {
  const busy = createServer()
  await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve))
  t.teardown(() => busy.close())
  const port = String((busy.address() as { port: number }).port)
  const failed = await runProcess('src/server.ts', [], { PORT: port, EMULATOR_DRFIT: 'on' })
  t.equal(failed.code, 1)
  t.same(failed.stderr.trim().split('\n'), [
    'drawing-api-emulator: EMULATOR_DRFIT is not a setting and is ignored: did you mean EMULATOR_DRIFT?',
    `drawing-api-emulator: port ${port} on 127.0.0.1 is already in use: stop what holds it, or set PORT (--port) to another port (PORT=0 picks a free one)`
  ], 'two lines, no stack trace')
})
