// docs/demo.md's word on a picture's ETag, held to what the pictures answer: a digest of what the picture shows (the
// drawing, the frame asked for, a PNG's maxWidth), not the scene's version, and sent back it is a 304.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { build, call, KEYS } from '../helper.js'
import { ROOT } from '../processes.js'
import { cid, frame, putBody, rect } from '../content/element-builders.js'

const UI = '/_emulator/ui'
const SCENE = 'scnShapes01'
const FRAME = cid('frame')

/** A frame holding one rectangle `width` wide, at `version` under the same versionNonce (sceneVersion folds nonces). */
const drawing = (width: number, version = 1) => [
  frame(FRAME, { x: 0, y: 0, width: 400, height: 100 }),
  rect(cid('box'), { width, height: 40, version, versionNonce: 7, frameId: FRAME })
]

async function etagOf (app: FastifyInstance, url: string): Promise<string> {
  const res = await app.inject({ url: `${UI}/scenes/${SCENE}${url}` })
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`)
  return String(res.headers.etag)
}

t.test('docs/demo.md says what a picture\'s ETag is', async (t) => {
  const page = readFileSync(join(ROOT, 'docs', 'demo.md'), 'utf8').replace(/\s+/g, ' ')
  t.match(page, 'Each picture carries an `ETag`, a digest of what it shows (the drawing, with the frame asked for and, for a PNG, its `maxWidth`), not the scene\'s version: an edit that keeps `sceneVersion` but changes the drawing gets a new one, and one sent back in `If-None-Match` is answered `304`.')
})

t.test('a picture\'s ETag follows what it shows, not the scene\'s version; sent back, it is a 304', async (t) => {
  const app = await build(t)
  const put = await call(t, app, 'PUT', `/api/v1/scenes/${SCENE}/content`, { key: KEYS.full, body: putBody(drawing(100)) })
  t.equal(put.status, 200)
  const versionOf = async () => (await call(t, app, 'GET', `/api/v1/scenes/${SCENE}`, { key: KEYS.full })).body.metadata.sceneVersion
  const before = { version: await versionOf(), svg: await etagOf(app, '.svg'), png: await etagOf(app, '.png') }
  const framed = await etagOf(app, `.svg?frameId=${FRAME}`)
  const narrow = await etagOf(app, '.png?maxWidth=60')
  t.equal(new Set([before.svg, before.png, framed, narrow]).size, 4, 'the whole scene, a frame, a PNG and a narrower PNG each have their own')
  t.equal(await etagOf(app, '.svg'), before.svg, 'the same drawing, the same ETag')

  const again = await app.inject({ url: `${UI}/scenes/${SCENE}.png`, headers: { 'if-none-match': before.png } })
  t.same([again.statusCode, again.headers.etag, again.rawPayload.length], [304, before.png, 0], 'sent back: 304, nothing drawn')

  const patched = await call(t, app, 'PATCH', `/api/v1/scenes/${SCENE}/content`, { key: KEYS.full, body: { elements: [drawing(300, 2)[1]] } })
  t.equal(patched.status, 200)
  t.equal(await versionOf(), before.version, 'the edit kept sceneVersion')
  const after = { svg: await etagOf(app, '.svg'), png: await etagOf(app, '.png'), framed: await etagOf(app, `.svg?frameId=${FRAME}`) }
  t.ok(after.svg !== before.svg && after.png !== before.png && after.framed !== framed, 'yet every picture of it has a new ETag')
  const stale = await app.inject({ url: `${UI}/scenes/${SCENE}.png`, headers: { 'if-none-match': before.png } })
  t.equal(stale.statusCode, 200, 'the old ETag sent back gets the new picture')
})
