// The renderer's bookkeeping around its workers, with a stand-in pool whose jobs the test answers by hand: concurrent
// callers of one picture share one render (SVG and PNG), a picture whose render timed out or crashed its worker
// answers its error picture at once until the scene changes, pre-rendered pictures are served by digest and not
// after an edit. No assertion rests on how long anything takes.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync } from 'node:zlib'
import t, { type Test } from 'tap'
import { createRenderer, isRendererPicture, type RenderableScene } from '../../src/render/renderer.js'
import { sceneIdentity } from '../../src/render/contract.js'
import { pictureDigest, writePrerendered } from '../../src/render/prerendered.js'
import { RenderHostError, type RenderAnswer, type RenderJob, type WorkerHost } from '../../src/render/worker-host.js'
import { CHAR_WIDTH_EM } from '../../src/content/text-metrics.js'
import { until } from '../until.js'

interface Asked { job: RenderJob, timeoutMs: number, answer: (answer: RenderAnswer) => void, fail: (err: Error) => void }

/** A pool that records each job and leaves it open until the test answers or fails it. */
function handPool (): WorkerHost & { asked: Asked[] } {
  const asked: Asked[] = []
  return {
    asked,
    run: async (job, timeoutMs) => await new Promise<RenderAnswer>((resolve, reject) => asked.push({ job, timeoutMs, answer: resolve, fail: reject })),
    close: async () => {},
    running: 0,
    starts: 0,
    recycles: 0,
    retiring: 0
  }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const drawing = (label: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20" width="40" height="20"><text>${label}</text></svg>`
const rect = (x: number) => ({ id: 'r1', type: 'rectangle', x, y: 0, width: 40, height: 20, angle: 0, version: 1 })
const scene = (x = 0): RenderableScene => ({ elements: [rect(x)], appState: { viewBackgroundColor: '#ffffff' }, files: {} })

function setup (t: Test, prerendered: string | false = false) {
  const pool = handPool()
  const renderer = createRenderer({ enabled: true, timeoutMs: 5_000, prerendered }, { host: pool })
  t.teardown(() => renderer.close())
  return { pool, renderer }
}

t.test('six concurrent requests for one picture share one render, then the cache answers', async (t) => {
  const { pool, renderer } = setup(t)
  const callers = Array.from({ length: 6 }, () => renderer.renderSvg(scene(), { scene: sceneIdentity(scene()) }))
  await until(() => pool.asked.length > 0, 'a render asked of the pool')
  t.equal(pool.asked.length, 1, 'one job for six callers')
  t.same(pool.asked[0].job, { content: scene(), frameId: undefined, padding: 10, charWidthEm: CHAR_WIDTH_EM })
  pool.asked[0].answer({ svg: drawing('one') })
  t.same(await Promise.all(callers), Array(6).fill(drawing('one')), 'each caller gets that drawing')
  t.equal(await renderer.renderSvg(scene(), { scene: sceneIdentity(scene()) }), drawing('one'))
  t.match(renderer.stats(), { renders: 1, sharedRenders: 5, cacheHits: 1 })
  t.equal(pool.asked.length, 1, 'still one job')
})

t.test('concurrent PNG requests share one render and one conversion', async (t) => {
  const { pool, renderer } = setup(t)
  const callers = Array.from({ length: 4 }, () => renderer.renderPng(scene(), { scene: sceneIdentity(scene()), maxWidth: 20 }))
  await until(() => pool.asked.length > 0, 'a render asked of the pool')
  pool.asked[0].answer({ svg: drawing('png') })
  const pngs = await Promise.all(callers)
  t.ok(pngs.every((png) => png.subarray(0, 8).equals(PNG_SIGNATURE) && png.equals(pngs[0])), 'the same PNG for all')
  t.equal(pngs[0].readUInt32BE(16), 20, 'fitted to maxWidth')
  t.match(renderer.stats(), { renders: 1, sharedRenders: 3 })
  t.equal(pool.asked.length, 1)
})

t.test('callers without a scene identity are not joined: each gets its own render', async (t) => {
  const { pool, renderer } = setup(t)
  const callers = [renderer.renderSvg(scene()), renderer.renderSvg(scene())]
  await until(() => pool.asked.length === 2, '2 renders asked of the pool')
  pool.asked.forEach((asked, i) => asked.answer({ svg: drawing(`own ${i}`) }))
  t.same(await Promise.all(callers), [drawing('own 0'), drawing('own 1')])
})

t.test('a render that timed out answers its error picture at once until the scene changes', async (t) => {
  const { pool, renderer } = setup(t)
  const first = renderer.renderSvg(scene(), { scene: sceneIdentity(scene()) })
  const joined = renderer.renderSvg(scene(), { scene: sceneIdentity(scene()) })
  await until(() => pool.asked.length > 0, 'a render asked of the pool')
  t.equal(pool.asked[0].timeoutMs, 5_000, 'the renderer\'s time limit')
  pool.asked[0].fail(new RenderHostError('render took longer than 5000 ms', 'timeout'))
  const [svg, joinedSvg] = await Promise.all([first, joined])
  t.ok(isRendererPicture(svg) && svg.includes('data-render="error"') && svg.includes('render took longer than 5000 ms'), 'an error picture that says why')
  t.equal(joinedSvg, svg, 'the caller that joined gets it too')

  t.equal(await renderer.renderSvg(scene(), { scene: sceneIdentity(scene()) }), svg, 'asked again: the same error picture')
  const png = await renderer.renderPng(scene(), { scene: sceneIdentity(scene()) })
  t.equal(png.readUInt32BE(16), 480, 'as PNG: the error picture\'s width')
  t.equal(pool.asked.length, 1, 'without asking a worker again')
  t.match(renderer.stats(), { timeouts: 1, failures: 1, rememberedFailures: 2, renders: 1 })

  const changed = renderer.renderSvg(scene(5), { scene: sceneIdentity(scene(5)) })
  await until(() => pool.asked.length === 2, '2 renders asked of the pool')
  pool.asked[1].answer({ svg: drawing('changed') })
  t.equal(await changed, drawing('changed'), 'the next scene version is drawn')
})

t.test('a render that killed its worker is remembered too; a worker that could not start is not', async (t) => {
  const { pool, renderer } = setup(t)
  const crashed = renderer.renderSvg(scene(1), { scene: sceneIdentity(scene(1)) })
  await until(() => pool.asked.length === 1, '1 render asked of the pool')
  pool.asked[0].fail(new RenderHostError('render worker exited (code 1)', 'crash'))
  t.match(await crashed, /render worker exited/)
  t.match(await renderer.renderSvg(scene(1), { scene: sceneIdentity(scene(1)) }), /render worker exited/)
  t.equal(pool.asked.length, 1, 'a crash is remembered')

  const unstarted = renderer.renderSvg(scene(2), { scene: sceneIdentity(scene(2)) })
  await until(() => pool.asked.length === 2, '2 renders asked of the pool')
  pool.asked[1].fail(new RenderHostError('render worker did not start in time', 'start'))
  t.match(await unstarted, /did not start in time/)
  const retried = renderer.renderSvg(scene(2), { scene: sceneIdentity(scene(2)) })
  await until(() => pool.asked.length === 3, '3 renders asked of the pool')
  pool.asked[2].answer({ svg: drawing('started') })
  t.equal(await retried, drawing('started'), 'not the scene\'s fault: asked again')

  const broken = renderer.renderSvg(scene(3), { scene: sceneIdentity(scene(3)) })
  await until(() => pool.asked.length === 4, '4 renders asked of the pool')
  pool.asked[3].answer({ error: 'element at index 0 is not an object' })
  t.match(await broken, /element at index 0 is not an object/, 'a scene the worker refuses: its error picture')
})

t.test('content given as a function is read only for a picture not cached, before the renderer awaits anything', async (t) => {
  const { pool, renderer } = setup(t)
  let reads = 0
  const source = (): RenderableScene => { reads += 1; return scene() }
  const identity = sceneIdentity(scene())
  const svg = renderer.renderSvg(source, { scene: identity })
  t.equal(reads, 1, 'read within the call, before it awaited anything')
  await until(() => pool.asked.length === 1, '1 render asked of the pool')
  t.same(pool.asked[0].job.content, scene(), 'the worker draws what it read')
  pool.asked[0].answer({ svg: drawing('read') })
  t.equal(await svg, drawing('read'))
  t.equal(await renderer.renderSvg(source, { scene: identity }), drawing('read'), 'a cached picture')
  t.equal(reads, 1, 'is served without reading the content')
  const png = renderer.renderPng(source, { scene: identity })
  t.equal(reads, 2, 'a PNG not cached yet: read within the call')
  t.ok((await png).subarray(0, 8).equals(PNG_SIGNATURE))
  await renderer.renderPng(source, { scene: identity })
  t.equal(reads, 2, 'once cached, not read')
  const frame = renderer.renderSvg(source, { scene: identity, frameId: 'f1' })
  t.equal(reads, 3, 'another picture of it: read')
  await until(() => pool.asked.length === 2, '2 renders asked of the pool')
  pool.asked[1].answer({ svg: drawing('frame') })
  t.equal(await frame, drawing('frame'))
})

t.test('reset (clearCache) forgets remembered failures as well as pictures', async (t) => {
  const { pool, renderer } = setup(t)
  const first = renderer.renderSvg(scene(), { scene: sceneIdentity(scene()) })
  await until(() => pool.asked.length === 1, '1 render asked of the pool')
  pool.asked[0].fail(new RenderHostError('render took longer than 5000 ms', 'timeout'))
  await first
  renderer.clearCache()
  const again = renderer.renderSvg(scene(), { scene: sceneIdentity(scene()) })
  await until(() => pool.asked.length === 2, '2 renders asked of the pool')
  pool.asked[1].answer({ svg: drawing('after reset') })
  t.equal(await again, drawing('after reset'))
})

t.test('pre-rendered pictures: served by digest without a worker, not after an edit, frame or padding change', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'prerendered-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const file = join(dir, 'pictures.json.br')
  writePrerendered(file, [
    { digest: pictureDigest(scene(), undefined, 10), elements: 1, svg: drawing('built') },
    { digest: pictureDigest(scene(), 'frame-1', 10), elements: 1, svg: drawing('built frame') }
  ])
  const { pool, renderer } = setup(t, file)
  t.equal(await renderer.renderSvg(scene(), { scene: sceneIdentity(scene()) }), drawing('built'))
  t.equal(await renderer.renderSvg(scene(), { frameId: 'frame-1' }), drawing('built frame'))
  t.ok((await renderer.renderPng(scene())).subarray(0, 8).equals(PNG_SIGNATURE), 'its PNG too')
  t.equal(pool.asked.length, 0, 'no worker asked')
  t.match(renderer.stats(), { prerenderedHits: 3, renders: 0 })

  const asks = [
    renderer.renderSvg(scene(1)),
    renderer.renderSvg({ ...scene(), elements: [{ ...rect(0), version: 2 }] }),
    renderer.renderSvg({ ...scene(), appState: { viewBackgroundColor: '#fff3bf' } }),
    renderer.renderSvg(scene(), { padding: 20 }),
    renderer.renderSvg(scene(), { frameId: 'frame-2' })
  ]
  await until(() => pool.asked.length === asks.length, 'every render asked of the pool')
  t.pass('an edited element, a new version, another background, padding or frame: each drawn by a worker')
  pool.asked.forEach((asked) => asked.answer({ svg: drawing('live') }))
  t.same(await Promise.all(asks), Array(asks.length).fill(drawing('live')))
})

t.test('no record, an unreadable one or one of another format: nothing pre-rendered, every picture drawn', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'prerendered-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const garbage = join(dir, 'garbage.br')
  writeFileSync(garbage, 'not brotli')
  const older = join(dir, 'older.br')
  const picture = { elements: 1, svg: drawing('built by an older format') }
  writeFileSync(older, brotliCompressSync(JSON.stringify({ format: 0, pictures: { [pictureDigest(scene(), undefined, 10)]: picture } })))
  for (const file of [join(dir, 'missing.br'), garbage, older]) {
    const { pool, renderer } = setup(t, file)
    const asked = renderer.renderSvg(scene())
    await until(() => pool.asked.length === 1, '1 render asked of the pool')
    pool.asked[0].answer({ svg: drawing('live') })
    t.equal(await asked, drawing('live'), file)
  }
})

t.test('renderer off: placeholders, pre-rendered pictures included, and no worker', async (t) => {
  const pool = handPool()
  const off = createRenderer({ enabled: false, timeoutMs: 5_000 }, { host: pool })
  t.match(await off.renderSvg(scene(), { scene: sceneIdentity(scene()) }), /data-render="placeholder"/)
  t.equal(pool.asked.length, 0)
  await off.close()
})
