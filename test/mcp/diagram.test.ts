// create_diagram: validation rejects the whole call, the layout is deterministic, and the result is valid content.
// (The layout's properties over many generated graphs: diagram-layout.test.ts.)
import t, { type Test } from 'tap'
import { planDiagram } from '../../src/mcp/diagram.js'
import type { DiagramArguments } from '../../src/mcp/core/diagram-input.js'
import { McpToolError } from '../../src/mcp/tool-errors.js'
import { cid, rect } from '../content/element-builders.js'
import { diagramProblems } from './diagram-checks.js'
import { apply, byId, clock, seeded, stored } from './helpers.js'

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

/** A tool error from an async plan, with the message an agent reads. */
async function rejects (t: Test, plan: Promise<unknown>, pattern: RegExp): Promise<void> {
  const err = await plan.then(() => undefined, (e: unknown) => e)
  t.ok(err instanceof McpToolError, `McpToolError, got ${String(err)}`)
  t.match((err as Error).message, pattern)
}

t.test('a diagram is valid content: shapes by kind, elbow arrows bound on the outlines, labels bound, a dashed group', async (t) => {
  const current = stored([])
  const { patch, answer } = await planDiagram(current, flow, seeded(), clock)
  const next = apply(t, current, patch)
  t.equal(answer.edgeIds.length, 5)
  t.same(Object.keys(answer.nodeIds), ['start', 'auth', 'ok', 'home', 'err'])
  t.equal(answer.groupIds.length, 1)
  t.ok(answer.titleId)
  t.equal(answer.added, patch.elements.length, 'everything in the patch is new')
  t.equal(answer.deleted, 0)
  t.same(diagramProblems(next.elements, { ...flow, groups: flow.groups }, answer), [])
  const start = byId(next, answer.nodeIds.start)
  const auth = byId(next, answer.nodeIds.auth)
  t.match(start, { type: 'ellipse' })
  t.match(byId(next, answer.nodeIds.ok), { type: 'diamond' })
  t.ok((auth.x as number) >= (start.x as number) + (start.width as number), 'RIGHT: the second rank is right of the first')
  const first = byId(next, answer.edgeIds[0])
  t.match(first, { type: 'arrow', elbowed: true, roundness: null, startBinding: { elementId: start.id, mode: 'inside' }, endBinding: { elementId: auth.id, mode: 'inside' } })
  t.equal((first.endBinding as { fixedPoint: number[] }).fixedPoint[0], 0, 'enters the left side of the next rank')
  t.equal(byId(next, answer.edgeIds[2]).strokeColor, '#2f9e44', 'success edges are green')
  t.ok(next.elements.some((e) => e.containerId === answer.edgeIds[1] && e.text === 'token'), 'edge label bound to its arrow')
  t.same((auth.boundElements as Array<{ type: string }>).map((b) => b.type).sort(), ['arrow', 'arrow', 'arrow', 'text'])
  t.match(byId(next, answer.groupIds[0]), { strokeStyle: 'dashed', type: 'rectangle' })
})

t.test('same input and seed → the same patch; direction is case-insensitive', async (t) => {
  const a = await planDiagram(stored([]), { ...flow, direction: 'down' }, seeded(4), clock)
  const b = await planDiagram(stored([]), { ...flow, direction: 'DOWN' }, seeded(4), clock)
  t.same(a, b)
  const start = a.patch.elements.find((e) => e.id === a.answer.nodeIds.start)!
  const auth = a.patch.elements.find((e) => e.id === a.answer.nodeIds.auth)!
  t.ok((auth.y as number) >= (start.y as number) + (start.height as number), 'DOWN: the second rank is below the first')
  const arrow = a.patch.elements.find((e) => e.id === a.answer.edgeIds[0])!
  const points = arrow.points as number[][]
  t.ok(points[1][1] > points[0][1] && points[1][0] === points[0][0], 'leaves downwards')
  t.equal((arrow.endBinding as { fixedPoint: number[] }).fixedPoint[1], 0, 'enters the top of the next rank')
  for (const direction of ['left', 'Up']) {
    const plan = await planDiagram(stored([]), { ...flow, direction }, seeded(4), clock)
    apply(t, stored([]), plan.patch)
  }
})

t.test('placed right of existing content, or alone with clearExisting', async (t) => {
  const current = stored([rect(cid('old'), { x: 0, y: 50, width: 300, height: 100 })])
  const beside = await planDiagram(current, { nodes: [{ id: 'a', label: 'A' }], edges: [] }, seeded(), clock)
  t.equal(beside.answer.bounds.x, 500)
  t.equal(beside.answer.bounds.y, 50)
  const cleared = await planDiagram(current, { nodes: [{ id: 'a', label: 'A' }], edges: [], clearExisting: true }, seeded(), clock)
  t.equal(cleared.answer.deleted, 1)
  t.equal(cleared.answer.bounds.x, 0)
  const next = apply(t, current, cleared.patch)
  t.equal(byId(next, cid('old')).isDeleted, true)
})

t.test('what the schema cannot state rejects the whole call: unknown ids, reused ids, directions, partly shared groups', async (t) => {
  // Types, sizes, the id alphabet and label lengths are the input schema's (tool-arguments.test.ts, through the endpoint).
  const one = (extra: Partial<DiagramArguments>) => planDiagram(stored([]), { nodes: [{ id: 'a', label: 'A' }], edges: [], ...extra }, seeded(), clock)
  await t.resolves(one({ nodes: [{ id: 'a:b.c-d_e', label: 'x'.repeat(300) }] }), '300 characters and the full id alphabet are fine')
  await rejects(t, one({ edges: [{ from: 'a', to: 'zz' }] }), /^edges\[0\]\.to: no node has the id "zz"$/)
  await rejects(t, one({ edges: [{ from: 'zz', to: 'a' }] }), /^edges\[0\]\.from: no node has the id "zz"$/)
  await rejects(t, one({ direction: 'sideways' }), /^direction must be one of RIGHT, DOWN, LEFT, UP \(any case\)$/)
  await rejects(t, one({ nodes: [{ id: 'a', label: 'A' }, { id: 'a', label: 'B' }] }), /^node id "a" is used twice$/)
  await rejects(t, one({ groups: [{ nodes: ['q'] }] }), /^groups\[0\]\.nodes: no node has the id "q"$/)
  const abc = ['a', 'b', 'c'].map((id) => ({ id, label: id }))
  await rejects(t, one({ nodes: abc, groups: [{ nodes: ['a', 'b'] }, { nodes: ['b', 'c'] }] }),
    /^groups\[0\] and groups\[1\] share the node "b" but neither holds all of the other's nodes/)
  await t.resolves(one({ nodes: abc, groups: [{ nodes: ['a', 'b', 'c'] }, { nodes: ['b', 'c'] }, { nodes: ['c', 'b'] }] }), 'nested groups are fine')
  await t.resolves(one({ edges: undefined }), 'edges default to none')
})
