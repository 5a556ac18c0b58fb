// EMULATOR_DRIFT_PROFILE on /api/v1: the profile's operations answer in the learned shape on every matching answer,
// named `learned` in X-Emulator-Drift and the ledger, under random or forced drift; a profile that does not fit
// this emulator, or is no profile, fails start-up with one line.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import t from 'tap'
import { ConfigError, loadConfig } from '../../../src/config/index.js'
import { build } from '../../helper.js'
import { runProcess, startProcess, stopProcess, getJson } from '../../processes.js'
import { admin, raw } from './drift-helper.js'

/** app.ready() as a plain promise (Fastify's is a thenable tap cannot take). */
const ready = async (app: FastifyInstance): Promise<void> => { await app.ready() }

const work = mkdtempSync(join(tmpdir(), 'drift-profile-'))
t.teardown(() => rmSync(work, { recursive: true, force: true }))

const profileOf = (operations: unknown[]) => ({ format: 'drawing-api-emulator drift profile', version: 1, learnedFrom: [], operations })

function write (name: string, content: unknown): string {
  const path = join(work, name)
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content))
  return path
}

const PROFILE = write('profile.json', profileOf([
  {
    operation: 'GET /api/v1/scenes/{sceneId}',
    changes: [
      { change: 'field-renamed', path: '/metadata/name', to: 'title', seen: [{ report: 'r.json', path: 'body/metadata/name' }] },
      { change: 'header-added', header: 'deprecation', value: '@1788220800', seen: [] }
    ]
  },
  { operation: 'GET /api/v1/collections', changes: [{ change: 'field-added', path: '/data/*/color', sample: 'blue', seen: [] }] },
  { operation: 'DELETE /api/v1/collections/{collectionId}', changes: [{ change: 'status-changed', from: 200, to: 204, seen: [] }, { change: 'header-removed', header: 'content-type', seen: [] }] }
]))

t.test('the learned shape on every matching answer, named and counted; other operations untouched', async (t) => {
  const app = await build(t, { driftProfile: PROFILE })
  for (let i = 0; i < 2; i++) {
    const res = await raw(app, 'GET', '/api/v1/scenes/scnShapes01')
    t.equal(res.statusCode, 200)
    t.same([res.json().metadata.title, res.json().metadata.name], ['Simple shapes', undefined])
    t.equal(res.headers.deprecation, '@1788220800')
    t.equal(res.headers['x-emulator-drift'], 'learned /metadata/name, learned header/deprecation')
  }
  const missing = await raw(app, 'GET', '/api/v1/scenes/scnNope0001')
  t.same([missing.statusCode, missing.json(), missing.headers['x-emulator-drift']], [404, { statusCode: 404, error: 'Not Found', message: 'Scene scnNope0001 not found' }, 'learned header/deprecation'], 'an error keeps its envelope')
  const list = await raw(app, 'GET', '/api/v1/collections')
  t.same(list.json().data.map((c: any) => c.color), ['blue', 'blue'])
  t.equal(list.headers['x-emulator-drift'], 'learned /data/0/color, learned /data/1/color')
  const deleted = await raw(app, 'DELETE', '/api/v1/collections/colSecond01')
  t.same([deleted.statusCode, deleted.body, deleted.headers['content-type'], deleted.headers['x-emulator-drift']], [204, '', undefined, 'learned status, learned header/content-type'])
  const other = await raw(app, 'GET', '/api/v1/workspaces')
  t.same([other.statusCode, other.headers['x-emulator-drift']], [200, undefined])
  t.same(await admin(app, 'GET', '/drift/ledger'), {
    eligible: 5,
    perturbed: 5,
    byKind: { learned: 5 },
    byRoute: {
      'DELETE /api/v1/collections/{collectionId}': { eligible: 1, perturbed: 1, byKind: { learned: 1 } },
      'GET /api/v1/collections': { eligible: 1, perturbed: 1, byKind: { learned: 1 } },
      'GET /api/v1/scenes/{sceneId}': { eligible: 3, perturbed: 3, byKind: { learned: 3 } }
    }
  })
})

t.test('random and forced drift apply on top; X-Emulator-Drift: off answers the emulator\'s own shape', async (t) => {
  const app = await build(t, { driftProfile: PROFILE, drift: true, driftRate: 1, driftKinds: ['deprecation'] })
  const drifted = await raw(app, 'GET', '/api/v1/scenes/scnShapes01')
  t.equal(drifted.headers['x-emulator-drift'], 'learned /metadata/name, learned header/deprecation, deprecation')
  t.equal(drifted.json().metadata.title, 'Simple shapes')
  const forced = await raw(app, 'GET', '/api/v1/scenes/scnShapes01', { headers: { 'x-emulator-drift': 'drop-optional-field /metadata/allowCalls' } })
  t.equal(forced.headers['x-emulator-drift'], 'learned /metadata/name, learned header/deprecation, drop-optional-field /metadata/allowCalls')
  t.notOk('allowCalls' in forced.json().metadata)
  const off = await raw(app, 'GET', '/api/v1/scenes/scnShapes01', { headers: { 'x-emulator-drift': 'off' } })
  t.same([off.json().metadata.name, off.headers['x-emulator-drift'], off.headers.deprecation], ['Simple shapes', undefined, undefined])
  t.same((await admin(app, 'GET', '/drift/ledger')).byKind, { 'deprecation': 1, 'drop-optional-field': 1, 'learned': 2 })
  await admin(app, 'POST', '/reset')
  t.equal((await raw(app, 'GET', '/api/v1/scenes/scnShapes01')).json().metadata.title, 'Simple shapes', 'a reset keeps the profile')
})

t.test('a profile that does not fit this emulator fails start-up with one line', async (t) => {
  const cases: Array<[unknown, string]> = [
    [{ operation: 'GET /api/v1/sceens', changes: [] }, 'names GET /api/v1/sceens, which this emulator does not have (its operations are named as GET /api/v1/scenes/{sceneId})'],
    [{ operation: 'GET /api/v1/scenes/{sceneId}', changes: [{ change: 'field-removed', path: '/metadata/colour' }] }, ': GET /api/v1/scenes/{sceneId}: field-removed at /metadata/colour: the answers of this emulator have no such field'],
    [{ operation: 'GET /api/v1/scenes', changes: [{ change: 'field-added', path: '/data/*/nowhere/x', sample: 1 }] }, ': GET /api/v1/scenes: field-added at /data/*/nowhere/x: the answers of this emulator have no such parent'],
    [{ operation: 'POST /api/v1/collections', changes: [{ change: 'status-changed', from: 302, to: 200 }] }, ': POST /api/v1/collections: status-changed at status: this emulator never answers it with 302']
  ]
  for (const [i, [operation, line]] of cases.entries()) {
    const file = write(`misfit-${i}.json`, profileOf([operation]))
    const app = await build(t, { driftProfile: file })
    await t.rejects(ready(app), new ConfigError(`Invalid configuration: EMULATOR_DRIFT_PROFILE (--drift-profile) ${file}${line.startsWith(':') ? '' : ' '}${line}`), line)
  }
  const fits = await build(t, { driftProfile: write('fits.json', profileOf([{ operation: 'GET /api/v1/scenes', changes: [{ change: 'field-added', path: '/data/*/metadata/x', sample: 1 }, { change: 'type-changed', path: '/data/0/metadata/name', from: 'string', to: 'number', sample: 1 }] }])) })
  await t.resolves(ready(fits), 'a new field under a place the answers have, and a list item by index, fit')
})

t.test('a file that is no profile: one line naming the variable, the file and the problem', async (t) => {
  const cases: Array<[string, string]> = [
    [write('text.json', 'not json'), 'is not JSON: Unexpected token \'o\', "not json" is not valid JSON'],
    [write('report.json', { operations: [] }), 'is not a drift profile (its "format" is not "drawing-api-emulator drift profile"; make one with drawing-api-emulator learn)'],
    [write('v2.json', { ...profileOf([]), version: 2 }), 'is a drift profile of version 2; this emulator reads version 1: learn it again with this version'],
    [write('kind.json', profileOf([{ operation: 'GET /api/v1/scenes', changes: [{ change: 'field-moved', path: '/x' }] }])), 'operations[0] (GET /api/v1/scenes) change 1 has change "field-moved" (one of field-added, field-removed, field-renamed, type-changed, header-added, header-removed, status-changed, route-missing)'],
    [write('path.json', profileOf([{ operation: 'GET /api/v1/scenes', changes: [{ change: 'field-removed', path: 'data' }] }])), 'operations[0] (GET /api/v1/scenes) change 1 (field-removed) has path "data": a JSON pointer such as /data/*/name'],
    [write('sample.json', profileOf([{ operation: 'GET /api/v1/scenes', changes: [{ change: 'field-added', path: '/x' }] }])), 'operations[0] (GET /api/v1/scenes) change 1 (field-added) has no "sample"'],
    [join(work, 'absent.json'), 'cannot be read (ENOENT)']
  ]
  for (const [file, problem] of cases) {
    const separator = problem.startsWith('operations') ? ': ' : ' '
    await t.rejects(build(t, { driftProfile: file }), new ConfigError(`Invalid configuration: EMULATOR_DRIFT_PROFILE (--drift-profile) ${file}${separator}${problem}`), problem)
  }
})

t.test('the flag and the variable: a process starts with the profile, or exits 1 with the one line', async (t) => {
  t.equal(loadConfig({ EMULATOR_DRIFT_PROFILE: PROFILE }).driftProfile, PROFILE)
  const running = await startProcess('src/cli.ts', ['--port', '0', '--fixtures', 'fixtures/minimal', '--drift-profile', PROFILE], {})
  t.match(running.output(), `  Drift profile: ${PROFILE} (3 operations answer in the shape it learned)\n`, 'the banner says so')
  const answer = await getJson(`${running.url}/api/v1/scenes/scnShapes01`, 'sk-test-full')
  t.same([answer.status, answer.body.metadata.title], [200, 'Simple shapes'])
  t.equal(await stopProcess(running.child), 0)
  const misfit = write('cli-misfit.json', profileOf([{ operation: 'GET /api/v1/nothing', changes: [] }]))
  const failed = await runProcess('src/cli.ts', ['--port', '0', '--drift-profile', misfit], {})
  t.same([failed.code, failed.stderr.trim()], [1, `drawing-api-emulator: Invalid configuration: EMULATOR_DRIFT_PROFILE (--drift-profile) ${misfit} names GET /api/v1/nothing, which this emulator does not have (its operations are named as GET /api/v1/scenes/{sceneId})`])
})
