// The emulator side of a run: a fresh in-process emulator (the package's own startEmulator), its OpenAPI
// document, and API keys minted through its admin API to match the target key. Reached over HTTP like any client.
import { buildApp, loadConfig, startEmulator, type CreateKeyOptions, type EmulatorOptions, type RunningEmulator } from '../index.js'
import type { KeyProfile } from './profile.js'
import { RunError } from './types.js'

export interface LocalEmulator {
  readonly running: RunningEmulator
  /** The emulator's own OpenAPI document (`/docs/json`): what it would answer. */
  readonly document: unknown
  /** A key of the first fixture workspace with the profile's kind, permission and role (and routes, if given). */
  mintKey (profile: KeyProfile, routes?: readonly string[]): Promise<string>
  close (): Promise<void>
}

/**
 * The settings a user may give the local side through the usual variables (a compatibility switch to check
 * against the service, custom fixtures such as an import's, a drift profile as `--drift-profile` gives it);
 * everything that would perturb it at random (drift rates, faults, latency, a database file) stays off.
 */
function localSettings (env: NodeJS.ProcessEnv) {
  try {
    const { compat, rateLimit, fixturesDir, mcpResponse, mcpPageSize, mcpToolset, bodyLimit, driftProfile } = loadConfig(env)
    return { compat, rateLimit, fixturesDir, mcpResponse, mcpPageSize, mcpToolset, bodyLimit, driftProfile }
  } catch (error) {
    throw new RunError((error as Error).message)
  }
}

/**
 * The drift profile of a command's in-process emulator: `--drift-profile`, else `EMULATOR_DRIFT_PROFILE`, as the
 * emulator itself reads the two (one setting, one meaning in every command).
 */
export function driftProfileOf (flag: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
  return flag ?? localSettings(env).driftProfile
}

/** Mints a key through the harness helpers (in process, with the admin token when one is set). */
async function mint (running: RunningEmulator, options: CreateKeyOptions): Promise<string> {
  try {
    return (await running.createKey(options)).key
  } catch (error) {
    throw new RunError(`the local emulator refused to mint a key: ${(error as Error).message}`)
  }
}

/** The id of the fixture workspace's first admin or member, read with a throwaway full key. */
async function userWithRole (running: RunningEmulator, role: 'admin' | 'member'): Promise<string> {
  const key = await mint(running, { workspaceId: running.workspace.id, kind: 'workspace', permission: 'full', label: 'parity setup' })
  const response = await fetch(`${running.apiUrl}/workspaces/users?limit=100`, { headers: { authorization: `Bearer ${key}` } })
  const users = ((await response.json()) as { data?: Array<{ id: string, role: string }> }).data ?? []
  // A fixture set without a member: the admin stands in, and the refusals a member gets show as differences.
  const user = users.find((u) => u.role === role) ?? users.find((u) => u.role === 'admin')
  if (user === undefined) throw new RunError('the local emulator\'s first workspace has no users to hold a personal key')
  return user.id
}

/**
 * `extra`: what the shadow proxy adds (its report source, the admin token of the port it serves the admin API on),
 * and `driftProfile` (`--drift-profile`, before `EMULATOR_DRIFT_PROFILE`), the one perturbation a user may ask of
 * this side, to see how much of a target's drift a profile covers.
 */
export async function startLocal (
  env: NodeJS.ProcessEnv = process.env,
  extra: Pick<EmulatorOptions, 'shadow' | 'adminToken' | 'driftProfile'> = {}
): Promise<LocalEmulator> {
  const settings = localSettings(env)
  const running = await startEmulator({
    ...settings,
    ...extra,
    driftProfile: extra.driftProfile ?? settings.driftProfile,
    port: 0,
    host: '127.0.0.1',
    logLevel: 'silent',
    renderer: false,
    journalSize: 0
  }).catch((error: unknown) => {
    // A profile that cannot be read or does not fit is the user's to fix: one line, exit 2.
    throw (error as Error).name === 'ConfigError' ? new RunError((error as Error).message) : error
  })
  const document = await (await fetch(`${running.url}/docs/json`)).json()
  return {
    running,
    document,
    async mintKey (profile, routes) {
      const userId = profile.kind === 'personal' ? await userWithRole(running, profile.role) : undefined
      return await mint(running, {
        workspaceId: running.workspace.id,
        kind: profile.kind,
        permission: profile.permission,
        ...(userId === undefined ? {} : { userId }),
        ...(routes === undefined ? {} : { routes: [...routes] }),
        label: 'parity'
      })
    },
    async close () {
      // The only client is this run: a request a signal cut may leave its connection busy, and a busy keep-alive
      // connection holds close() for Fastify's keepAliveTimeout (72 s). Nothing of ours is still waiting: cut them.
      const closing = running.close()
      running.app.server.closeAllConnections()
      await closing
    }
  }
}

/**
 * Checks a drift profile as an emulator's start-up does (readable, a profile, fitting this emulator's operations)
 * without starting one: for a side that starts later (the shadow's, at the first client request), a profile that
 * does not fit must still stop the command at once.
 */
export async function checkDriftProfile (file: string): Promise<void> {
  let app: Awaited<ReturnType<typeof buildApp>> | undefined
  try {
    app = await buildApp({ config: { driftProfile: file, logLevel: 'silent', renderer: false, journalSize: 0 } })
    await app.ready()
  } catch (error) {
    throw (error as Error).name === 'ConfigError' ? new RunError((error as Error).message) : error
  } finally {
    await app?.close()
  }
}
