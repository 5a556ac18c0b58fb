// The emulator side of a run: a fresh in-process emulator (the package's own startEmulator), its OpenAPI
// document, and API keys minted through its admin API to match the target key. Reached over HTTP like any client.
import { loadConfig, startEmulator, type RunningEmulator } from '../index.js'
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
 * against the service, custom fixtures such as an import's); everything that would perturb it (drift, faults,
 * latency, a database file) stays off.
 */
function localSettings (env: NodeJS.ProcessEnv) {
  try {
    const { compat, rateLimit, fixturesDir, mcpResponse, mcpPageSize, mcpToolset, bodyLimit } = loadConfig(env)
    return { compat, rateLimit, fixturesDir, mcpResponse, mcpPageSize, mcpToolset, bodyLimit }
  } catch (error) {
    throw new RunError((error as Error).message)
  }
}

async function adminPost<T> (running: RunningEmulator, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${running.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const answer = await response.json() as T
  if (!response.ok) throw new RunError(`the local emulator refused ${path}: ${JSON.stringify(answer)}`)
  return answer
}

/** The id of the fixture workspace's first admin or member, read with a throwaway full key. */
async function userWithRole (running: RunningEmulator, role: 'admin' | 'member'): Promise<string> {
  const minted = await adminPost<{ key: string }>(running, '/_emulator/keys', { workspaceId: running.workspace.id, kind: 'workspace', permission: 'full', label: 'parity setup' })
  const response = await fetch(`${running.apiUrl}/workspaces/users?limit=100`, { headers: { authorization: `Bearer ${minted.key}` } })
  const users = ((await response.json()) as { data?: Array<{ id: string, role: string }> }).data ?? []
  // A fixture set without a member: the admin stands in, and the refusals a member gets show as differences.
  const user = users.find((u) => u.role === role) ?? users.find((u) => u.role === 'admin')
  if (user === undefined) throw new RunError('the local emulator\'s first workspace has no users to hold a personal key')
  return user.id
}

export async function startLocal (env: NodeJS.ProcessEnv = process.env): Promise<LocalEmulator> {
  const running = await startEmulator({
    ...localSettings(env),
    port: 0,
    host: '127.0.0.1',
    logLevel: 'silent',
    renderer: false,
    journalSize: 0
  })
  const document = await (await fetch(`${running.url}/docs/json`)).json()
  return {
    running,
    document,
    async mintKey (profile, routes) {
      const userId = profile.kind === 'personal' ? await userWithRole(running, profile.role) : undefined
      const minted = await adminPost<{ key: string }>(running, '/_emulator/keys', {
        workspaceId: running.workspace.id,
        kind: profile.kind,
        permission: profile.permission,
        ...(userId === undefined ? {} : { userId }),
        ...(routes === undefined ? {} : { routes }),
        label: 'parity'
      })
      return minted.key
    },
    close: () => running.close()
  }
}
