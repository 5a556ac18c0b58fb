// create_diagram's layout, checked from the stored elements on generated graphs of 2 to 30 nodes in all four
// directions: no overlapping nodes, labels whole and inside their shapes, groups holding exactly their nodes,
// arrows starting and ending on their shapes' outlines at points of their own, orthogonal routes of bounded
// length that run through no other node, edge labels clear of nodes and of each other; and the same elements
// (ids included) for the same input. One list of problems per diagram.
import t from 'tap'
import { planDiagram } from '../../src/mcp/diagram.js'
import { diagramProblems, generateGraph, type GraphSpec } from './diagram-checks.js'
import { apply, clock, seeded, stored } from './helpers.js'

const DIRECTIONS = ['RIGHT', 'DOWN', 'LEFT', 'UP'] as const
const SIZES = [2, 3, 4, 6, 8, 10, 13, 16, 20, 24, 27, 30]

/** The issue's own example: long words, a decision, a back edge, two parallel edges, edges into and out of a group. */
const INVOICES: GraphSpec = {
  nodes: [
    { id: 'recv', label: 'Receive invoice by email', kind: 'start' },
    { id: 'ocr', label: 'Extract fields with OCR' },
    { id: 'valid', label: 'Fields complete?', kind: 'decision' },
    { id: 'recon', label: 'Reconciliation against purchase orders' },
    { id: 'cred', label: 'Check supplier Credentials' },
    { id: 'auth', label: 'Manager authorisation', kind: 'decision' },
    { id: 'pay', label: 'Schedule payment run' },
    { id: 'ledger', label: 'Post to general ledger', kind: 'data' },
    { id: 'reject', label: 'Return to supplier' },
    { id: 'done', label: 'Archived', kind: 'end' }
  ],
  edges: [
    { from: 'recv', to: 'ocr' }, { from: 'ocr', to: 'valid' },
    { from: 'valid', to: 'recon', label: 'yes', kind: 'success' }, { from: 'valid', to: 'reject', label: 'missing data', kind: 'failure' },
    { from: 'recon', to: 'cred' }, { from: 'cred', to: 'auth' },
    { from: 'auth', to: 'pay', label: 'approved', kind: 'success' }, { from: 'auth', to: 'reject', label: 'declined', kind: 'failure' },
    { from: 'pay', to: 'ledger', label: 'receipt' }, { from: 'pay', to: 'ledger', label: 'invoice' },
    { from: 'reject', to: 'recv', label: 'resubmitted' }, { from: 'ledger', to: 'done' }
  ],
  groups: [{ label: 'Finance team', nodes: ['recon', 'cred', 'auth', 'pay'] }]
}

const cases: Array<{ name: string, spec: GraphSpec }> = [
  { name: 'invoices', spec: INVOICES },
  // An edge from inside a group back to a node before it: left to the engine, it leaves the group on its far side
  // and runs around it (2,436 px between shapes 496 px apart).
  { name: 'a back edge out of a group', spec: generateGraph(1003, 8) },
  ...SIZES.map((n, i) => ({ name: `generated ${n} nodes`, spec: generateGraph(2300 + i, n) }))
]

for (const { name, spec } of cases) {
  t.test(`${name} (${spec.edges.length} edges, ${spec.groups.length} groups): laid out right in every direction`, async (t) => {
    for (const direction of DIRECTIONS) {
      const { patch, answer } = await planDiagram(stored([]), { ...spec, direction }, seeded(), clock)
      const next = apply(t, stored([]), patch)
      t.same(diagramProblems(next.elements, spec, answer), [], direction)
    }
  })
}

t.test('the same input gives the same elements, ids included; another seed gives other ids only', async (t) => {
  const spec = generateGraph(2318, 20)
  const first = await planDiagram(stored([]), { ...spec, direction: 'DOWN' }, seeded(3), clock)
  const again = await planDiagram(stored([]), { ...spec, direction: 'DOWN' }, seeded(3), clock)
  t.same(again, first)
  const other = await planDiagram(stored([]), { ...spec, direction: 'DOWN' }, seeded(4), clock)
  const geometry = (plan: typeof first) => plan.patch.elements.map((e) => [e.type, e.x, e.y, e.width, e.height, e.points ?? null])
  t.same(geometry(other), geometry(first), 'the layout does not depend on the ids')
  t.not(other.answer.nodeIds.n0, first.answer.nodeIds.n0)
})
