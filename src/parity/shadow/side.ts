// The shadow side: an in-process emulator started from an import of the target's workspace (read with the
// client's key, the only requests the shadow adds to the target) or from a fixture set, with what comparing
// its answers needs: the operation finder, parity's comparer and the key book.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BUNDLED_FIXTURE_SETS, type ShadowSource } from '../../index.js'
import { createClient } from '../client.js'
import { createComparer, type Comparer } from '../compare/index.js'
import { responseSchemas } from '../compare/shape.js'
import { readWorkspace, type ImportedWorkspace } from '../import/reader.js'
import { writeFixtureSet } from '../import/writer.js'
import { startLocal, type LocalEmulator } from '../local.js'
import { KeyRefused, type Answer } from '../types.js'
import { createKeyBook, type KeyBook } from './keys.js'
import { createOperationFinder, type OperationFinder } from './operations.js'

export interface ShadowSide {
  local: LocalEmulator
  finder: OperationFinder
  comparer: Comparer
  keys: KeyBook
  /** The fixture set it started from (a recording copies it). */
  fixturesDir: string
  reads: 'value' | 'shape'
  close (): Promise<void>
}

export interface SideSettings {
  env: NodeJS.ProcessEnv
  /** The report the shadow side's /_emulator/shadow and demo page show (none when replaying a recording). */
  source?: ShadowSource
  /** --drift-profile: the shadow side answers in the shape it learned. */
  driftProfile?: string
}

/** Starts the shadow side on a fixture set; `reads`: how reads of the workspace's contents compare. */
export async function startSide (fixturesDir: string, reads: 'value' | 'shape', settings: SideSettings, cleanup: () => void = () => {}): Promise<ShadowSide> {
  const adminToken = settings.env.EMULATOR_ADMIN_TOKEN === undefined || settings.env.EMULATOR_ADMIN_TOKEN === '' ? undefined : settings.env.EMULATOR_ADMIN_TOKEN
  const local = await startLocal({ ...settings.env, EMULATOR_FIXTURES: fixturesDir }, {
    shadow: settings.source, adminToken, driftProfile: settings.driftProfile
  })
  return {
    local,
    reads,
    finder: createOperationFinder(local.document, reads),
    comparer: createComparer(responseSchemas(local.document)),
    keys: createKeyBook(local),
    fixturesDir,
    async close () {
      await local.close()
      cleanup()
    }
  }
}

/**
 * A fixture set of the user's (--fixtures): reads compare by shape, since it need not hold what the target holds.
 * A bundled set's name (`minimal`) is that set's folder, as EMULATOR_FIXTURES reads it, so --record copies the set.
 */
export async function sideFromFixtures (dir: string, settings: SideSettings): Promise<ShadowSide> {
  return await startSide(Object.hasOwn(BUNDLED_FIXTURE_SETS, dir) ? BUNDLED_FIXTURE_SETS[dir] : dir, 'shape', settings)
}

const answer = (status: number, body: unknown = null): Answer => ({ status, headers: {}, body, json: body !== null })

/** The import's answers as the key profile reads them: what the key could list and what it was refused. */
export function importObservations (data: ImportedWorkspace): Array<{ route: string, answer: Answer }> {
  // What the import could not read answered 403 or 404 (a beta without the route): the profile reads each as it was.
  const listed = (items: unknown[] | null, status = 403) => items === null ? answer(status) : answer(200, { data: items })
  return [
    { route: 'GET /workspaces', answer: answer(200, data.workspace) },
    { route: 'GET /collections', answer: listed(data.collections) },
    { route: 'GET /workspaces/users', answer: listed(data.users, data.unread.users) },
    { route: 'GET /workspaces/invites', answer: listed(data.invites, data.unread.invites) },
    { route: 'GET /logs', answer: data.logs === null ? answer(data.unread.logs ?? 403) : answer(200, { logs: data.logs }) }
  ]
}

export interface ImportedSide { side: ShadowSide, requests: number }

/** Imports the target's workspace with `key` into a temporary fixture set and starts the shadow side on it. */
export async function sideFromImport (target: string, key: string, settings: SideSettings): Promise<ImportedSide> {
  const client = createClient({ baseUrl: target, key })
  const work = mkdtempSync(join(tmpdir(), 'drawing-api-shadow-'))
  const remove = () => rmSync(work, { recursive: true, force: true })
  try {
    const data = await readWorkspace(client, () => {})
    const written = await writeFixtureSet(join(work, 'fixtures'), data, key)
    const side = await startSide(written.dir, 'value', settings, remove)
    for (const { route, answer } of importObservations(data)) side.keys.observe(key, route, answer)
    return { side, requests: client.requests() }
  } catch (error) {
    remove()
    throw Object.assign(error as Error, { importRequests: client.requests(), retry: error instanceof KeyRefused })
  }
}
