// Durability: eight concurrent writers on a file database, `kill -9` in the middle of their writes, then an
// integrity check and a restart: every write the emulator acknowledged is there, none was lost to another writer.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import t from 'tap'
import { startProcess, stopProcess, type Running } from '../processes.js'
import { rect } from '../content/element-builders.js'

const WRITERS = 8
const SCENE = 'vIu60jkDSjW'
const headers = { 'authorization': 'Bearer sk-demo-full', 'content-type': 'application/json' }

/** One writer: alternately creates a collection and adds one element to the shared scene, until the server dies. */
async function writer (running: Running, index: number, acknowledged: { collections: string[], elements: string[] }): Promise<void> {
  for (let i = 0; ; i++) {
    try {
      const created = await fetch(`${running.url}/api/v1/collections`, { method: 'POST', headers, body: JSON.stringify({ name: `w${index}-${i}` }) })
      if (created.status === 200) acknowledged.collections.push(((await created.json()) as { id: string }).id)
      const elementId = `w${index}e${i}`.padEnd(21, 'x')
      const element = rect(elementId, { x: i, y: index, versionNonce: i + 1 })
      const patched = await fetch(`${running.url}/api/v1/scenes/${SCENE}/content`, { method: 'PATCH', headers, body: JSON.stringify({ elements: [element] }) })
      if (patched.status === 200) acknowledged.elements.push(elementId)
      else await patched.text()
    } catch {
      return // the process is gone
    }
  }
}

t.test('kill -9 during concurrent writes loses no acknowledged write and leaves a sound database', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'emulator-durability-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const env = { EMULATOR_DB: join(dir, 'emulator.db'), EMULATOR_RATE_LIMIT: '0' }
  const first = await startProcess('src/server.ts', [], env)
  const acknowledged = { collections: [] as string[], elements: [] as string[] }
  const writers = Array.from({ length: WRITERS }, (_, i) => writer(first, i, acknowledged))
  await new Promise((resolve) => setTimeout(resolve, 1500))
  first.child.kill('SIGKILL')
  await Promise.all(writers)
  t.ok(acknowledged.collections.length > WRITERS && acknowledged.elements.length > WRITERS, `writes happened (${acknowledged.collections.length} collections, ${acknowledged.elements.length} elements)`)

  const db = new Database(env.EMULATOR_DB)
  t.equal(db.pragma('integrity_check', { simple: true }), 'ok', 'SQLite integrity check')
  db.close()

  const second = await startProcess('src/server.ts', [], env)
  t.teardown(() => stopProcess(second.child))
  const listed = await fetch(`${second.url}/api/v1/collections?limit=100&offset=0`, { headers })
  t.equal(listed.status, 200)
  for (const id of acknowledged.collections) {
    const res = await fetch(`${second.url}/api/v1/collections/${id}`, { headers })
    if (res.status !== 200) t.fail(`acknowledged collection ${id} is missing (${res.status})`)
    else await res.text()
  }
  const content = (await (await fetch(`${second.url}/api/v1/scenes/${SCENE}/content`, { headers })).json()) as { elements: Array<{ id: string }> }
  const stored = new Set(content.elements.map((element) => element.id))
  const lost = acknowledged.elements.filter((id) => !stored.has(id))
  t.same(lost, [], 'every acknowledged element survived: no lost update among concurrent PATCHes, none lost to the kill')
})
