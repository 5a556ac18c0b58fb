// The renderer of an install without some of the renderer's packages: its PNG cache takes the renderer's bounds and
// keys a picture by what changes it, as the full renderer's does (render/contract.ts).
import t from 'tap'
import { createPrebuiltOnlyRenderer } from '../../src/render/prebuilt-only.js'
import type { RendererStats } from '../../src/render/contract.js'

const STATS: RendererStats = {
  enabled: false, workerRunning: false, workersRunning: 0, workerStarts: 0, workerRecycles: 0, renders: 0, prerenderedHits: 0,
  sharedRenders: 0, rememberedFailures: 0, failures: 0, timeouts: 0, cacheHits: 0, cacheEntries: 0, cacheBytes: 0
}
const scene = { elements: [] }

function renderer (bounds: { cacheEntries?: number }) {
  return createPrebuiltOnlyRenderer({ missing: ['jsdom'], install: 'npm install jsdom', neededPng: Buffer.alloc(0), baseStats: STATS, prerendered: false, ...bounds })
}

t.test('the PNG cache holds what its bound allows, one entry per picture', async (t) => {
  const bounded = renderer({ cacheEntries: 1 })
  const unbounded = renderer({})
  t.teardown(async () => { await bounded.close(); await unbounded.close() })
  for (const r of [bounded, unbounded]) {
    await r.renderPng(scene, { cacheKey: 's1@1' })
    await r.renderPng(scene, { cacheKey: 's1@1' })
    await r.renderPng(scene, { cacheKey: 's1@1', maxWidth: 300 })
    await r.renderPng(scene, { cacheKey: 's1@1', padding: 40 })
  }
  t.equal(bounded.stats().cacheEntries, 1, 'cacheEntries: 1 keeps one')
  t.equal(unbounded.stats().cacheEntries, 3, 'the default keeps each: the same picture once, another width and another padding apart')
})
