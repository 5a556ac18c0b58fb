// create_diagram: nodes and edges become labelled shapes and bound elbow arrows, laid out by a layered graph layout
// engine (boxes sized to their labels, groups as boundaries that hold exactly their nodes, orthogonal routes with
// their own end points, room for edge labels), with an optional title; the result is a PATCH body.
import type { IdFactory } from '../lib/ids.js'
import type { Element } from '../schemas/elements.js'
import { measureText } from '../content/text-metrics.js'
import { syncArrowLinks, arrowTargets } from './core/bound.js'
import { Draft, SYSTEM_CLOCK, coveredBox, type NowSource, type SceneSnapshot, type ToolPlan } from './core/draft.js'
import { readDiagramInput, type DiagramArguments, type DiagramEdge, type DiagramGroup, type DiagramInput, type DiagramNode } from './core/diagram-input.js'
import { EDGE_FONT_SIZE, edgeLabelSize, shapeOf, sizeNode, withRoomForEnds, type SizedNode } from './core/diagram-shapes.js'
import { createLabel } from './core/labels.js'
import { layoutDiagram, type Box, type Layout, type LayoutInput, type Point, type Size } from './core/layout.js'
import { arrowRoutes, type ArrowRoute, type Shape } from './core/routes.js'
import { completeElement } from './core/skeleton.js'
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

const TITLE_FONT_SIZE = 28
const GAP_AFTER_TITLE = 40
/** Room left between existing content and a new diagram ("every diagram is laid out from its own origin"). */
const GAP_TO_EXISTING = 200
const GROUP_FONT_SIZE = 16
const GROUP_COLOR = '#868e96'
/** Where a group's title sits inside its boundary's top-left corner. */
const GROUP_TITLE_INSET: Point = [16, 14]

// INFER: colours per kind are the emulator's; the guidance quoted is "colour edges by outcome".
const NODE_FILLS: Readonly<Record<string, string>> = {
  decision: '#fff9db', start: '#ebfbee', end: '#ebfbee', terminal: '#ebfbee', data: '#f3f0ff'
}
const EDGE_COLORS: Readonly<Record<string, string>> = { success: '#2f9e44', failure: '#e03131', error: '#e03131', warning: '#f08c00' }

/**
 * Plans a diagram on top of `current`: the layout runs first (it needs only the arguments), then the elements are
 * drawn right of the existing content, or alone when `clearExisting` is set. Arguments the schema passed but that
 * name no node, or groups that do not nest, reject with a tool error before any layout work.
 */
export async function planDiagram (
  current: SceneSnapshot, args: DiagramArguments, ids: IdFactory, clock: NowSource = SYSTEM_CLOCK
): Promise<ToolPlan<DiagramAnswer>> {
  const input = readDiagramInput(args)
  const sizes = sizedNodes(input)
  const layout = await layoutDiagram(layoutInput(input, sizes))
  const draft = new Draft(current, ids, clock)
  let deleted = 0
  if (input.clearExisting) for (const element of draft.liveElements()) { draft.tombstone(element.id); deleted++ }
  const origin = originFor(draft)
  const titleId = input.title === undefined ? null : drawText(draft, input.title, origin.x, origin.y, TITLE_FONT_SIZE).id
  const top = titleId === null ? origin.y : origin.y + (draft.get(titleId)?.height as number) + GAP_AFTER_TITLE
  const placed = moved(layout, origin.x, top)
  const position = new Map(input.nodes.map((node, i) => [node.id, i]))
  const shape = (id: string): Shape => {
    const index = position.get(id) as number
    return { index, box: placed.nodes[index], shape: sizes[index].shape }
  }
  const routes = arrowRoutes(input.edges.map((edge, i) => ({ ...placed.edges[i], from: shape(edge.from), to: shape(edge.to) })))
  const groupIds = input.groups.map((group, i) => drawGroup(draft, group, placed.groups[i], titleObstacles(routes, placed, i)))
  const nodeIds = Object.fromEntries(input.nodes.map((node, i) => [node.id, drawNode(draft, node, sizes[i], placed.nodes[i]).id]))
  const edgeIds = input.edges.map((edge, i) => drawEdge(draft, edge, routes[i], nodeIds).id)
  verifyDraft(draft)
  const created = draft.touchedIds().filter((id) => draft.isNew(id)).map((id) => coveredBox(draft.get(id) as Element))
  return {
    patch: draft.patch(),
    answer: { added: created.length, deleted, nodeIds, edgeIds, groupIds, titleId, bounds: boundsOf(created) }
  }
}

/** Each node's shape and box: around its label, and with room for the arrows on its busiest side. */
function sizedNodes (input: DiagramInput): SizedNode[] {
  const across = input.direction === 'RIGHT' || input.direction === 'LEFT'
  return input.nodes.map((node) => {
    const outgoing = input.edges.filter((edge) => edge.from === node.id).length
    const incoming = input.edges.filter((edge) => edge.to === node.id).length
    return withRoomForEnds(sizeNode(node.label, shapeOf(node.kind)), Math.max(outgoing, incoming), across)
  })
}

/** What the engine is given: node sizes, the group tree with room for titles, and edges with their labels' sizes. */
function layoutInput (input: DiagramInput, sizes: readonly SizedNode[]): LayoutInput {
  const position = new Map(input.nodes.map((node, i) => [node.id, i]))
  const depth = (g: number): number => (input.groups[g].parent === null ? 0 : 1 + depth(input.groups[g].parent as number))
  const innermost = (id: string): number | null => input.groups.reduce<number | null>((best, group, g) =>
    group.nodes.includes(id) && (best === null || depth(g) > depth(best)) ? g : best, null)
  return {
    direction: input.direction,
    nodeSpacing: input.nodeSpacing,
    rankSpacing: input.rankSpacing,
    nodes: input.nodes.map((node, i) => ({ width: sizes[i].width, height: sizes[i].height, group: innermost(node.id) })),
    groups: input.groups.map((group) => ({
      parent: group.parent,
      title: group.label === undefined ? null : measureText(group.label, GROUP_FONT_SIZE)
    })),
    edges: input.edges.map((edge) => ({
      from: position.get(edge.from) as number,
      to: position.get(edge.to) as number,
      label: edge.label === undefined || edge.label === '' ? null : { text: edge.label, ...edgeLabelSize(edge.label) }
    }))
  }
}

/** (0,0) on an empty scene, otherwise right of everything live, level with its top. */
function originFor (draft: Draft): { x: number, y: number } {
  const live = draft.liveElements().map(coveredBox)
  if (live.length === 0) return { x: 0, y: 0 }
  const bounds = boundsOf(live)
  return { x: bounds.x + bounds.width + GAP_TO_EXISTING, y: bounds.y }
}

/** The layout moved so that the top-left corner of everything in it (routes and labels too) is (`x`, `y`). */
function moved (layout: Layout, x: number, y: number): Layout {
  const all = boundsOf([...layout.nodes, ...layout.groups, ...layout.edges.flatMap((e) => e.label ?? [])], layout.edges.flatMap((e) => e.points))
  const [dx, dy] = [x - all.x, y - all.y]
  const box = (b: Box): Box => ({ ...b, x: b.x + dx, y: b.y + dy })
  return {
    nodes: layout.nodes.map(box),
    groups: layout.groups.map(box),
    edges: layout.edges.map((e) => ({ points: e.points.map(([px, py]): Point => [px + dx, py + dy]), label: e.label === null ? null : box(e.label) }))
  }
}

function boundsOf (boxes: readonly Box[], points: readonly Point[] = []): Box {
  const xs = [...boxes.flatMap((b) => [b.x, b.x + b.width]), ...points.map((p) => p[0])]
  const ys = [...boxes.flatMap((b) => [b.y, b.y + b.height]), ...points.map((p) => p[1])]
  const [x, y] = [Math.min(...xs), Math.min(...ys)]
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y }
}

function create (draft: Draft, skeleton: Record<string, unknown>): Element {
  return draft.create(completeElement(skeleton, draft.stamp(), 'create_diagram'))
}

function drawText (draft: Draft, text: string, x: number, y: number, fontSize: number, strokeColor?: string): Element {
  return create(draft, { type: 'text', text, x, y, fontSize, ...(strokeColor === undefined ? {} : { strokeColor }) })
}

function drawNode (draft: Draft, node: DiagramNode, size: SizedNode, box: Box): Element {
  const kind = node.kind ?? ''
  const shape = create(draft, { type: size.shape, ...box, backgroundColor: NODE_FILLS[kind] ?? '#e7f5ff', customData: { diagramNodeId: node.id } })
  createLabel(draft, shape, { text: node.label })
  return draft.get(shape.id) as Element
}

function drawEdge (draft: Draft, edge: DiagramEdge, route: ArrowRoute, nodeIds: Record<string, string>): Element {
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
  if (edge.label !== undefined && edge.label !== '') createLabel(draft, arrow, { text: edge.label, fontSize: EDGE_FONT_SIZE })
  return draft.get(arrow.id) as Element
}

/** A dashed rectangle at the group's box (drawn before the nodes, so it stays behind them) and its title. */
function drawGroup (draft: Draft, group: DiagramGroup, box: Box, obstacles: readonly Box[]): string {
  const rect = create(draft, { type: 'rectangle', ...box, strokeStyle: 'dashed', strokeColor: GROUP_COLOR, roundness: null })
  if (group.label !== undefined) {
    const [x, y] = titleSpot(box, measureText(group.label, GROUP_FONT_SIZE), obstacles)
    drawText(draft, group.label, x, y, GROUP_FONT_SIZE, GROUP_COLOR)
  }
  return rect.id
}

/**
 * Where a group's title goes: along the top inside its boundary (the room its padding keeps), else just above the
 * boundary, else just below it, at the first place from the left that nothing in `obstacles` (arrow segments,
 * edge labels, nodes, other groups' outlines) touches; arrows into a group cross its top. The top-left corner
 * when there is no such place.
 */
function titleSpot (box: Box, title: Size, obstacles: readonly Box[]): Point {
  const [inset, gap] = GROUP_TITLE_INSET
  const rows = [box.y + gap, box.y - title.height - gap / 2, box.y + box.height + gap / 2]
  for (const y of rows) {
    const [top, bottom] = [y - 4, y + title.height + 4]
    const blocked = obstacles.filter((b) => b.y <= bottom && b.y + b.height >= top).map((b) => [b.x - 8, b.x + b.width + 8]).sort((a, b) => a[0] - b[0])
    let x = box.x + inset
    for (const [from, to] of blocked) {
      if (x + title.width <= from) break
      x = Math.max(x, to)
    }
    if (x + title.width <= box.x + box.width - inset) return [x, y]
  }
  return [box.x + inset, box.y + gap]
}

/** What a group's title must stay clear of: every arrow segment, edge label, node and the other groups' outlines. */
function titleObstacles (routes: readonly ArrowRoute[], layout: Layout, own: number): Box[] {
  const segment = (p: Point, q: Point): Box =>
    ({ x: Math.min(p[0], q[0]), y: Math.min(p[1], q[1]), width: Math.abs(p[0] - q[0]), height: Math.abs(p[1] - q[1]) })
  const outline = (b: Box): Box[] => [{ ...b, height: 0 }, { ...b, y: b.y + b.height, height: 0 }, { ...b, width: 0 }, { ...b, x: b.x + b.width, width: 0 }]
  return [
    ...routes.flatMap((route) => route.points.slice(1).map((p, i) => segment(route.points[i], p))),
    ...layout.edges.flatMap((edge) => edge.label ?? []),
    ...layout.nodes,
    ...layout.groups.filter((_, g) => g !== own).flatMap(outline)
  ]
}
