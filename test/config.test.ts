// loadConfig: defaults, every variable, and one clear line for each kind of bad value.
import t from 'tap'
import { BUNDLED_FIXTURES, ConfigError, DEFAULT_BODY_LIMIT, loadConfig } from '../src/config.js'

t.test('defaults', async (t) => {
  t.same(loadConfig({}), {
    port: 4000, host: '127.0.0.1', dbPath: ':memory:', fixturesDir: BUNDLED_FIXTURES, logLevel: 'info', bodyLimit: DEFAULT_BODY_LIMIT
  })
  t.ok(Object.isFrozen(loadConfig({})))
})

t.test('every variable', async (t) => {
  const config = loadConfig({
    PORT: '0', HOST: '0.0.0.0', EMULATOR_DB: './x.sqlite', EMULATOR_FIXTURES: '/fx', EMULATOR_SEED: '7',
    EMULATOR_ADMIN_TOKEN: 'tok', LOG_LEVEL: 'silent', EMULATOR_BODY_LIMIT: '4096', EMULATOR_CLOCK: '2026-01-01T00:00:00Z'
  })
  t.same(config, {
    port: 0, host: '0.0.0.0', dbPath: './x.sqlite', fixturesDir: '/fx', seed: 7, adminToken: 'tok', logLevel: 'silent',
    bodyLimit: 4096, clockStart: Date.parse('2026-01-01T00:00:00Z')
  })
})

t.test('bad values fail with one clear line', async (t) => {
  const cases: Array<[Record<string, string>, string]> = [
    [{ PORT: 'http' }, 'Invalid configuration: PORT must be an integer (got "http")'],
    [{ PORT: '70000' }, 'Invalid configuration: port must be <= 65535 (got 70000)'],
    [{ EMULATOR_SEED: '1.5' }, 'Invalid configuration: EMULATOR_SEED must be an integer (got "1.5")'],
    [{ LOG_LEVEL: 'loud' }, 'Invalid configuration: logLevel must be equal to one of the allowed values (got "loud")'],
    [{ EMULATOR_BODY_LIMIT: '10' }, 'Invalid configuration: bodyLimit must be >= 1024 (got 10)'],
    [{ EMULATOR_CLOCK: 'yesterday' }, 'Invalid configuration: EMULATOR_CLOCK must be an ISO date or epoch milliseconds (got "yesterday")']
  ]
  for (const [env, message] of cases) {
    t.throws(() => loadConfig(env), new ConfigError(message), JSON.stringify(env))
  }
})
