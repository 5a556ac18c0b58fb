// What the shadow compares: a client's own calls through the shadow to an identical emulator give 0 differences
// (ids the target made reach the shadow side as the shadow's twins), against a drifting one exactly the drifted
// operations the client called; a shadow side that fails changes nothing for the client and says so.
import t from 'tap'
import type { RunningEmulator } from '../../../src/index.js'
import { send, settledReport, startShadowFor, startTarget } from './shadow-helper.js'

const idOf = (body: any): string | undefined => body?.id ?? body?.metadata?.id

/** A client's integration test, in short: it makes, reads, changes and removes what it made. */
async function clientRun (api: string, key: string): Promise<Record<string, string | undefined>> {
  await send(api, key, 'GET', '/workspaces')
  await send(api, key, 'GET', '/collections?limit=100')
  const collection = idOf((await send(api, key, 'POST', '/collections', { name: 'client collection' })).body)
  const scene = idOf((await send(api, key, 'POST', `/collections/${collection}/scenes`, { name: 'client scene', pinned: false })).body)
  await send(api, key, 'GET', `/scenes/${scene}`)
  await send(api, key, 'PUT', `/scenes/${scene}/content`, { type: 'excalidraw', version: 2, source: 'client', elements: [], appState: { viewBackgroundColor: '#ffffff' }, files: {} })
  await send(api, key, 'GET', `/scenes/${scene}/content`)
  await send(api, key, 'PATCH', `/scenes/${scene}`, { name: 'client scene, renamed', pinned: true })
  await send(api, key, 'GET', `/scenes?collectionId=${collection}`)
  await send(api, key, 'GET', '/logs?limit=5')
  return { collection, scene }
}

async function removeRun (api: string, key: string, made: Record<string, string | undefined>): Promise<void> {
  await send(api, key, 'DELETE', `/scenes/${made.scene}`)
  await send(api, key, 'GET', `/scenes/${made.scene}`)
  await send(api, key, 'DELETE', `/collections/${made.collection}`)
}

const shadowApi = async (target: RunningEmulator, path: string) =>
  await send(target.apiUrl, target.keys.full, 'GET', path)

t.test('an identical emulator as the target: the client gets the target\'s answers, the report 0 differences', async (t) => {
  const target = await startTarget(t)
  const shadowed = await startShadowFor(t, target.apiUrl)
  const key = target.keys.full
  const made = await clientRun(shadowed.api, key)
  t.equal((await shadowApi(target, `/scenes/${made.scene}`)).body.metadata.name, 'client scene, renamed', 'what the client made and changed is on the target')
  const side = shadowed.shadow.session.side()
  t.ok(side !== undefined, 'the shadow side started with the first request')
  const twin = side?.comparer.ids.toEmulator(made.scene as string)
  t.ok(twin !== undefined && twin !== made.scene, 'the shadow side made its own scene, under another id')
  const onShadow = await send(side?.local.running.apiUrl as string, side?.local.running.keys.full, 'GET', `/scenes/${twin}`)
  t.equal(onShadow.body.metadata.name, 'client scene, renamed', 'the client\'s change, made with the target\'s id, reached the shadow\'s twin')
  await removeRun(shadowed.api, key, made)
  const report = await settledReport(shadowed)
  t.same(report.summary, { operations: 12, same: 12, differs: 0, accepted: 0 }, JSON.stringify(report.operations.filter((op) => op.differs > 0)))
  t.equal(report.shadow.forwarded, 13)
  t.equal(report.shadow.compared, 13)
  t.equal(report.shadow.state, 'ready')
  t.same(report.shadow.failures, [])
  t.ok(report.shadow.importRequests >= 7, `the import's requests are counted: ${report.shadow.importRequests}`)
  const journal = await target.requests({ limit: 500 })
  t.equal(journal.length, report.shadow.forwarded + report.shadow.importRequests + 1, 'the target got the client\'s requests, the import\'s and this test\'s own read, nothing else')
})

t.test('a drifting target: the report names exactly the drifted operations the client called', async (t) => {
  const target = await startTarget(t)
  const key = target.keys.full
  // The import reads the workspace before the beta drifts (the import itself reads the documented shapes).
  const shadowed = await startShadowFor(t, target.apiUrl, { key })
  await target.setDrift({ enabled: true, rate: 0.5, seed: 11, kinds: ['add-unknown-field', 'drop-optional-field', 'unknown-enum-value', 'change-success-status', 'rename-envelope'] })
  const made = await clientRun(shadowed.api, key)
  await removeRun(shadowed.api, key, made)
  const report = await settledReport(shadowed)
  const ledger = (await (await fetch(`${target.url}/_emulator/drift/ledger`)).json()) as { byRoute: Record<string, { perturbed: number }> }
  const drifted = Object.entries(ledger.byRoute).filter(([, counts]) => counts.perturbed > 0).map(([route]) => route).sort()
  t.ok(drifted.length >= 3 && drifted.length < report.operations.length, `${drifted.length} of ${report.operations.length} operations drifted`)
  t.same(report.operations.filter((op) => op.differs > 0).map((op) => op.operation).sort(), drifted, 'the drifted operations, and no other')
  t.same(Object.fromEntries(report.operations.filter((op) => op.differs > 0).map((op) => [op.operation, op.differs])),
    Object.fromEntries(drifted.map((route) => [route, ledger.byRoute[route].perturbed])), 'each drifted answer, one by one')
  t.same(report.shadow.failures, [])
})

t.test('a shadow side that fails: the client still gets the target\'s answers, the report says the shadow side failed', async (t) => {
  const target = await startTarget(t)
  const shadowed = await startShadowFor(t, target.apiUrl, { key: target.keys.full })
  await shadowed.shadow.session.side()?.local.running.close()
  const listed = await send(shadowed.api, target.keys.full, 'GET', '/collections')
  t.equal(listed.status, 200)
  t.same(listed.body, (await shadowApi(target, '/collections')).body, 'the target\'s answer')
  const report = await settledReport(shadowed)
  t.same(report.operations, [], 'nothing compared')
  t.match(report.shadow.failures, [{ operation: 'GET /api/v1/collections', side: 'shadow', reason: /closed/ }])
})

t.test('an import the target refuses: the client gets the target\'s 401, the next key is tried', async (t) => {
  const target = await startTarget(t)
  const shadowed = await startShadowFor(t, target.apiUrl)
  const refused = await send(shadowed.api, 'sk-not-a-key', 'GET', '/collections')
  t.equal(refused.status, 401)
  t.same(refused.body, { statusCode: 401, error: 'Unauthorized', message: 'Invalid API key' })
  let report = await settledReport(shadowed)
  t.equal(report.shadow.state, 'waiting')
  t.match(report.shadow.reason, /answered 401/)
  t.match(report.shadow.failures, [{ side: 'shadow', operation: 'GET /api/v1/collections' }])
  const listed = await send(shadowed.api, target.keys.read, 'GET', '/collections')
  t.equal(listed.status, 200)
  report = await settledReport(shadowed)
  t.equal(report.shadow.state, 'ready')
  t.same(report.operations.map((op) => [op.operation, op.same, op.differs]), [['GET /api/v1/collections', 1, 0]])
  const written = await send(shadowed.api, target.keys.read, 'POST', '/collections', { name: 'refused' })
  t.equal(written.status, 403, 'a read key: the target refuses the write')
  report = await settledReport(shadowed)
  t.same(report.operations.map((op) => [op.operation, op.same, op.differs]), [['GET /api/v1/collections', 1, 0], ['POST /api/v1/collections', 1, 0]], 'the shadow side\'s key refuses it too')
})

t.test('--accept: differences a rule accepts are not reported; a bad accept file stops the start with one line', async (t) => {
  const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs')
  const { join } = await import('node:path')
  const { tmpdir } = await import('node:os')
  const dir = mkdtempSync(join(tmpdir(), 'shadow-accept-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const rules = join(dir, 'accept.json')
  writeFileSync(rules, JSON.stringify([{ operation: 'GET /api/v1/workspaces', path: 'body/**', kind: 'extra', reason: 'the beta adds fields we ignore' }]))
  const target = await startTarget(t)
  const shadowed = await startShadowFor(t, target.apiUrl, { key: target.keys.full, accept: rules })
  await target.setDrift({ enabled: true, rate: 1, seed: 3, kinds: ['add-unknown-field'] })
  await send(shadowed.api, target.keys.full, 'GET', '/workspaces')
  await send(shadowed.api, target.keys.full, 'GET', '/collections')
  const report = await settledReport(shadowed)
  t.same(report.operations.map((op) => [op.operation, op.same, op.differs, op.accepted.map((d) => d.reason)]), [
    ['GET /api/v1/workspaces', 1, 0, ['the beta adds fields we ignore']],
    ['GET /api/v1/collections', 0, 1, []]
  ], 'accepted on the operation the rule names only, listed with its reason')
  t.same(report.summary, { operations: 2, same: 1, differs: 1, accepted: 1 })
  writeFileSync(rules, JSON.stringify([{ path: 'body' }]))
  const { captureIo } = await import('./shadow-helper.js')
  const { shadowCommand } = await import('../../../src/parity/shadow/command.js')
  const { io, lines } = captureIo()
  t.equal(await shadowCommand(['--target', target.apiUrl, '--port', '0', '--accept', rules], io), 2)
  t.same(lines.err, [`shadow: the accept file ${rules}: rule 1: "reason" must be a non-empty string`])
})

t.test('a --fixtures folder that cannot start the shadow side stops the command with one line, exit 2', async (t) => {
  const target = await startTarget(t)
  const { captureIo } = await import('./shadow-helper.js')
  const { shadowCommand } = await import('../../../src/parity/shadow/command.js')
  const { io, lines } = captureIo()
  t.equal(await shadowCommand(['--target', target.apiUrl, '--port', '0', '--fixtures', '/nonexistent/fixtures'], io), 2)
  t.same(lines.err, ['shadow: --fixtures /nonexistent/fixtures: Fixture folder not found: /nonexistent/fixtures (the bundled sets are named default and minimal)'])
  t.same(lines.out, [], 'it never said it was listening')
})
