// `parity` as a CI gate against another emulator: --accept (known differences listed, not counted, unused
// rules named), --compare of two reports (fails only on what is new), --only (just the chosen operations, with the
// steps that give them their ids sent but not compared, and nothing left behind).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { build } from '../helper.js'
import { publicOperations } from '../operations.js'
import { holdings, parity, startTarget, type Target } from './parity-helper.js'

let target: Target
/** How many operations a full run compares: every operation the emulator serves. */
let operations: number
const work = mkdtempSync(join(tmpdir(), 'parity-gate-'))
t.teardown(() => rmSync(work, { recursive: true, force: true }))
t.before(async () => {
  target = await startTarget(t)
  operations = publicOperations(await build(t)).length
})

const LISTS = ['GET /api/v1/collections', 'GET /api/v1/collections/{collectionId}/scenes', 'GET /api/v1/scenes', 'GET /api/v1/workspaces/invites', 'GET /api/v1/workspaces/users']
const read = (file: string): any => JSON.parse(readFileSync(file, 'utf8'))

/** A run against the target with another page size (5 operations differ on body/limit). */
async function pagedRun (file: string, ...extra: string[]) {
  await target.reset()
  const key = await target.mintKey()
  await target.admin('PUT', '/_emulator/compat', { pageSize: 5 })
  try {
    return await parity('--target', target.api, '--key', key, '--report', file, ...extra)
  } finally {
    await target.admin('PUT', '/_emulator/compat', {})
  }
}

t.test('--accept: a known difference is listed with its reason, not counted, and the run passes; an unused rule is named', async (t) => {
  const accept = join(work, 'accept.json')
  writeFileSync(accept, JSON.stringify([
    { path: 'body/limit', kind: 'value', reason: 'our workspace pages by 5' },
    { operation: 'DELETE /api/v1/scenes/{sceneId}', path: 'status', reason: 'the service answered 204 last spring' }
  ]))
  const reportFile = join(work, 'accepted.json')
  const run = await pagedRun(reportFile, '--accept', accept)
  t.equal(run.code, 0, run.out + run.err)
  const report = read(reportFile)
  t.same(report.summary, { operations, same: operations, differs: 0, accepted: 5 })
  const rows = report.operations.filter((op: any) => op.accepted.length > 0)
  t.same(rows.map((op: any) => op.operation).sort(), LISTS)
  for (const op of rows) {
    t.same(op.differences, [], op.operation)
    t.match(op.accepted, [{ path: 'body/limit', kind: 'value', emulator: 10, target: 5, reason: 'our workspace pages by 5', rule: 1 }], op.operation)
    t.equal(op.same, op.requests, `${op.operation}: every request counts as the same`)
  }
  t.same(report.unusedAccept, [{ operation: 'DELETE /api/v1/scenes/{sceneId}', path: 'status', reason: 'the service answered 204 last spring', rule: 2 }])
  t.match(run.out, `\n${operations} operations: ${operations} the same (5 with accepted differences), 0 differ\n`)
  t.match(run.out, /\naccepted: GET \/api\/v1\/scenes body\/limit \(value\) ×\d+: our workspace pages by 5 \(accept rule 1\)\n/)
  t.match(run.out, /\nunused accept rule 2: DELETE \/api\/v1\/scenes\/\{sceneId\} status matched nothing: the difference is gone, remove the rule\n/)
})

t.test('--compare: exit 1 only for differences new in the second report; gone ones are listed; not a report is exit 2', async (t) => {
  const paged = join(work, 'paged.json')
  const same = join(work, 'same.json')
  t.equal((await pagedRun(paged)).code, 1)
  await target.reset()
  t.equal((await parity('--target', target.api, '--key', await target.mintKey(), '--report', same)).code, 0)

  const fixed = await parity('--compare', paged, same)
  t.equal(fixed.code, 0, fixed.out + fixed.err)
  t.equal(fixed.out.split('\n')[0], `gone since ${paged}:`)
  t.match(fixed.out, /\n {2}GET \/api\/v1\/scenes {2}body\/limit \(value\)( ×\d+)?: emulator 10, target 5 \[step \d+ GET \/scenes[^\]]*\]\n/)
  t.match(fixed.out, /\n0 new, 5 gone, 0 unchanged$/)

  const broke = await parity('--compare', same, paged)
  t.equal(broke.code, 1)
  t.equal(broke.out.split('\n')[0], `new in ${paged}:`)
  t.match(broke.out, /\n5 new, 0 gone, 0 unchanged$/)

  const again = await parity('--compare', paged, paged)
  t.same([again.code, again.out], [0, '0 new, 0 gone, 5 unchanged'], 'the same gap every night passes')

  const notReport = join(work, 'not-a-report.json')
  writeFileSync(notReport, '{"operations": 3}')
  const refused = await parity('--compare', paged, notReport)
  t.same([refused.code, refused.out, refused.err], [2, '', `parity: ${notReport} is not a parity report (no operations with differences and summary; write one with --report)`])
  const missing = await parity('--compare', paged)
  t.same([missing.code, missing.err], [2, 'parity: --compare takes two reports: parity --compare <old.json> <new.json>'])
})

t.test('--only: just those operations, the steps that give them ids sent but not compared, nothing left behind', async (t) => {
  await target.reset()
  const key = await target.mintKey()
  const before = await holdings(target.api, key)
  await target.admin('DELETE', '/_emulator/requests')
  const reportFile = join(work, 'only.json')
  const run = await parity('--target', target.api, '--key', key, '--report', reportFile, '--only', 'PATCH /api/v1/scenes/{sceneId}', '--only', 'get /logs')
  t.equal(run.code, 0, run.out + run.err)
  const report = read(reportFile)
  t.same(report.operations.map((op: any) => [op.operation, op.requests]), [['GET /api/v1/logs', 6], ['PATCH /api/v1/scenes/{sceneId}', 3]])
  t.match(run.out, /^operation +requests +same +differs +first differing fields\nGET \/api\/v1\/logs +6 +6 +0\nPATCH \/api\/v1\/scenes\/\{sceneId\} +3 +3 +0\n\n2 operations: 2 the same, 0 differ\n/)
  const journal = await target.admin('GET', '/_emulator/requests?limit=1000')
  const sent = journal.data.map((r: any) => `${r.method as string} ${(r.path as string).replace(/\?.*/, '')}`)
  t.ok(sent.includes('POST /api/v1/collections') && sent.includes('POST /api/v1/scenes'), 'the collection and scene the PATCHes need were made')
  t.same(sent.filter((line: string) => line.startsWith('PUT ') && !line.includes('parityNoSuchId0')), [], 'content steps of other operations were not sent (only the probes, which read the key)')
  t.same(await holdings(target.api, key), before, 'and removed at the end')
})
