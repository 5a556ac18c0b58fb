// The render worker's memory helpers (src/render/worker-dom.mjs) in this thread: a drawn SVG's tree is let go once the
// job is over, and the collector is reachable without --expose-gc and without showing it to other contexts.
import { runInNewContext } from 'node:vm'
import t from 'tap'
// @ts-expect-error jsdom ships no declarations; the test uses its window as the worker does.
import { JSDOM } from 'jsdom'
import { exposedGc, forgetLastQueries } from '../../src/render/worker-dom.mjs'

const SVG_NS = 'http://www.w3.org/2000/svg'

/** A detached SVG of `count` groups, queried the way sanitise() and utils query an exported picture. */
function queriedPicture (document: Document, count: number): WeakRef<Element> {
  const svg = document.createElementNS(SVG_NS, 'svg')
  for (let i = 0; i < count; i++) svg.appendChild(document.createElementNS(SVG_NS, 'g')).setAttribute('id', `g${i}`)
  svg.querySelectorAll('*')
  svg.querySelector('#g7')
  svg.querySelector('defs')
  return new WeakRef(svg)
}

async function collected (ref: WeakRef<object>): Promise<boolean> {
  await new Promise((resolve) => setImmediate(resolve))
  exposedGc()({ type: 'major', execution: 'sync' })
  return ref.deref() === undefined
}

t.test('a queried picture stays alive in jsdom until forgetLastQueries, then it is collected', async (t) => {
  const { window } = new JSDOM('<!doctype html><html><head></head><body></body></html>')
  const kept = queriedPicture(window.document, 500)
  t.notOk(await collected(kept), 'without it, the selector engine still holds the picture (what the worker leaked)')
  const freed = queriedPicture(window.document, 500)
  forgetLastQueries(window)
  t.ok(await collected(freed), 'with it, nothing holds the picture')
  t.equal(window.document.querySelectorAll('head').length, 1, 'queries still work afterwards')
  t.equal(runInNewContext('typeof gc'), 'undefined', 'gc is not exposed to other contexts')
})
