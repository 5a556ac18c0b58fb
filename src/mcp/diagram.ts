// create_diagram: nodes and edges become labelled shapes and bound elbow arrows in a
// deterministic layered layout, with an optional title and dashed group boundaries; the result is a PATCH body.
import type { IdFactory } from '../lib/ids.js'
import type { Element } from '../schemas/elements.js'
import { syncArrowLinks, arrowTargets } from './core/bound.js'
import { Draft, SYSTEM_CLOCK, coveredBox, type NowSource, type SceneSnapshot, type ToolPlan } from './core/draft.js'
import { readDiagramInput, type DiagramEdge, type DiagramGroup, type DiagramInput, type DiagramNode } from './core/diagram-input.js'
import { createLabel, innerWidth } from './core/labels.js'
import { boundsOf, layoutDiagram, type Box, type Route } from './core/layout.js'
import { completeElement } from './core/skeleton.js'
import { DEFAULT_FONT_SIZE, measureText, wrapText } from './core/text.js'
import { verifyDraft } from './core/verify.js'

export interface DiagramAnswer {
  added: number
  deleted: number
  /** Your node id → the id of its shape. */
  nodeIds: Record<string, string>
  /** Arrow ids, in the order of `edges`. */
  edgeIds: string[]
  /** Boundary rectangle ids, in the order of `groups`. */
  groupIds: string[]
  titleId: string | null
  /** Box around everything drawn. */
  bounds: Box
}

const NODE_WIDTH = 200
const NODE_HEIGHT = 80
const LABEL_PADDING = 10
const TITLE_FONT_SIZE = 28
const GAP_AFTER_TITLE = 40
/** Room left between existing content and a new diagram ("every diagram is laid out from its own origin"). */
const GAP_TO_EXISTING = 200
const GROUP_PADDING = 30
const GROUP_FONT_SIZE = 16
const GROUP_COLOR = '#868e96'

// INFER: shapes and colours per kind are the emulator's; the guidance quoted is "colour edges by outcome".
const NODE_SHAPES: Readonly<Record<string, string>> = { decision: 'diamond', start: 'ellipse', end: 'ellipse', terminal: 'ellipse' }
const NODE_FILLS: Readonly<Record<string, string>> = {
  decision: '#fff9db', start: '#ebfbee', end: '#ebfbee', terminal: '#ebfbee', data: '#f3f0ff'
}
const EDGE_COLORS: Readonly<Record<string, string>> = { success: '#2f9e44', failure: '#e03131', error: '#e03131', warning: '#f08c00' }

export function planDiagram (current: SceneSnapshot, args: Record<string, unknown>, ids: IdFactory, clock: NowSource = SYSTEM_CLOCK): ToolPlan<DiagramAnswer> {
  const input = readDiagramInput(args)
  const draft = new Draft(current, ids, clock)
  let deleted = 0
  if (input.clearExisting) for (const element of draft.liveElements()) { draft.tombstone(element.id); deleted++ }
  const origin = originFor(draft)
  const titleId = input.title === undefined ? null : drawText(draft, input.title, origin.x, origin.y, TITLE_FONT_SIZE).id
  const top = titleId === null ? origin.y : origin.y + (draft.get(titleId)?.height as number) + GAP_AFTER_TITLE
  const { boxes, routes, groupBoxes } = placeNodes(input, origin.x, top)
  const groupIds = input.groups.map((group, i) => drawGroup(draft, group, groupBoxes[i]))
  const nodeIds = Object.fromEntries(input.nodes.map((node) => [node.id, drawNode(draft, node, boxes.get(node.id) as Box).id]))
  const edgeIds = input.edges.map((edge, i) => drawEdge(draft, edge, routes[i], nodeIds).id)
  verifyDraft(draft)
  const created = draft.touchedIds().filter((id) => draft.isNew(id)).map((id) => coveredBox(draft.get(id) as Element))
  return {
    patch: draft.patch(),
    answer: { added: created.length, deleted, nodeIds, edgeIds, groupIds, titleId, bounds: boundsOf(created) }
  }
}

/** (0,0) on an empty scene, otherwise right of everything live, level with its top. */
function originFor (draft: Draft): { x: number, y: number } {
  const live = draft.liveElements().map(coveredBox)
  if (live.length === 0) return { x: 0, y: 0 }
  const bounds = boundsOf(live)
  return { x: bounds.x + bounds.width + GAP_TO_EXISTING, y: bounds.y }
}

/**
 * Runs the layout and moves it, group boundaries included, so its top-left corner is (`x`, `y`).
 * Group boxes are returned in the order of `groups`.
 */
function placeNodes (input: DiagramInput, x: number, y: number): { boxes: Map<string, Box>, routes: Route[], groupBoxes: Box[] } {
  const layout = layoutDiagram({
    nodeIds: input.nodes.map((n) => n.id),
    edges: input.edges,
    direction: input.direction,
    nodeWidth: NODE_WIDTH,
    nodeHeight: Math.max(...input.nodes.map(nodeHeightFor)),
    nodeSpacing: input.nodeSpacing,
    rankSpacing: input.rankSpacing
  })
  const groups = input.groups.map((group) => groupBox(group, layout.boxes))
  const all = boundsOf([layout.bounds, ...groups])
  const move = (b: Box): Box => ({ ...b, x: b.x + x - all.x, y: b.y + y - all.y })
  return {
    boxes: new Map([...layout.boxes].map(([id, b]) => [id, move(b)])),
    routes: layout.routes.map((r) => ({ ...r, points: r.points.map(([px, py]) => [px + x - all.x, py + y - all.y] as [number, number]) })),
    groupBoxes: groups.map(move)
  }
}

/** The members' box, padded, with room on top for the group's title. */
function groupBox (group: DiagramGroup, boxes: ReadonlyMap<string, Box>): Box {
  const members = boundsOf(group.nodes.map((id) => boxes.get(id) as Box))
  const head = group.label === undefined ? 0 : measureText(group.label, GROUP_FONT_SIZE).height + 8
  return {
    x: members.x - GROUP_PADDING,
    y: members.y - GROUP_PADDING - head,
    width: members.width + 2 * GROUP_PADDING,
    height: members.height + 2 * GROUP_PADDING + head
  }
}

/** Every node shares one height: enough for the tallest wrapped label, at least 80. */
function nodeHeightFor (node: DiagramNode): number {
  const type = NODE_SHAPES[node.kind ?? ''] ?? 'rectangle'
  const wrapped = wrapText(node.label, innerWidth({ type, width: NODE_WIDTH }))
  const needed = measureText(wrapped).height + 2 * LABEL_PADDING
  // A diamond or an ellipse only offers its middle to the label, so it needs more height than the text.
  return Math.max(NODE_HEIGHT, type === 'rectangle' ? needed : Math.ceil(needed * 1.5))
}

function create (draft: Draft, skeleton: Record<string, unknown>): Element {
  return draft.create(completeElement(skeleton, draft.stamp(), 'create_diagram'))
}

function drawText (draft: Draft, text: string, x: number, y: number, fontSize = DEFAULT_FONT_SIZE, strokeColor?: string): Element {
  return create(draft, { type: 'text', text, x, y, fontSize, ...(strokeColor === undefined ? {} : { strokeColor }) })
}

function drawNode (draft: Draft, node: DiagramNode, box: Box): Element {
  const kind = node.kind ?? ''
  const shape = create(draft, {
    type: NODE_SHAPES[kind] ?? 'rectangle', ...box, backgroundColor: NODE_FILLS[kind] ?? '#e7f5ff', customData: { diagramNodeId: node.id }
  })
  createLabel(draft, shape, { text: node.label })
  return draft.get(shape.id) as Element
}

function drawEdge (draft: Draft, edge: DiagramEdge, route: Route, nodeIds: Record<string, string>): Element {
  const [[x, y]] = route.points
  const arrow = create(draft, {
    type: 'arrow',
    x,
    y,
    points: route.points.map(([px, py]) => [px - x, py - y]),
    elbowed: true,
    strokeColor: EDGE_COLORS[edge.kind ?? ''] ?? '#1e1e1e',
    strokeStyle: edge.kind === 'async' ? 'dashed' : 'solid',
    startArrowhead: edge.startArrowhead ?? null,
    startBinding: { elementId: nodeIds[edge.from], fixedPoint: route.startFixedPoint, mode: 'inside' },
    endBinding: { elementId: nodeIds[edge.to], fixedPoint: route.endFixedPoint, mode: 'inside' }
  })
  syncArrowLinks(draft, arrow.id, [], arrowTargets(arrow))
  if (edge.label !== undefined && edge.label !== '') createLabel(draft, arrow, { text: edge.label, fontSize: 16 })
  return draft.get(arrow.id) as Element
}

/** A dashed rectangle around the members (drawn before the nodes, so it stays behind them) and its title. */
function drawGroup (draft: Draft, group: DiagramGroup, box: Box): string {
  const rect = create(draft, { type: 'rectangle', ...box, strokeStyle: 'dashed', strokeColor: GROUP_COLOR })
  if (group.label !== undefined) drawText(draft, group.label, box.x + 12, box.y + 8, GROUP_FONT_SIZE, GROUP_COLOR)
  return rect.id
}
