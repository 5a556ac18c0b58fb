// A listening emulator: the one place that calls listen(), shared by the process entry (server.ts) and by
// in-process use from a test suite (index.ts exports startEmulator).
import type { FastifyInstance } from 'fastify'
import { buildApp } from './app.js'
import { resolveConfig, type Config } from './config/index.js'
import { usableKeys, type FixtureKey } from './harness/fixtures.js'
import { createHarnessHelpers } from './harness-client.js'
import type { BuildOptions, DemoKeys, EmulatorOptions, RunningEmulator } from './emulator-types.js'

export type { DemoKeys, EmulatorOptions, RunningEmulator } from './emulator-types.js'

/** What listenEmulator answers: the public RunningEmulator, its app typed as the Fastify instance it is. */
export type ListeningEmulator = RunningEmulator & { app: FastifyInstance }

const KEY_KINDS: Record<keyof DemoKeys, string> = {
  full: 'full workspace key', read: 'read-only workspace key', personal: 'full personal key of an admin'
}

function pickKeys (keys: FixtureKey[], now: number, admins: Set<string>, workspace: string): DemoKeys {
  const usable = usableKeys(keys, now)
  const found: Record<keyof DemoKeys, string | undefined> = {
    full: usable.find((k) => k.kind === 'workspace' && k.permission === 'full')?.secret,
    read: usable.find((k) => k.kind === 'workspace' && k.permission === 'read')?.secret,
    personal: usable.find((k) => k.kind === 'personal' && k.permission === 'full' && admins.has(k.user ?? ''))?.secret
  }
  const keyOf = (name: keyof DemoKeys) => () => found[name] ?? failNoKey(name, workspace)
  return Object.defineProperties({}, Object.fromEntries((Object.keys(KEY_KINDS) as Array<keyof DemoKeys>)
    .map((name) => [name, { get: keyOf(name), enumerable: found[name] !== undefined }]))) as DemoKeys
}

function failNoKey (name: keyof DemoKeys, workspace: string): never {
  throw new Error(`keys.${name}: the fixture workspace "${workspace}" has no usable ${KEY_KINDS[name]} (unrevoked, unexpired, without routes); add one to its keys.json, or make keys with createWorkspace() or createKey()`)
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1'])

/** One line when anyone on the network could reset the emulator or mint keys through the open admin API. */
function warnIfExposed (app: FastifyInstance, config: Config): void {
  if (LOOPBACK_HOSTS.has(config.host) || config.adminToken !== undefined) return
  app.log.warn(`listening on ${config.host} beyond loopback without EMULATOR_ADMIN_TOKEN: anyone who reaches this port can use the admin API (/_emulator); set a token unless the network is yours alone`)
}

/** Builds the app from complete settings and starts listening; close() stops it and closes the database. */
export async function listenEmulator (config: Config, build: Pick<BuildOptions, 'clock' | 'ids' | 'shadow'> = {}): Promise<ListeningEmulator> {
  const app = await buildApp(config, build)
  try {
    await app.listen({ port: config.port, host: config.host })
  } catch (error) {
    await app.close()
    throw error
  }
  warnIfExposed(app, config)
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  const host = config.host.includes(':') ? `[${config.host}]` : config.host
  const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`
  const first = app.fixtures.workspaces[0]
  const admins = new Set(first.users.filter((u) => u.role === 'admin').map((u) => u.id))
  return {
    url,
    apiUrl: `${url}/api/v1`,
    keys: pickKeys(first.keys, app.clock.now(), admins, first.workspace.name),
    workspace: { id: first.workspace.id, name: first.workspace.name },
    app,
    close: () => app.close(),
    ...createHarnessHelpers(app, config.adminToken)
  }
}

/**
 * Starts an emulator inside a Node process (a test suite's setup), on a random free port by default.
 * @example const emulator = await startEmulator(); … fetch(`${emulator.apiUrl}/scenes`, …); await emulator.close()
 */
export async function startEmulator (options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const { clock, ids, shadow, ...settings } = options
  return listenEmulator(resolveConfig({ port: 0, logLevel: 'silent', ...settings }), { clock, ids, shadow })
}
