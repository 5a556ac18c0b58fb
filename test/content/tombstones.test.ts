// The tombstone bound (content/tombstones.ts): past it the oldest deleted elements go, by `updated` then by place,
// never one another element references; live elements and the order of what is kept never change.
import t from 'tap'
import { boundTombstones } from '../../src/content/tombstones.js'
import { cid, rect, text } from './element-builders.js'

const gone = (name: string, updated: number, extra: Record<string, unknown> = {}) => rect(cid(name), { isDeleted: true, updated, ...extra })
const ids = (elements: Array<{ id: string }>) => elements.map((e) => e.id.replace(/_+$/, ''))

t.test('under or at the bound, or with no bound, the very same array', async (t) => {
  const elements = [rect(cid('live')), gone('old', 1), gone('new', 2)]
  t.equal(boundTombstones(elements, 2), elements)
  t.equal(boundTombstones(elements, 0), elements, '0 keeps every tombstone')
})

t.test('past the bound the oldest go: by updated, then by place; live elements stay where they were', async (t) => {
  const elements = [gone('b', 5), rect(cid('live1')), gone('a', 1), gone('c', 5), rect(cid('live2')), gone('d', 9)]
  t.same(ids(boundTombstones(elements, 2)), ['live1', 'c', 'live2', 'd'], 'a (oldest) and b (same time as c, earlier in place) go')
  t.same(ids(boundTombstones(elements, 1)), ['live1', 'live2', 'd'])
})

t.test('a tombstone another element references stays, so the scene keeps passing the reference checks', async (t) => {
  const elements = [
    gone('box', 1, { boundElements: [{ id: cid('label'), type: 'text' }] }),
    text(cid('label'), { containerId: cid('box') }),
    gone('frame', 2, { type: 'frame', name: null }),
    rect(cid('inframe'), { frameId: cid('frame') }),
    gone('x', 3),
    gone('y', 4)
  ]
  t.same(ids(boundTombstones(elements, 2)), ['box', 'label', 'frame', 'inframe'], 'x and y go although box and frame are older')
  t.same(ids(boundTombstones(elements, 1)), ['box', 'label', 'frame', 'inframe'], 'the bound is exceeded rather than a reference broken')
})
