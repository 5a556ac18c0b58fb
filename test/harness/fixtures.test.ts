// Fixture sets: the bundled demo workspace is realistic and valid; broken sets fail with the file named.
import { mkdtempSync, mkdirSync, writeFileSync, cpSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { BUNDLED_FIXTURES, MINIMAL_FIXTURES } from '../../src/config/index.js'
import { FixtureError, loadFixtureSet } from '../../src/harness/fixtures.js'
import { buildApp } from '../../src/app.js'
import { resolveConfig } from '../../src/config/index.js'

t.test('the bundled demo set', async (t) => {
  const set = loadFixtureSet(BUNDLED_FIXTURES)
  t.same(set.workspaces.map((w) => w.workspace.name), ['Acme Product Design', 'Globex Research'])
  const acme = set.workspaces[0]
  t.ok(acme.users.length >= 3, 'at least three users')
  t.same(acme.users.filter((u) => u.role === 'admin').length, 1, 'one admin, the rest members')
  t.equal(acme.collections.length, 3)
  t.equal(acme.collections.filter((c) => c.isDefault).length, 1, 'exactly one default collection')
  const shared = acme.scenes.filter((s) => s.record.metadata.collection !== 'private')
  t.ok(shared.length >= 12, `${shared.length} shared scenes`)
  t.same(new Set(shared.map((s) => s.record.metadata.collection)).size, 3, 'spread over every collection')
  t.ok(acme.scenes.some((s) => s.record.metadata.isPrivate), 'a private scene for the personal key')
  t.ok(acme.scenes.some((s) => s.record.readOnlyLinks.length > 0), 'read-only links')
  t.ok(acme.scenes.some((s) => s.record.sharedSlidesLinks.length > 0), 'slides links')
  t.ok(acme.invites.length >= 3 && acme.logs.length >= 10, 'invites and audit entries')
  const elements = acme.scenes.flatMap((s) => s.content.elements)
  for (const feature of ['frame', 'image', 'arrow', 'text', 'freedraw', 'stickynote']) t.ok(elements.some((e) => e.type === feature), `a ${feature}`)
  t.ok(elements.some((e) => e.type === 'text' && e.containerId), 'text bound to a container')
  t.ok(elements.some((e) => e.type === 'arrow' && e.startBinding && e.endBinding), 'arrows bound at both ends')
  t.ok(elements.some((e) => e.isDeleted), 'a tombstone')
  for (const s of set.workspaces.flatMap((w) => w.scenes)) t.match(s.record.metadata.id, /^[A-Za-z0-9]{11}$/)
  for (const c of set.workspaces.flatMap((w) => w.collections)) t.match(c.id, /^[A-Za-z0-9]{11}$/)
  for (const e of elements) if (!/^[A-Za-z0-9_-]{21}$/.test(e.id)) t.fail(`element id ${e.id} is not canonical`)
  for (const l of acme.logs) t.match(l.id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  t.same(set.workspaces.flatMap((w) => w.keys.map((k) => k.secret)).sort(),
    ['sk-demo-expired', 'sk-demo-full', 'sk-demo-other', 'sk-demo-read', 'sk-demo-scenes', 'uk-demo-member', 'uk-demo-personal'])
})

t.test('a bundled scene whose name carries a date draws that date, and no other', async (t) => {
  const DATE = /\d{4}-\d{2}-\d{2}/g
  const dated = loadFixtureSet(BUNDLED_FIXTURES).workspaces.flatMap((w) => w.scenes).filter((s) => s.record.metadata.name.match(DATE) !== null)
  t.ok(dated.length >= 1, `${dated.length} dated scenes`)
  for (const scene of dated) {
    const named = scene.record.metadata.name.match(DATE) ?? []
    const drawn = scene.content.elements.filter((e) => e.type === 'text' && !e.isDeleted).flatMap((e) => String(e.text).match(DATE) ?? [])
    t.same([...new Set(drawn)], named, `${scene.record.metadata.name}: the dates its texts show`)
  }
})

t.test('broken sets fail with one clear message naming the file', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'fixtures-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const fresh = (name: string): string => {
    const copy = join(dir, name)
    cpSync(MINIMAL_FIXTURES, copy, { recursive: true })
    return copy
  }
  t.throws(() => loadFixtureSet(join(dir, 'absent')), new FixtureError(`Fixture folder not found: ${join(dir, 'absent')} (the bundled sets are named default and minimal)`))
  mkdirSync(join(dir, 'empty'))
  t.throws(() => loadFixtureSet(join(dir, 'empty')), new FixtureError(`Fixture folder has no workspace (a sub-folder with workspace.json): ${join(dir, 'empty')}`))

  const cases: Array<[string, string, string, RegExp]> = [
    ['json', 'main/users.json', '[{', /^Fixture file is not valid JSON: .*main\/users\.json: /],
    ['schema', 'main/collections.json', JSON.stringify([{ id: 'c', name: 1 }]), /main\/collections\.json\[0\]\/creator? |main\/collections\.json\[0\]/],
    ['defaults', 'main/collections.json', '[]', /exactly one collection must have isDefault: true \(found 0\)$/],
    ['scene', 'main/scenes.json', JSON.stringify([{ id: 's', name: 'n', collection: 'nope', content: null, created: 'x', creator: null }]), /scene s names unknown collection or owner "nope"$/],
    ['content', 'main/scenes.json', JSON.stringify([{ id: 's', name: 'n', collection: 'colDefault1', content: 'missing.excalidraw', created: 'x', creator: null }]), /content file "missing\.excalidraw" not found in /],
    ['key', 'main/keys.json', JSON.stringify([{ id: 'k', secret: 'uk-12345678', kind: 'personal', permission: 'full' }]), /personal key k needs a "user" of this workspace$/]
  ]
  for (const [name, file, text, message] of cases) {
    const set = fresh(name)
    writeFileSync(join(set, file), text)
    t.throws(() => loadFixtureSet(set), { name: 'FixtureError', message }, name)
  }
  const bad = fresh('element')
  const content = JSON.parse(JSON.stringify({ type: 'excalidraw', version: 2, source: 's', appState: { viewBackgroundColor: '#fff' }, elements: [{ id: 'x', type: 'rectangle' }], files: {} }))
  writeFileSync(join(bad, 'content', 'simple-shapes.excalidraw'), JSON.stringify(content))
  t.throws(() => loadFixtureSet(bad), { name: 'FixtureError', message: /simple-shapes\.excalidraw: Element x: / }, 'an invalid drawing names its file and element')
})

t.test('a bundled scene whose image file is unavailable GETs with filesFailedToEmbed', async (t) => {
  const app = await buildApp(resolveConfig({ logLevel: 'silent', seed: 1 }))
  t.teardown(() => app.close())
  const headers = { authorization: 'Bearer sk-demo-full' }
  const res = await app.inject({ method: 'GET', url: '/api/v1/scenes/Wm3kQz8RfT2/content', headers })
  const body = res.json()
  const fileId = 'e4c60135b112917d84d47398bbf3d2a634cc4afd'
  t.same([res.statusCode, body.files, body.filesFailedToEmbed], [200, {}, [fileId]])
  t.ok(body.elements.some((e: { type: string, fileId?: string }) => e.type === 'image' && e.fileId === fileId), 'its image element still names the file')
  const twin = (await app.inject({ method: 'GET', url: '/api/v1/scenes/gx6aKnBU4Qp/content', headers })).json()
  t.same([Object.keys(twin.files), 'filesFailedToEmbed' in twin], [[fileId], false], 'the same drawing with its file embedded')
  t.same(body.elements, twin.elements)
})
