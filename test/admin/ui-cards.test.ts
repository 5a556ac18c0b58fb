// A scene's card on the demo page, as app.js fetches it again when the scene changes: the same card the workspace
// page shows, with the scene's current name, counts, version, picture and a readable time, behind the same guard.
import t from 'tap'
import { build, call } from '../helper.js'
import { cid, rect } from '../content/element-builders.js'
import { toText } from '../../src/admin/ui/html.js'
import { readableTime } from '../../src/admin/ui/pages.js'

const UI = '/_emulator/ui'
const SCENE = 'scnShapes01'

t.test('the card route answers the card the workspace page shows, and follows the scene after a write', async (t) => {
  const app = await build(t, { renderer: false })
  const page = (await app.inject({ url: `${UI}/workspaces/wsMain00001` })).body
  const card = await app.inject({ url: `${UI}/cards/${SCENE}` })
  t.equal(card.statusCode, 200)
  t.match(card.headers['content-type'], /^text\/html/)
  t.match(card.headers['content-security-policy'], /script-src 'self'/)
  t.match(card.body, new RegExp(`^<div class="card" data-card="${SCENE}">`), 'one card')
  t.ok(page.includes(card.body), 'the very card of the workspace page')

  const { body: before } = await call(t, app, 'GET', `/api/v1/scenes/${SCENE}`)
  const patched = await call(t, app, 'PATCH', `/api/v1/scenes/${SCENE}/content`, {
    body: { elements: [rect(cid('cardRect'), { index: 'a9' })] }
  })
  t.equal(patched.status, 200)
  await call(t, app, 'PATCH', `/api/v1/scenes/${SCENE}`, { body: { name: 'Renamed <b>shapes</b>' } })
  const { body: after } = await call(t, app, 'GET', `/api/v1/scenes/${SCENE}`)
  const fresh = (await app.inject({ url: `${UI}/cards/${SCENE}` })).body
  const version = `${after.metadata.sceneVersion}:${after.metadata.contentEpoch}`
  t.not(version, `${before.metadata.sceneVersion}:${before.metadata.contentEpoch}`)
  t.match(fresh, `data-version="${version}"`, 'the picture of the new version')
  t.match(fresh, `src="${UI}/scenes/${SCENE}.svg?v=${encodeURIComponent(version)}"`)
  t.match(fresh, `${after.metadata.totalElements - after.metadata.deletedElements} elements · v<code>${after.metadata.sceneVersion}</code>`, 'the new counts')
  t.match(fresh, '<strong>Renamed &lt;b&gt;shapes&lt;/b&gt;</strong>', 'the new name, escaped')
  t.ok((await app.inject({ url: `${UI}/workspaces/wsMain00001` })).body.includes(fresh), 'as a reload would show it')
})

t.test('a rename or a pin alone moves what the page polls, and the fresh card shows it', async (t) => {
  const app = await build(t, { renderer: false })
  const polled = async () => (await app.inject({ url: `${UI}/api/versions/wsMain00001` })).json()[SCENE] as string
  const shownOn = (card: string) => /data-shown="([^"]+)"/.exec(card)?.[1]
  const first = await polled()
  t.equal(shownOn((await app.inject({ url: `${UI}/cards/${SCENE}` })).body), first, 'the card carries the token the page polls')
  const { body: before } = await call(t, app, 'GET', `/api/v1/scenes/${SCENE}`)

  t.equal((await call(t, app, 'PATCH', `/api/v1/scenes/${SCENE}`, { body: { name: 'Only renamed' } })).status, 200)
  const renamed = await polled()
  const { body: afterRename } = await call(t, app, 'GET', `/api/v1/scenes/${SCENE}`)
  t.equal(`${afterRename.metadata.sceneVersion}:${afterRename.metadata.contentEpoch}`, `${before.metadata.sceneVersion}:${before.metadata.contentEpoch}`, 'a rename moves neither the version nor the epoch')
  t.not(renamed, first, 'but what the page polls moved')
  t.ok(renamed.startsWith(`${before.metadata.sceneVersion}:${before.metadata.contentEpoch}:`), 'the picture\'s version leads the token')
  const card = (await app.inject({ url: `${UI}/cards/${SCENE}` })).body
  t.equal(shownOn(card), renamed)
  t.match(card, '<strong>Only renamed</strong>')
  t.match(card, `data-version="${before.metadata.sceneVersion}:${before.metadata.contentEpoch}"`, 'the picture is the same')

  t.equal((await call(t, app, 'PATCH', `/api/v1/scenes/${SCENE}`, { body: { pinned: !before.metadata.pinned } })).status, 200)
  const pinned = await polled()
  t.not(pinned, renamed, 'a pin moves it too')
  t.equal(shownOn((await app.inject({ url: `${UI}/cards/${SCENE}` })).body), pinned)
  t.equal(await polled(), pinned, 'and it stays put while nothing changes')
})

t.test('an unknown or trashed scene has no card; with an admin token the route needs the sign-in', async (t) => {
  const app = await build(t, { renderer: false })
  const unknown = await app.inject({ url: `${UI}/cards/nope` })
  t.equal(unknown.statusCode, 404)
  t.match(unknown.json(), { statusCode: 404, error: 'Not Found' })
  t.equal((await call(t, app, 'DELETE', '/api/v1/scenes/scnEmpty001')).status, 200)
  t.equal((await app.inject({ url: `${UI}/cards/scnEmpty001` })).statusCode, 404, 'trashed')

  const guarded = await build(t, { renderer: false, adminToken: 'let-me-in' })
  t.equal((await guarded.inject({ url: `${UI}/cards/${SCENE}` })).statusCode, 401)
})

t.test('a card says when the scene was updated as a person reads it, the exact instant kept in <time>', async (t) => {
  const app = await build(t, { renderer: false })
  const { body: record } = await call(t, app, 'GET', `/api/v1/scenes/${SCENE}`)
  const iso = record.metadata.updated ?? record.metadata.created
  const card = (await app.inject({ url: `${UI}/cards/${SCENE}` })).body
  t.match(card, `<div class="muted">updated ${toText(readableTime(iso))}</div>`)
  t.notMatch(card.replace(/<time [^>]*>/g, ''), /\d{4}-\d{2}-\d{2}T/, 'no raw ISO timestamp shows')
})

t.test('readableTime: day, month, year, hours and minutes in UTC, whatever the machine\'s locale or zone', async (t) => {
  t.equal(toText(readableTime('2026-10-07T14:05:09.123Z')), '<time datetime="2026-10-07T14:05:09.123Z" title="2026-10-07T14:05:09.123Z">7 Oct 2026, 14:05 UTC</time>')
  t.equal(toText(readableTime('2027-01-01T00:00:00.000Z')), '<time datetime="2027-01-01T00:00:00.000Z" title="2027-01-01T00:00:00.000Z">1 Jan 2027, 00:00 UTC</time>')
  t.equal(toText(readableTime('2026-12-31T23:59:59.999+02:00')), '<time datetime="2026-12-31T23:59:59.999+02:00" title="2026-12-31T23:59:59.999+02:00">31 Dec 2026, 21:59 UTC</time>', 'an offset is turned into UTC')
  t.equal(toText(readableTime('not <a> date')), 'not &lt;a&gt; date', 'what is not a date is shown as it is, escaped')
})
