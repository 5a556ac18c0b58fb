// EMULATOR_DRIFT_PROFILE reaches the shadow side as --drift-profile does: the side answers in the profile's shape,
// so a target that already answers that way shows no difference, and a target that does not shows the profile's.
import t, { type Test } from 'tap'
import { writeProfile } from '../../layers/drift/drift-helper.js'
import { send, settledReport, startShadowFor, startTarget } from './shadow-helper.js'

// A header: compared by value whatever the fixtures (with --fixtures, bodies compare by shape).
const profile = writeProfile(t, [{ operation: 'GET /api/v1/workspaces', changes: [{ change: 'header-added', header: 'deprecation', value: '@1788220800' }] }])

async function differencesOf (t: Test, targetProfile: string | undefined, env: NodeJS.ProcessEnv, driftProfile?: string) {
  const target = await startTarget(t, targetProfile === undefined ? {} : { driftProfile: targetProfile })
  const shadowed = await startShadowFor(t, target.apiUrl, { fixtures: 'fixtures/minimal', driftProfile }, env)
  const reply = await send(shadowed.api, 'sk-demo-full', 'GET', '/workspaces')
  const report = await settledReport(shadowed)
  return { status: reply.status, deprecation: reply.headers.get('deprecation'), differences: report.operations.flatMap((op) => op.differences.map((d) => `${op.operation} ${d.path} ${d.kind}`)) }
}

t.test('the variable alone: the shadow side answers in the profile\'s shape', async (t) => {
  t.same(await differencesOf(t, profile, { EMULATOR_DRIFT_PROFILE: profile }), { status: 200, deprecation: '@1788220800', differences: [] }, 'a target in the same shape: nothing differs')
  t.same(await differencesOf(t, undefined, { EMULATOR_DRIFT_PROFILE: profile }), { status: 200, deprecation: null, differences: ['GET /api/v1/workspaces header/deprecation header'] }, 'a target without it: the profile\'s header is the difference')
})

t.test('without the variable or the flag, the shadow side answers in the emulator\'s own shape', async (t) => {
  t.same(await differencesOf(t, profile, {}), { status: 200, deprecation: '@1788220800', differences: ['GET /api/v1/workspaces header/deprecation header'] })
})
