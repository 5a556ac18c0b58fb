// create_diagram: validation rejects the whole call, the layout is deterministic, and the result is valid content.
import t from 'tap'
import { planDiagram } from '../../src/mcp/diagram.js'
import { rankNodes } from '../../src/mcp/core/layout.js'
import { rect } from '../content/element-builders.js'
import { cid } from '../content/element-builders.js'
import { apply, byId, clock, seeded, stored, toolFails } from './helpers.js'

const flow = {
  title: 'Login',
  nodes: [
    { id: 'start', label: 'User opens app', kind: 'start' },
    { id: 'auth', label: 'Auth Flow' },
    { id: 'ok', label: 'Valid?', kind: 'decision' },
    { id: 'home', label: 'Home screen' },
    { id: 'err', label: 'Show error' }
  ],
  edges: [
    { from: 'start', to: 'auth' },
    { from: 'auth', to: 'ok', label: 'token' },
    { from: 'ok', to: 'home', label: 'yes', kind: 'success' },
    { from: 'ok', to: 'err', label: 'no', kind: 'failure' },
    { from: 'err', to: 'auth', label: 'retry' }
  ],
  groups: [{ label: 'Backend', nodes: ['auth', 'ok'] }]
}

t.test('ranks: BFS depth from the sources; cycles without a source still get ranks', async (t) => {
  const rank = rankNodes(['a', 'b', 'c', 'd'], [{ from: 'a', to: 'b' }, { from: 'b', to: 'c' }, { from: 'a', to: 'c' }, { from: 'c', to: 'a' }])
  t.same(Object.fromEntries(rank), { a: 0, b: 1, c: 1, d: 0 }, 'd is a source too; c is one step from a')
  const loop = rankNodes(['x', 'y'], [{ from: 'x', to: 'y' }, { from: 'y', to: 'x' }])
  t.same(Object.fromEntries(loop), { x: 0, y: 1 })
})

t.test('a diagram is valid content, elbow arrows are bound inside at side midpoints', async (t) => {
  const current = stored([])
  const { patch, answer } = planDiagram(current, flow, seeded(), clock)
  const next = apply(t, current, patch)
  t.equal(answer.edgeIds.length, 5)
  t.same(Object.keys(answer.nodeIds), ['start', 'auth', 'ok', 'home', 'err'])
  t.equal(answer.groupIds.length, 1)
  t.ok(answer.titleId)
  t.equal(answer.added, patch.elements.length, 'everything in the patch is new')
  t.equal(answer.deleted, 0)
  const start = byId(next, answer.nodeIds.start)
  const auth = byId(next, answer.nodeIds.auth)
  t.match(start, { type: 'ellipse', width: 200 })
  t.match(byId(next, answer.nodeIds.ok), { type: 'diamond' })
  t.ok((auth.x as number) > (start.x as number), 'RIGHT: the second rank is right of the first')
  const first = byId(next, answer.edgeIds[0])
  t.match(first, { type: 'arrow', elbowed: true, roundness: null })
  t.same(first.startBinding, { elementId: start.id, fixedPoint: [1, 0.5], mode: 'inside' })
  t.same(first.endBinding, { elementId: auth.id, fixedPoint: [0, 0.5], mode: 'inside' })
  t.equal(first.x, (start.x as number) + (start.width as number), 'starts at the right side midpoint')
  t.equal(first.y, (start.y as number) + (start.height as number) / 2)
  const points = first.points as number[][]
  const last = points[points.length - 1]
  t.equal((first.x as number) + last[0], auth.x, 'ends at the left side of the target')
  t.ok(points.every((p, i) => i === 0 || p[0] === points[i - 1][0] || p[1] === points[i - 1][1]), 'orthogonal segments')
  t.equal(byId(next, answer.edgeIds[2]).strokeColor, '#2f9e44', 'success edges are green')
  t.ok(next.elements.some((e) => e.containerId === answer.edgeIds[1] && e.text === 'token'), 'edge label bound to its arrow')
  t.same((auth.boundElements as Array<{ type: string }>).map((b) => b.type).sort(), ['arrow', 'arrow', 'arrow', 'text'])
  t.match(byId(next, answer.groupIds[0]), { strokeStyle: 'dashed', type: 'rectangle' })
})

t.test('same input and seed → the same patch; direction is case-insensitive', async (t) => {
  const a = planDiagram(stored([]), { ...flow, direction: 'down' }, seeded(4), clock)
  const b = planDiagram(stored([]), { ...flow, direction: 'DOWN' }, seeded(4), clock)
  t.same(a, b)
  const start = a.patch.elements.find((e) => e.id === a.answer.nodeIds.start)!
  const auth = a.patch.elements.find((e) => e.id === a.answer.nodeIds.auth)!
  t.ok((auth.y as number) > (start.y as number), 'DOWN: the second rank is below the first')
  const arrow = a.patch.elements.find((e) => e.id === a.answer.edgeIds[0])!
  t.same((arrow.startBinding as { fixedPoint: number[] }).fixedPoint, [0.5, 1], 'leaves from the bottom')
  for (const direction of ['left', 'Up']) {
    const plan = planDiagram(stored([]), { ...flow, direction }, seeded(4), clock)
    apply(t, stored([]), plan.patch)
  }
})

t.test('placed right of existing content, or alone with clearExisting', async (t) => {
  const current = stored([rect(cid('old'), { x: 0, y: 50, width: 300, height: 100 })])
  const beside = planDiagram(current, { nodes: [{ id: 'a', label: 'A' }], edges: [] }, seeded(), clock)
  t.equal(beside.answer.bounds.x, 500)
  t.equal(beside.answer.bounds.y, 50)
  const cleared = planDiagram(current, { nodes: [{ id: 'a', label: 'A' }], edges: [], clearExisting: true }, seeded(), clock)
  t.equal(cleared.answer.deleted, 1)
  t.equal(cleared.answer.bounds.x, 0)
  const next = apply(t, current, cleared.patch)
  t.equal(byId(next, cid('old')).isDeleted, true)
})

t.test('bad ids, long labels, dangling edges and unknown directions reject the whole call', async (t) => {
  const one = (extra: Record<string, unknown>) => () => planDiagram(stored([]), { nodes: [{ id: 'a', label: 'A' }], edges: [], ...extra }, seeded(), clock)
  toolFails(t, one({ nodes: [{ id: 'a b', label: 'A' }] }), /nodes\[0\]\.id "a b" is not a valid node id/)
  toolFails(t, one({ nodes: [{ id: 'a', label: 'x'.repeat(301) }] }), /nodes\[0\]\.label is longer than 300 characters/)
  t.doesNotThrow(one({ nodes: [{ id: 'a:b.c-d_e', label: 'x'.repeat(300) }] }), '300 characters and the full id alphabet are fine')
  toolFails(t, one({ edges: [{ from: 'a', to: 'zz' }] }), /edges\[0\]\.to: no node has the id "zz"/)
  toolFails(t, one({ edges: [{ from: 'a', to: 'a', label: 'y'.repeat(301) }] }), /edges\[0\]\.label is longer/)
  toolFails(t, one({ direction: 'sideways' }), /direction must be one of RIGHT, DOWN, LEFT, UP/)
  toolFails(t, one({ nodes: [{ id: 'a', label: 'A' }, { id: 'a', label: 'B' }] }), /used twice/)
  toolFails(t, one({ nodes: [] }), /at least one node/)
  toolFails(t, one({ groups: [{ nodes: ['q'] }] }), /groups\[0\]\.nodes: no node has the id "q"/)
})
