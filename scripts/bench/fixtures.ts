// The benchmark's fixture set: one workspace with 20 collections and one full key, as the peer benchmark
// (../shared/bench) writes it, so `GET /api/v1/collections?limit=20` answers a 20-item page.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export const BENCH_KEY = 'sk-bench-collections'
const WORKSPACE_ID = 'wK3pQ9xZ2mA'
const USERS = ['usrBenchAdmin0000001', 'usrBenchMember000002', 'usrBenchMember000003']

function collection (i: number) {
  const created = new Date(Date.UTC(2025, 0, 6, 9, 30) + i * 3 * 86_400_000)
  return {
    id: `col${String(i).padStart(8, '0')}`,
    isDefault: i === 0,
    creator: i % 7 === 6 ? null : USERS[i % USERS.length],
    updater: i % 4 === 3 ? null : USERS[(i + 1) % USERS.length],
    teams: i % 5 === 4 ? null : [`tm${String(i).padStart(8, '0')}`],
    created: created.toISOString(),
    sortOrder: i === 0 ? null : `a${i.toString(36)}`,
    name: i === 0 ? 'Default collection' : `Collection ${String(i + 1).padStart(2, '0')}`,
    updated: i % 6 === 5 ? null : new Date(created.getTime() + 86_400_000).toISOString(),
    isDeleted: false,
    // Some non-ASCII, as real names have: the journal then cuts on character boundaries.
    emoji: i % 3 === 0 ? { id: 'rocket', native: '\u{1F680}', unified: '1f680' } : null
  }
}

function writeJson (file: string, value: unknown): void {
  writeFileSync(file, JSON.stringify(value, null, 2) + '\n')
}

/** Writes the set under `dir` and returns the fixture folder to pass as EMULATOR_FIXTURES. */
export function writeBenchFixtures (dir: string): string {
  const workspace = join(dir, 'bench')
  mkdirSync(workspace, { recursive: true })
  writeJson(join(workspace, 'workspace.json'), {
    id: WORKSPACE_ID, name: 'Bench workspace', created: '2025-01-01T00:00:00.000Z', picture: null,
    subscriptionStatus: 'active', creator: USERS[0], updater: null, willCancelAt: null
  })
  writeJson(join(workspace, 'users.json'), USERS.map((id, i) => ({
    created: '2025-01-01T00:00:00.000Z', uid: `uid-${id}`, id, picture: null, email: `user${i}@bench.example`,
    name: `User ${i}`, updated: null, workspaceTeams: {}, lastActive: null, role: i === 0 ? 'admin' : 'member'
  })))
  writeJson(join(workspace, 'keys.json'), [{ id: 'key_bench', secret: BENCH_KEY, kind: 'workspace', permission: 'full' }])
  writeJson(join(workspace, 'collections.json'), Array.from({ length: 20 }, (_, i) => collection(i)))
  return dir
}
