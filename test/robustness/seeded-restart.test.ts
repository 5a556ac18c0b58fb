// With EMULATOR_SEED and a file EMULATOR_DB, creates after a restart once minted ids that existed and
// answered 500. The seeded stream now continues from what the database holds; a reset still replays a fresh start.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { startEmulator, type RunningEmulator } from '../../src/index.js'
import { createIdFactory } from '../../src/lib/ids.js'

async function createCollection (emulator: RunningEmulator, name: string): Promise<{ status: number, id: string }> {
  const res = await fetch(`${emulator.apiUrl}/collections`, {
    method: 'POST',
    headers: { 'authorization': `Bearer ${emulator.keys.full}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name })
  })
  const body = await res.json() as { id: string }
  return { status: res.status, id: body.id }
}

t.test('continueFrom: a different stream per state, the same for the same state, reset goes back', async (t) => {
  const fresh = createIdFactory(7).shortId()
  const a = createIdFactory(7)
  a.continueFrom('state-1')
  const first = a.shortId()
  t.not(first, fresh)
  const b = createIdFactory(7)
  b.continueFrom('state-1')
  t.equal(b.shortId(), first, 'deterministic for one database state')
  a.reset()
  t.equal(a.shortId(), fresh, 'reset replays a fresh start')
})

t.test('three runs on one seeded file database: every create answers 200 with a new id', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'emulator-restart-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const settings = { seed: 7, dbPath: join(dir, 'emulator.db') }
  const ids: string[] = []
  for (let run = 1; run <= 3; run++) {
    const emulator = await startEmulator(settings)
    for (let i = 0; i < 3; i++) {
      const created = await createCollection(emulator, `Run ${run} #${i}`)
      t.equal(created.status, 200, `run ${run}, create ${i}`)
      ids.push(created.id)
    }
    await emulator.close()
  }
  t.equal(new Set(ids).size, 9, 'no id was minted twice')
  const again = await startEmulator(settings)
  t.teardown(() => again.close())
  const listed = await fetch(`${again.apiUrl}/collections?limit=100`, { headers: { authorization: `Bearer ${again.keys.full}` } })
  const names = ((await listed.json()) as { data: Array<{ name: string }> }).data.map((c) => c.name)
  t.equal(names.filter((name) => name.startsWith('Run ')).length, 9, 'all nine survived the restarts')
})
