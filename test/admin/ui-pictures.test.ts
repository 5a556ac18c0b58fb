// A scene's picture is keyed by its drawing's identity (services/scene-content.ts `identity`, hashed from the stored
// text), the same for the demo page and MCP take_screenshot: the two share one render, and no edit that keeps
// sceneVersion and contentEpoch (a higher `version` under the same versionNonce), no other workspace holding the same
// scene id and no reset gets a picture drawn for other content; a 304 or a cached picture reads no content. Real
// renders (small scenes, one worker).
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { build, call, KEYS, swap } from '../helper.js'
import { callTool } from '../mcp/endpoint-helper.js'
import { cid, putBody, rect } from '../content/element-builders.js'

const UI = '/_emulator/ui'
const SCENE = 'scnShapes01'

/** One rectangle `width` wide, at `version` under the same versionNonce: sceneVersion folds only the nonces. */
const box = (width: number, version = 1) => [rect(cid('box'), { width, height: 40, version, versionNonce: 7 })]

const pngWidth = (png: Buffer): number => png.readUInt32BE(16)

async function pagePng (app: FastifyInstance): Promise<{ png: Buffer, etag: string }> {
  const res = await app.inject({ url: `${UI}/scenes/${SCENE}.png` })
  if (res.statusCode !== 200) throw new Error(`page PNG: ${res.statusCode} ${res.body}`)
  return { png: res.rawPayload, etag: String(res.headers.etag) }
}

/** take_screenshot at the page's padding (10) and box, so both ask for the same picture. */
async function screenshot (app: FastifyInstance, key: string): Promise<Buffer> {
  const result = await callTool(app, key, 'take_screenshot', { sceneId: SCENE, padding: 10 })
  if (result.content?.[0]?.type !== 'image') throw new Error(`take_screenshot: ${JSON.stringify(result)}`)
  return Buffer.from(result.content[0].data, 'base64')
}

async function metadataOf (app: FastifyInstance, key: string) {
  const { sceneVersion, contentEpoch } = (await call(t, app, 'GET', `/api/v1/scenes/${SCENE}`, { key })).body.metadata
  return { sceneVersion, contentEpoch }
}

async function put (app: FastifyInstance, key: string, width: number): Promise<void> {
  const res = await call(t, app, 'PUT', `/api/v1/scenes/${SCENE}/content`, { key, body: putBody(box(width)) })
  if (res.status !== 200) throw new Error(`PUT content: ${res.status} ${JSON.stringify(res.body)}`)
}

t.test('the page and take_screenshot share one render of a scene, and both follow its edits', async (t) => {
  const app = await build(t)
  await put(app, KEYS.full, 100)
  const first = await pagePng(app)
  const shot = await screenshot(app, KEYS.full)
  t.ok(shot.equals(first.png), 'take_screenshot answers the page\'s picture')
  t.equal(pngWidth(first.png), 120, 'the rectangle and its padding')
  t.match(app.renderer.stats(), { renders: 1, cacheHits: 1 }, 'drawn once, then taken from the cache')

  const before = await metadataOf(app, KEYS.full)
  const patched = await call(t, app, 'PATCH', `/api/v1/scenes/${SCENE}/content`, { key: KEYS.full, body: { elements: box(300, 2) } })
  t.equal(patched.status, 200)
  t.same(await metadataOf(app, KEYS.full), before, 'the edit kept sceneVersion and contentEpoch')
  const edited = await pagePng(app)
  t.equal(pngWidth(edited.png), 320, 'the page draws the edited rectangle')
  t.not(edited.etag, first.etag, 'under another ETag')
  t.equal(pngWidth(await screenshot(app, KEYS.full)), 320, 'and so does take_screenshot')
  t.match(app.renderer.stats(), { renders: 2 }, 'one more render for both')
})

t.test('another workspace\'s copy of a scene, and a scene after its workspace\'s reset, get their own pictures', async (t) => {
  const app = await build(t)
  const made = await app.inject({ method: 'POST', url: '/_emulator/workspaces', payload: { fixtures: 'demo' } })
  t.equal(made.statusCode, 200)
  const { workspace, keys } = made.json()
  await put(app, KEYS.full, 100)
  await put(app, keys.full, 200)
  t.same(await metadataOf(app, keys.full), await metadataOf(app, KEYS.full), 'the same scene id, sceneVersion and contentEpoch in both')
  t.equal(pngWidth(await screenshot(app, KEYS.full)), 120, 'this workspace\'s drawing')
  t.equal(pngWidth(await screenshot(app, keys.full)), 220, 'the other workspace\'s drawing')

  const reset = await app.inject({ method: 'POST', url: `/_emulator/workspaces/${String(workspace.id)}/reset` })
  t.equal(reset.statusCode, 200)
  await put(app, keys.full, 160)
  t.same(await metadataOf(app, keys.full), await metadataOf(app, KEYS.full), 'after the reset, the same versions again')
  t.equal(pngWidth(await screenshot(app, keys.full)), 180, 'the drawing made after the reset')
  t.equal(pngWidth(await screenshot(app, KEYS.full)), 120, 'and the first workspace\'s, unchanged')
})

t.test('a revalidated or cached picture is answered from the kept identity, reading no content', async (t) => {
  const app = await build(t)
  await put(app, KEYS.full, 100)
  const { etag, png: first } = await pagePng(app)
  const store = app.stores.sceneContent
  const reads = { text: 0, parsed: 0 }
  const { getText, get } = store
  swap(t, store, 'getText', (...args: Parameters<typeof getText>) => { reads.text += 1; return getText(...args) })
  swap(t, store, 'get', (...args: Parameters<typeof get>) => { reads.parsed += 1; return get(...args) })
  const again = await app.inject({ url: `${UI}/scenes/${SCENE}.png`, headers: { 'if-none-match': etag } })
  t.equal(again.statusCode, 304)
  t.equal(again.body, '')
  t.equal(again.headers.etag, etag)
  t.same(reads, { text: 0, parsed: 0 }, 'the identity kept since the first picture, the content not read')
  const svg = await app.inject({ url: `${UI}/scenes/${SCENE}.svg` })
  t.equal(svg.statusCode, 200)
  t.equal(svg.headers.etag, `${etag.split(':')[0]}:"`, 'the SVG\'s ETag: the same identity, no width')
  t.ok((await screenshot(app, KEYS.full)).equals(first), 'take_screenshot: the page\'s PNG')
  t.same(reads, { text: 0, parsed: 0 }, 'pictures in the cache (the SVG the PNG was drawn from, the PNG) are sent without reading the content')
  const narrow = await app.inject({ url: `${UI}/scenes/${SCENE}.png?maxWidth=60` })
  t.equal(narrow.statusCode, 200)
  t.equal(pngWidth(narrow.rawPayload), 60)
  t.same(reads, { text: 0, parsed: 1 }, 'a picture not in the cache reads the content it is made from')
  t.match(app.renderer.stats(), { renders: 1 }, 'all from one render')
})
