// The context's one maker (services/context.ts contextFor) and the harness reads the demo page makes through
// services/ instead of the stores: every workspace, a workspace's trash, a private scene's owner.
import t from 'tap'
import { emulatorContext } from '../../src/admin/ui/data.js'
import { contextFor, harnessCaller, type Caller } from '../../src/services/context.js'
import * as scenes from '../../src/services/scenes.js'
import * as workspaces from '../../src/services/workspaces.js'
import { KEYS, call, sharedApp } from '../helper.js'

const appOf = sharedApp(t)
const MAIN = 'wsMain00001'
const apiKey: Caller = { workspaceId: MAIN, user: null, keyId: 'key_test_full', permission: 'full', routes: null, ip: '127.0.0.1' }

t.test('contextFor: the app\'s stores, clock and ids, the caller, and the switches in force for its workspace', async (t) => {
  const app = await appOf()
  const ctx = contextFor(app, apiKey)
  t.equal(ctx.stores, app.stores)
  t.equal(ctx.clock, app.clock)
  t.equal(ctx.ids, app.ids)
  t.equal(ctx.caller, apiKey)
  t.equal(ctx.compat.pageSize, 10)
  t.equal((await call(t, app, 'PUT', '/_emulator/compat', { body: { pageSize: 5 } })).status, 200)
  t.equal(contextFor(app, apiKey).compat.pageSize, 5, 'a switch changed since: the next context has it')
})

t.test('workspaces.listAll: every workspace, oldest first, with the fixture set it was seeded from, for the harness caller only', async (t) => {
  const app = await appOf()
  const every = [
    { id: MAIN, name: 'Test Workspace', fixtureSet: 'minimal' },
    { id: 'wsOther0001', name: 'Other Workspace', fixtureSet: 'minimal' }
  ]
  t.same(workspaces.listAll(contextFor(app, harnessCaller(MAIN))), every)
  t.same(workspaces.listAll(emulatorContext(app)), every, 'the demo page\'s context across workspaces')
  t.throws(() => workspaces.listAll(contextFor(app, apiKey)), /every workspace is the harness's view/, 'an API caller never lists them')
})

t.test('scenes.listTrashed: the trash, private scenes included, for the harness caller only', async (t) => {
  const app = await appOf()
  const harness = contextFor(app, harnessCaller(MAIN))
  t.same(scenes.listTrashed(harness), [], 'nothing trashed yet')
  t.equal((await call(t, app, 'DELETE', '/api/v1/scenes/scnEmpty001', { key: KEYS.full })).status, 200)
  t.equal((await call(t, app, 'DELETE', '/api/v1/scenes/scnPrivate1', { key: KEYS.admin })).status, 200)
  t.same(scenes.listTrashed(harness).map((scene) => scene.metadata.id).sort(), ['scnEmpty001', 'scnPrivate1'])
  t.same(scenes.listTrashed(contextFor(app, harnessCaller('wsOther0001'))), [], 'another workspace\'s trash is its own')
  t.throws(() => scenes.listTrashed(contextFor(app, apiKey)), /the trash is the harness's view/, 'an API caller never lists it')
})

t.test('scenes.privateOwner: the member a private scene belongs to, null for a shared one or an owner who left', async (t) => {
  const app = await appOf()
  const harness = contextFor(app, harnessCaller(MAIN))
  t.equal(scenes.privateOwner(harness, { sceneId: 'scnPrivate1' })?.id, 'usrAdmin001')
  t.equal(scenes.privateOwner(harness, { sceneId: 'scnShapes01' }), null, 'a shared scene')
  t.equal(scenes.privateOwner(harness, { sceneId: 'scnUnknown1' }), null, 'an unknown scene')
  t.equal(scenes.privateOwner(contextFor(app, harnessCaller('wsOther0001')), { sceneId: 'scnPrivate1' }), null, 'another workspace\'s scene')
})
