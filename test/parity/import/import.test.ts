// `import`: a workspace read from one emulator through the public API, written as fixtures, served by a third
// emulator, answers the same collections, scenes, content, users, invites and audit log; a scene whose content
// cannot be read is reported and left out; the source key is written nowhere.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { startEmulator, type RunningEmulator } from '../../../src/index.js'
import { filesIn, importWorkspace, startStandIn } from '../parity-helper.js'

const work = mkdtempSync(join(tmpdir(), 'parity-import-'))
t.teardown(() => rmSync(work, { recursive: true, force: true }))

let source: RunningEmulator
let key: string
t.before(async () => {
  source = await startEmulator({ renderer: false })
  t.teardown(() => source.close())
  const minted = await fetch(`${source.url}/_emulator/keys`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ workspaceId: source.workspace.id, kind: 'workspace', permission: 'full' }) })
  key = (await minted.json()).key
})

async function get (emulator: RunningEmulator, secret: string, path: string): Promise<any> {
  const response = await fetch(`${emulator.apiUrl}${path}`, { headers: { authorization: `Bearer ${secret}` } })
  return { status: response.status, body: await response.json() }
}

t.test('an imported workspace answers as its source did', async (t) => {
  const scenes = (await get(source, key, '/scenes?limit=100')).body.data
  const unreadable = scenes[2].metadata
  await source.addStub({ method: 'GET', path: `/scenes/${unreadable.id}/content`, status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'boom' }, times: 1 })
  const out = join(work, 'acme')
  const run = await importWorkspace('--from', source.apiUrl, '--key', key, '--out', out)
  t.equal(run.code, 0, run.err)
  t.match(run.out, /^import: wrote .+acme-product-design: 3 collections, 12 scenes, 4 users, \d+ invites, \d+ audit entries \(\d+ requests, [\d.]+ s\)\n/)
  t.match(run.out, `import: skipped scene ${unreadable.id} "${unreadable.name}": GET /scenes/${unreadable.id}/content answered 500\n`)
  t.match(run.out, /\n {2}sk-demo-full +workspace key, full\n {2}sk-demo-read +workspace key, read only\n {2}uk-demo-personal +personal key of an admin\n {2}uk-demo-member +personal key of a member$/)
  t.same(filesIn(out).filter((f) => f.text.includes(key)).map((f) => f.file), [], 'the source key is written nowhere')
  t.same(readdirSync(work).filter((name) => name.includes('partial')), [], 'no staging folder left')

  const third = await startEmulator({ renderer: false, fixturesDir: out })
  t.teardown(() => third.close())
  for (const path of ['/workspaces', '/collections?limit=100', '/workspaces/users?limit=100', '/workspaces/invites?limit=100', '/logs?limit=100']) {
    t.same(await get(third, 'sk-demo-full', path), await get(source, key, path), path)
  }
  const served = (await get(third, 'sk-demo-full', '/scenes?limit=100')).body
  t.same(served.data, scenes.filter((s: any) => s.metadata.id !== unreadable.id), 'every scene but the unreadable one, records and all')
  for (const scene of served.data) {
    const path = `/scenes/${scene.metadata.id}/content`
    t.same(await get(third, 'sk-demo-full', path), await get(source, key, path), path)
  }
  const personal = await get(third, 'uk-demo-personal', '/collections')
  t.equal(personal.body.data[0].id, 'private', 'the demo keys work: a personal key of an admin')
})

t.test('what cannot be imported: one line, exit 2, nothing written', async (t) => {
  const full = join(work, 'full')
  mkdirSync(full)
  writeFileSync(join(full, 'keep.txt'), 'mine')
  const cases: Array<[string, string[], string | RegExp]> = [
    ['an --out folder with files', ['--from', source.apiUrl, '--key', key, '--out', full], `import: --out ${full} exists and is not empty: give a new folder`],
    ['a wrong key', ['--from', source.apiUrl, '--key', 'sk-wrong', '--out', join(work, 'wrong')], /^import: the target refused the key: GET .+\/workspaces answered 401 \(check --key\)$/],
    ['no --out', ['--from', source.apiUrl, '--key', key], 'import: --out is required'],
    ['not the API', ['--from', `${source.url}/nothing/api/v1`, '--key', key, '--out', join(work, 'nothing')], /^import: http:\/\/.+\/nothing\/api\/v1 does not answer as the drawing API: GET \/workspaces answered 404 /]
  ]
  for (const [name, argv, line] of cases) {
    const run = await importWorkspace(...argv)
    t.equal(run.code, 2, name)
    t.equal(run.out, '', name)
    t.match(run.err, line, name)
    t.notMatch(run.err, /\n/, `${name}: one line`)
  }
  t.same(readdirSync(work).filter((name) => name !== 'beta').sort(), ['acme', 'full'], 'nothing else written')
  t.same(readdirSync(full), ['keep.txt'])
})

t.test('a beta source: a list the service does not have (404) and a field the emulator does not know still make a set that starts', async (t) => {
  const standIn = await startStandIn(t, {
    upstream: source.url,
    answer: (method, path) => path.startsWith('/api/v1/workspaces/users') || path.startsWith('/api/v1/logs')
      ? { status: 404, body: { message: `Route ${method}:${path} not found`, error: 'Not Found', statusCode: 404 } }
      : undefined,
    rewrite: (method, path, body: any) => {
      if (!path.startsWith('/api/v1/collections')) return body
      for (const collection of body.data ?? []) Object.assign(collection, { sort_order: 3, palette: { main: '#fff' } })
      return body
    }
  })
  const out = join(work, 'beta')
  const run = await importWorkspace('--from', standIn.api, '--key', key, '--out', out)
  t.equal(run.code, 0, run.err)
  t.match(run.out, /^import: wrote .+acme-product-design: 3 collections, 13 scenes, 4 users \(placeholders\), \d+ invites, 0 audit entries \(/, 'every scene, placeholders for the users, no audit entries')
  const warnings = run.out.split('\n').filter((line) => /^import: (dropped|GET)/.test(line))
  t.same(warnings, [
    'import: GET /workspaces/users answered 404 (the service does not offer users): users.json holds placeholders made from the workspace\'s roles',
    'import: dropped collections.json sort_order: a field the emulator does not know (an addition to the API?); the rest of each record is kept',
    'import: dropped collections.json palette: a field the emulator does not know (an addition to the API?); the rest of each record is kept',
    'import: GET /logs answered 404 (the service does not offer the audit log): logs.json is empty'
  ])
  const served = await startEmulator({ renderer: false, fixturesDir: out })
  t.teardown(() => served.close())
  const collections = await get(served, 'sk-demo-full', '/collections?limit=100')
  t.same(collections, await get(source, key, '/collections?limit=100'), 'the collections as the source has them, without the added fields')
  const users = await get(served, 'sk-demo-full', '/workspaces/users?limit=100')
  t.same(users.body.data.map((u: any) => [u.name, u.email]), [['User 1', 'user-1@imported.invalid'], ['User 2', 'user-2@imported.invalid'], ['User 3', 'user-3@imported.invalid'], ['User 4', 'user-4@imported.invalid']])
})
