// The typed admin helpers on RunningEmulator, against a running emulator, and their types checked
// against the server's own schemas (a schema change that breaks a helper's promise fails the type-check).
import t from 'tap'
import { HarnessError, startEmulator, type FaultSettingsInput, type DriftSettingsInput, type ProvisionedWorkspace, type Snapshot } from '../src/index.js'
import type { ProvisionedWorkspace as ServerWorkspace, SnapshotSummary } from '../src/schemas/admin.js'
import type { PutFaultsBody } from '../src/schemas/faults.js'
import type { PutDriftBody } from '../src/schemas/drift.js'
import type { AcceptedInvite } from '../src/schemas/admin.js'
import type { HarnessHelpers } from '../src/index.js'

// What the server answers satisfies what the helpers promise; what the helpers accept the server accepts. (The
// journal entry is checked both ways in harness-client-helpers.test.ts.)
export const typeChecks = {
  workspace: (answer: ServerWorkspace): ProvisionedWorkspace => answer,
  snapshot: (answer: SnapshotSummary): Snapshot => answer,
  faults: (input: FaultSettingsInput): PutFaultsBody => input,
  drift: (input: DriftSettingsInput): PutDriftBody => input,
  accepted: (answer: AcceptedInvite): Awaited<ReturnType<HarnessHelpers['acceptInvite']>> => answer
}

t.test('createWorkspace, snapshot, restore, requests, setFaults, setDrift, reset', async (t) => {
  const emulator = await startEmulator()
  t.teardown(() => emulator.close())
  const provisioned = await emulator.createWorkspace({ name: 'Isolated', fixtures: 'empty' })
  t.equal(provisioned.workspace.name, 'Isolated')
  const headers = { 'authorization': `Bearer ${provisioned.keys.full}`, 'content-type': 'application/json' }
  const list = async () => ((await (await fetch(`${emulator.apiUrl}/collections`, { headers })).json()) as { data: Array<{ name: string }> }).data.map((c) => c.name)
  const before = await list()

  const snapshot = await emulator.snapshot({ workspaceId: provisioned.workspace.id })
  t.equal(snapshot.workspaceId, provisioned.workspace.id)
  await fetch(`${emulator.apiUrl}/collections`, { method: 'POST', headers, body: JSON.stringify({ name: 'Temporary' }) })
  t.same(await list(), [...before, 'Temporary'])
  await emulator.restore(snapshot.id)
  t.same(await list(), before, 'restored')

  const journal = await emulator.requests({ method: 'POST', workspaceId: provisioned.workspace.id })
  t.equal(journal.length, 1)
  t.match(journal[0], { method: 'POST', path: '/api/v1/collections', status: 200, workspaceId: provisioned.workspace.id })

  await emulator.setFaults({ rules: [{ method: 'GET', path: '/collections', fault: 503, count: 1 }] })
  t.equal((await fetch(`${emulator.apiUrl}/collections`, { headers })).status, 503, 'the rule fires once')
  t.equal((await fetch(`${emulator.apiUrl}/collections`, { headers })).status, 200)
  await emulator.setDrift({ enabled: true, rate: 1, seed: 3 })
  const drifted = await fetch(`${emulator.apiUrl}/collections`, { headers })
  t.ok(drifted.headers.get('x-emulator-drift'), 'drift is on')
  await emulator.setDrift({ enabled: false })

  await emulator.reset()
  t.equal((await fetch(`${emulator.apiUrl}/collections`, { headers })).status, 401, 'after a reset the provisioned workspace is gone')
})

t.test('an admin error is a HarnessError with the envelope message; the admin token is sent when set', async (t) => {
  const emulator = await startEmulator({ adminToken: 'harness-secret' })
  t.teardown(() => emulator.close())
  const error = await emulator.restore('no-such-snapshot').then(() => null, (e: unknown) => e)
  t.ok(error instanceof HarnessError)
  t.equal((error as HarnessError).statusCode, 404)
  t.match((error as HarnessError).message, /^POST \/_emulator\/snapshots\/no-such-snapshot\/restore: 404 /)
  t.equal((await emulator.createWorkspace()).keys.full.startsWith('sk-'), true, 'authorised with the token')
})
