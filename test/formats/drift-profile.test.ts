// The drift profile format's round trip: what `learn` writes from a real parity report (a target that changed its
// shape in every kind a profile holds) is read back by every reader as written (the format's reader, the drift
// layer at start-up, parity's in-process emulator), and each way a profile can be wrong is refused in its one line.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { CHANGE_NAMES, DriftProfileError, checkDriftProfile, parseDriftProfile, readDriftProfile } from '../../src/formats/drift-profile.js'
import { configuredProfile } from '../../src/layers/drift/state.js'
import { loadConfig } from '../../src/config/index.js'
import { learnCommand } from '../../src/parity/learn/command.js'
import { checkDriftProfile as checkLocalProfile } from '../../src/parity/local.js'
import { build } from '../helper.js'
import { profileOf } from '../layers/drift/drift-helper.js'
import { BETA_SCENE, parity } from '../parity/parity-helper.js'
import { startTarget } from '../parity/shadow/shadow-helper.js'

const work = mkdtempSync(join(tmpdir(), 'formats-drift-profile-'))
t.teardown(() => rmSync(work, { recursive: true, force: true }))

const NOT_FOUND = '{"statusCode":404,"error":"Not Found","message":"Route <method>:<path> not found"}'

/** The target's change: every kind of change a profile holds, on operations parity's scenario sends. */
const BETA = profileOf([
  BETA_SCENE,
  { operation: 'GET /api/v1/collections', changes: [{ change: 'header-removed', header: 'x-ratelimit-reset' }] },
  { operation: 'POST /api/v1/collections', changes: [{ change: 'status-changed', from: 200, to: 201 }] },
  { operation: 'POST /api/v1/workspaces/invites', changes: [{ change: 'route-missing', status: 404, body: NOT_FOUND }] },
  { operation: 'POST /api/v1/mcp tools/call get_scene', changes: [{ change: 'field-renamed', path: '/result/content/*/json/metadata/isPrivate', to: 'private' }] }
])

/** `learn`'s own output for a parity run against the beta: the real writer, once for every test here. */
async function learned (): Promise<string> {
  const betaFile = join(work, 'beta.json')
  writeFileSync(betaFile, JSON.stringify(BETA))
  const beta = await startTarget(t, { driftProfile: betaFile })
  const report = join(work, 'report.json')
  const run = await parity('--target', beta.apiUrl, '--key', beta.keys.full, '--report', report, '--include-mcp')
  if (run.code !== 1) throw new Error(`parity against the beta: exit ${run.code} ${run.err}`)
  const profile = join(work, 'learned.json')
  const code = await learnCommand(['--from', report, '--out', profile], { out: () => {}, err: () => {}, env: {}, version: '0.1.0' })
  if (code !== 0) throw new Error(`learn: exit ${code}`)
  return profile
}

const written = learned()

t.test('what learn writes is read back by every reader as written', async (t) => {
  const file = await written
  const onDisk = JSON.parse(readFileSync(file, 'utf8'))
  const kinds = new Set(onDisk.operations.flatMap((op: any) => op.changes.map((c: any) => c.change)))
  t.same([...kinds].sort(), [...CHANGE_NAMES].sort(), 'the profile holds every kind of change')
  t.same(readDriftProfile(file), onDisk, 'readDriftProfile')
  t.same(parseDriftProfile(readFileSync(file, 'utf8'), file), onDisk, 'parseDriftProfile')
  t.same(checkDriftProfile(onDisk, file), onDisk, 'checkDriftProfile')
  t.same(configuredProfile(loadConfig({ EMULATOR_DRIFT_PROFILE: file })), onDisk, 'the drift layer\'s loader (EMULATOR_DRIFT_PROFILE)')
  const app = await build(t, { driftProfile: file })
  await t.resolves(async () => { await app.ready() }, 'the drift layer\'s start-up check: it fits this emulator')
  await t.resolves(checkLocalProfile(file), 'parity\'s and the shadow\'s check of --drift-profile')
})

/** The learned profile with one change of its first operation of that kind replaced. */
function withChange (onDisk: any, kind: string, change: Record<string, unknown>): { text: string, at: string } {
  const index = onDisk.operations.findIndex((op: any) => op.changes.some((c: any) => c.change === kind))
  const operation = onDisk.operations[index]
  const position = operation.changes.findIndex((c: any) => c.change === kind)
  const changes = operation.changes.map((c: any, i: number) => i === position ? { ...c, ...change } : c)
  const operations = onDisk.operations.map((op: any, i: number) => i === index ? { ...op, changes } : op)
  return { text: JSON.stringify({ ...onDisk, operations }), at: `operations[${index}] (${operation.operation as string}) change ${position + 1}` }
}

t.test('a profile that is wrong: one line naming the file, the operation, the change and the problem', async (t) => {
  const file = await written
  const onDisk = JSON.parse(readFileSync(file, 'utf8'))
  const types = 'string, number, boolean, null, object, array'
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['field-removed', { change: 'field-moved' }, 'has change "field-moved" (one of field-added, field-removed, field-renamed, type-changed, header-added, header-removed, status-changed, route-missing)'],
    ['field-removed', { path: 'data' }, '(field-removed) has path "data": a JSON pointer such as /data/*/name'],
    ['field-added', { sample: undefined }, '(field-added) has no "sample"'],
    ['field-renamed', { to: '' }, '(field-renamed) has no field name in "to"'],
    ['type-changed', { from: 'text' }, `(type-changed) "from" and "to" must be ${types}`],
    ['type-changed', { to: 1 }, `(type-changed) "from" and "to" must be ${types}`],
    ['header-added', { header: 'Deprecation' }, '(header-added) has header "Deprecation": a lower-case header name'],
    ['header-added', { value: 1 }, '(header-added) has a "value" that is not a string'],
    ['header-removed', { status: 'ok' }, '(header-removed) has status "ok": an HTTP status'],
    ['status-changed', { to: 99 }, '(status-changed) "from" and "to" must be HTTP statuses'],
    ['route-missing', { status: 600 }, '(route-missing) has status 600: an HTTP status'],
    ['route-missing', { body: { message: 'x' } }, '(route-missing) has a "body" that is not a string']
  ]
  for (const [kind, change, problem] of cases) {
    const { text, at } = withChange(onDisk, kind, change)
    t.throws(() => parseDriftProfile(text, file), new DriftProfileError(`${file}: ${at} ${problem}`), problem)
  }
  const whole: Array<[unknown, string]> = [
    [{ ...onDisk, format: 'a report' }, `${file} is not a drift profile (its "format" is not "drawing-api-emulator drift profile"; make one with drawing-api-emulator learn)`],
    [{ ...onDisk, version: 2 }, `${file} is a drift profile of version 2; this emulator reads version 1: learn it again with this version`],
    [{ ...onDisk, operations: undefined }, `${file} has no "operations" list`],
    [{ ...onDisk, operations: [...onDisk.operations, { operation: 'GET /api/v1/scenes' }] }, `${file}: operations[${onDisk.operations.length as number}] is not {"operation": "...", "changes": [...]}`],
    [{ ...onDisk, operations: [{ ...onDisk.operations[0], changes: ['x'] }] }, `${file}: operations[0] (${onDisk.operations[0].operation as string}) change 1 is not an object`]
  ]
  for (const [value, line] of whole) t.throws(() => parseDriftProfile(JSON.stringify(value), file), new DriftProfileError(line), line)
  t.throws(() => readDriftProfile(join(work, 'absent.json')), new DriftProfileError(`${join(work, 'absent.json')} cannot be read (ENOENT)`))
})

t.test('what a hand-written profile leaves out for people is filled in: where a change was seen, what it was learned from', async (t) => {
  const file = await written
  const onDisk = JSON.parse(readFileSync(file, 'utf8'))
  const bare = {
    format: onDisk.format,
    version: onDisk.version,
    operations: onDisk.operations.map((op: any) => ({ ...op, changes: op.changes.map(({ seen: _seen, ...change }: any) => change) }))
  }
  t.same(parseDriftProfile(JSON.stringify(bare), file), {
    ...bare, learnedFrom: [], operations: onDisk.operations.map((op: any) => ({ ...op, changes: op.changes.map((c: any) => ({ ...c, seen: [] })) }))
  })
})
