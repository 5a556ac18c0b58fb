// The typed helpers for keys, workspace resets and the clock, the journal entry's fault and mcp fields, and demo keys
// typed `string`: against a running emulator, and their types checked both ways against the server's own schemas.
import t from 'tap'
import { startEmulator, type AdminKey, type ClockState, type CreatedKey, type CreateKeyOptions, type JournaledRequest, type WorkspaceReset } from '../src/index.js'
import type { AdminKey as ServerKey, ClockState as ServerClock, CreatedKey as ServerCreatedKey, CreateKeyBody, WorkspaceReset as ServerReset } from '../src/schemas/admin.js'
import type { JournalEntry } from '../src/schemas/journal.js'
import { MINIMAL_FIXTURES } from '../src/config/index.js'

// Both ways: what the server answers is what the helpers promise, and nothing more or less.
export const typeChecks = {
  request: (answer: JournalEntry): JournaledRequest => answer,
  requestBack: (promised: JournaledRequest): JournalEntry => promised,
  clock: (answer: ServerClock): ClockState => answer,
  clockBack: (promised: ClockState): ServerClock => promised,
  key: (answer: ServerKey): AdminKey => answer,
  keyBack: (promised: AdminKey): ServerKey => promised,
  created: (answer: ServerCreatedKey): CreatedKey => answer,
  createdBack: (promised: CreatedKey): ServerCreatedKey => promised,
  reset: (answer: ServerReset): WorkspaceReset => answer,
  createKey: (input: CreateKeyOptions): CreateKeyBody => input,
  fullKey: (emulatorKeys: { full: string }): string => emulatorKeys.full
}

const emulator = await startEmulator({ fixturesDir: MINIMAL_FIXTURES, rateLimit: 0, adminToken: 'helpers-token' })
t.teardown(() => emulator.close())
const collections = async (key: string) => (await fetch(`${emulator.apiUrl}/collections`, { headers: { authorization: `Bearer ${key}` } })).status

t.test('demo keys are strings; one the fixtures lack throws, naming it', async (t) => {
  t.same({ ...emulator.keys }, { full: 'sk-test-full', read: 'sk-test-read', personal: 'uk-test-admin' })
  const { mkdtempSync, cpSync, writeFileSync, rmSync } = await import('node:fs')
  const { join } = await import('node:path')
  const { tmpdir } = await import('node:os')
  const dir = mkdtempSync(join(tmpdir(), 'emulator-keys-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  cpSync(MINIMAL_FIXTURES, dir, { recursive: true })
  writeFileSync(join(dir, 'main', 'keys.json'), JSON.stringify([{ id: 'key_only_read', secret: 'sk-only-read', kind: 'workspace', permission: 'read' }]))
  const readOnly = await startEmulator({ fixturesDir: dir })
  t.teardown(() => readOnly.close())
  t.equal(readOnly.keys.read, 'sk-only-read')
  t.throws(() => readOnly.keys.full, new Error('keys.full: the fixture workspace "Test Workspace" has no usable full workspace key (unrevoked, unexpired, without routes); add one to its keys.json, or make keys with createWorkspace() or createKey()'))
  t.same(Object.keys(readOnly.keys), ['read'], 'only the keys it has are listed')
})

t.test('createKey, listKeys, revokeKey', async (t) => {
  const { workspace, users } = await emulator.createWorkspace({ fixtures: 'empty' })
  const created = await emulator.createKey({ workspaceId: workspace.id, kind: 'personal', permission: 'read', userId: users[0].id, label: 'a reader' })
  t.match(created, { workspaceId: workspace.id, kind: 'personal', permission: 'read', userId: users[0].id, label: 'a reader', revokedAt: null })
  t.match(created.key, /^uk-/)
  t.equal(await collections(created.key), 200, 'the new key works')
  const listed = await emulator.listKeys(workspace.id)
  t.same(listed.find((key) => key.id === created.id), (({ key: _secret, ...rest }) => rest)(created), 'listed without its secret')
  const revoked = await emulator.revokeKey(created.id)
  t.equal(revoked.id, created.id)
  t.type(revoked.revokedAt, 'string')
  t.equal(await collections(created.key), 401, 'a revoked key answers 401')
})

t.test('resetWorkspace and deleteWorkspace', async (t) => {
  const { workspace, keys } = await emulator.createWorkspace({ fixtures: 'empty' })
  const created = await fetch(`${emulator.apiUrl}/collections`, {
    method: 'POST', headers: { 'authorization': `Bearer ${keys.full}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Temporary' })
  })
  t.equal(created.status, 200)
  t.same(await emulator.resetWorkspace(workspace.id), { workspace, restoredFrom: 'creation' })
  const names = (await (await fetch(`${emulator.apiUrl}/collections`, { headers: { authorization: `Bearer ${keys.full}` } })).json()) as { data: Array<{ name: string }> }
  t.notOk(names.data.some((c) => c.name === 'Temporary'), 'back to its state at creation')
  await emulator.deleteWorkspace(workspace.id)
  t.equal(await collections(keys.full), 401, 'its keys are gone with it')
  await t.rejects(emulator.resetWorkspace('wsNoSuchOne'), { name: 'HarnessError', statusCode: 404 })
})

t.test('the clock: set, advance (which freezes it), back to real time', async (t) => {
  const set = await emulator.setClock(new Date('2030-01-02T03:04:05.000Z'))
  t.same(set, { now: '2030-01-02T03:04:05.000Z', epochMs: Date.parse('2030-01-02T03:04:05.000Z'), virtual: true })
  t.same(await emulator.advanceClock(60_000), { now: '2030-01-02T03:05:05.000Z', epochMs: Date.parse('2030-01-02T03:05:05.000Z'), virtual: true })
  await new Promise((resolve) => setTimeout(resolve, 20))
  t.equal((await emulator.clock()).now, '2030-01-02T03:05:05.000Z', 'frozen: no time passes on its own')
  const real = await emulator.useRealTime()
  t.equal(real.virtual, false)
  t.ok(Math.abs(real.epochMs - Date.now()) < 5_000)
  const advanced = await emulator.advanceClock(3_600_000)
  t.equal(advanced.virtual, true, 'advancing a real clock freezes it')
  t.ok(Math.abs(advanced.epochMs - (Date.now() + 3_600_000)) < 5_000)
  t.same((await emulator.setClock(1_900_000_000_000)).epochMs, 1_900_000_000_000, 'epoch ms too')
  await emulator.useRealTime()
})

t.test('journal entries carry fault and mcp', async (t) => {
  await emulator.setFaults({ rules: [{ method: 'GET', path: '/collections', fault: 503, count: 1 }] })
  t.equal(await collections('sk-test-full'), 503)
  const [faulted] = await emulator.requests({ path: '/collections', limit: 1 })
  t.same(faulted.fault, { kind: 503, phase: 'before', source: 'rule', rule: 0, delayMs: null })
  t.equal(faulted.mcp, null)
  await fetch(`${emulator.apiUrl}/mcp`, {
    method: 'POST',
    headers: { 'authorization': 'Bearer sk-test-full', 'content-type': 'application/json', 'accept': 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_collections', arguments: {} } })
  })
  const [mcp] = await emulator.requests({ path: '/mcp', limit: 1 })
  t.same(mcp.mcp, { method: 'tools/call', tool: 'list_collections' })
  t.equal(mcp.fault, null)
  await emulator.setFaults({})
})
