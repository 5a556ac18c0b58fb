// create_diagram's layout: the diagram as an ELK graph (layered, orthogonal routes, groups as compound nodes laid
// out with the rest in one run, edge labels given room on their edges), and the engine's answer read back as
// boxes, group boxes and raw routes in absolute coordinates. Geometry only; no elements.
import { runLayout, type ElkExtendedEdge, type ElkNode } from './elk.js'

export type Direction = 'RIGHT' | 'DOWN' | 'LEFT' | 'UP'
export type Point = [number, number]

export interface Box { x: number, y: number, width: number, height: number }
export interface Size { width: number, height: number }
/** ELK ignores a label without text, so the text travels with the size. */
export interface EdgeLabel extends Size { text: string }

export interface LayoutInput {
  direction: Direction
  /** Gap between neighbouring nodes of one rank. */
  nodeSpacing: number
  /** Gap between ranks. */
  rankSpacing: number
  /** `group`: the innermost group holding the node, or null. */
  nodes: ReadonlyArray<{ width: number, height: number, group: number | null }>
  /** `parent`: the group it sits inside, or null; `title`: the room its title needs in its top-left corner. */
  groups: ReadonlyArray<{ parent: number | null, title: Size | null }>
  /** Node positions in `nodes`; a label's box is reserved on its edge. */
  edges: ReadonlyArray<{ from: number, to: number, label: EdgeLabel | null }>
}

export interface LaidOutEdge {
  /** Absolute points, the first on the source's box, the last on the target's. */
  points: Point[]
  /** The room reserved for the label, when the edge has one. */
  label: Box | null
}

export interface Layout {
  nodes: Box[]
  groups: Box[]
  edges: LaidOutEdge[]
}

/** Space between a group's outline and what it holds; the title adds its own height on top. */
const GROUP_PADDING = 20
const GROUP_TITLE_GAP = 16

/** Spacing options apply to the children of the node that carries them, so every group repeats them. */
function spacing (input: LayoutInput): Record<string, string> {
  return {
    'elk.spacing.nodeNode': String(input.nodeSpacing),
    'elk.layered.spacing.nodeNodeBetweenLayers': String(input.rankSpacing),
    'elk.spacing.edgeNode': '25',
    'elk.layered.spacing.edgeNodeBetweenLayers': '25',
    'elk.spacing.edgeEdge': '15',
    'elk.layered.spacing.edgeEdgeBetweenLayers': '15',
    'elk.spacing.edgeLabel': '6'
  }
}

function rootOptions (input: LayoutInput): Record<string, string> {
  return {
    'elk.algorithm': 'layered',
    'elk.direction': input.direction,
    'elk.edgeRouting': 'ORTHOGONAL',
    // Groups and the rest in one run, so edges into and out of a group are routed with everything else.
    'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
    'elk.json.shapeCoords': 'ROOT',
    'elk.json.edgeCoords': 'ROOT',
    // The graph arrives without cycles (see backEdges); depth-first cycle breaking then reverses nothing.
    'elk.layered.cycleBreaking.strategy': 'DEPTH_FIRST',
    'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
    // 0 would mean a seed from the clock; any other value gives the same layout for the same graph.
    'elk.randomSeed': '1',
    ...spacing(input)
  }
}

function groupOptions (input: LayoutInput, title: Size | null): Record<string, string> {
  const top = GROUP_PADDING + (title === null ? 0 : title.height + GROUP_TITLE_GAP)
  const minWidth = title === null ? 0 : Math.ceil(title.width) + 2 * GROUP_PADDING
  return {
    ...spacing(input),
    'elk.padding': `[top=${top},left=${GROUP_PADDING},bottom=${GROUP_PADDING},right=${GROUP_PADDING}]`,
    'elk.nodeSize.constraints': 'MINIMUM_SIZE',
    'elk.nodeSize.minimum': `(${minWidth}, 0)`
  }
}

/** The group chain of a node or group, innermost first. */
function chainOf (start: number | null, input: LayoutInput): number[] {
  const chain: number[] = []
  for (let g = start; g !== null; g = input.groups[g].parent) chain.push(g)
  return chain
}

/**
 * The graph ELK lays out: ids n<i>, g<i>, e<i>; groups join their parent where their first node appears; an edge
 * in `reversed` is handed over from its target to its source.
 */
export function buildGraph (input: LayoutInput, reversed: readonly boolean[]): ElkNode {
  const root: ElkNode = { id: 'root', layoutOptions: rootOptions(input), children: [], edges: [] }
  const groups: Array<ElkNode | undefined> = []
  const containerOf = (group: number | null): ElkNode => (group === null ? root : groups[group] as ElkNode)
  input.nodes.forEach((node, i) => {
    for (const g of chainOf(node.group, input).reverse()) {
      if (groups[g] !== undefined) continue
      groups[g] = { id: `g${g}`, layoutOptions: groupOptions(input, input.groups[g].title), children: [], edges: [] }
      containerOf(input.groups[g].parent).children?.push(groups[g])
    }
    containerOf(node.group).children?.push({ id: `n${i}`, width: node.width, height: node.height })
  })
  input.edges.forEach((edge, i) => {
    const [from, to] = reversed[i] ? [edge.to, edge.from] : [edge.from, edge.to]
    const elkEdge: ElkExtendedEdge = { id: `e${i}`, sources: [`n${from}`], targets: [`n${to}`] }
    if (edge.label !== null) {
      // Inline: the label sits on its route and the route makes room for it (set on the label, not the graph).
      elkEdge.labels = [{ id: `e${i}.label`, ...edge.label, layoutOptions: { 'elk.edgeLabels.inline': 'true' } }]
    }
    containerOf(commonGroup(input.nodes[edge.from].group, input.nodes[edge.to].group, input)).edges?.push(elkEdge)
  })
  return root
}

/** The innermost group holding both (null: the root), where ELK expects an edge between them to be declared. */
function commonGroup (a: number | null, b: number | null, input: LayoutInput): number | null {
  const outer = new Set(chainOf(b, input))
  return chainOf(a, input).find((g) => outer.has(g)) ?? null
}

/** Lays the diagram out; every coordinate is absolute, and every route runs from its edge's source to its target. */
export async function layoutDiagram (input: LayoutInput): Promise<Layout> {
  const reversed = backEdges(input)
  const laidOut = await runLayout(buildGraph(input, reversed))
  const layout: Layout = { nodes: [], groups: [], edges: [] }
  readNode(laidOut, layout)
  reversed.forEach((back, i) => { if (back) layout.edges[i].points.reverse() })
  return layout
}

/**
 * The edges that run against the flow, found before the layout so that it gets a graph without cycles: on every
 * level of the group tree, with each group seen as one node (a group laid out inside its parent is one node to it),
 * a depth-first walk from the nodes nothing points at, in input order, marks each edge that closes a cycle. The
 * engine, left to find these itself, routes an edge leaving a group backwards out of the group's far side and all
 * the way around it.
 */
export function backEdges (input: LayoutInput): boolean[] {
  const reversed = input.edges.map(() => false)
  const levels = new Map<number | null, Array<{ edge: number, from: string, to: string }>>()
  input.edges.forEach((edge, i) => {
    const level = commonGroup(input.nodes[edge.from].group, input.nodes[edge.to].group, input)
    const [from, to] = [memberAt(level, edge.from, input), memberAt(level, edge.to, input)]
    if (from !== to) levels.set(level, [...(levels.get(level) ?? []), { edge: i, from, to }])
  })
  for (const edges of levels.values()) for (const i of closingEdges(edges)) reversed[edges[i].edge] = true
  return reversed
}

/** What stands for node `i` among the children of `level`: the node itself, or the group holding it there. */
function memberAt (level: number | null, i: number, input: LayoutInput): string {
  const chain = chainOf(input.nodes[i].group, input)
  const at = chain.indexOf(level as number)
  const below = level === null ? chain[chain.length - 1] : chain[at - 1]
  return below === undefined ? `n${i}` : `g${below}`
}

/** Positions (in `edges`) of the edges a depth-first walk finds closing a cycle. */
function closingEdges (edges: ReadonlyArray<{ from: string, to: string }>): number[] {
  const out = new Map<string, number[]>()
  const targets = new Set(edges.map((e) => e.to))
  const vertices = [...new Set(edges.flatMap((e) => [e.from, e.to]))]
  edges.forEach((e, i) => out.set(e.from, [...(out.get(e.from) ?? []), i]))
  const state = new Map<string, 'open' | 'done'>()
  const closing: number[] = []
  const visit = (v: string): void => {
    state.set(v, 'open')
    for (const i of out.get(v) ?? []) {
      const next = state.get(edges[i].to)
      if (next === 'open') closing.push(i)
      else if (next === undefined) visit(edges[i].to)
    }
    state.set(v, 'done')
  }
  for (const v of [...vertices.filter((v) => !targets.has(v)), ...vertices]) if (!state.has(v)) visit(v)
  return closing
}

function boxOf (shape: { x?: number, y?: number, width?: number, height?: number }): Box {
  return { x: shape.x ?? 0, y: shape.y ?? 0, width: shape.width ?? 0, height: shape.height ?? 0 }
}

function readNode (node: ElkNode, layout: Layout): void {
  const index = Number(node.id.slice(1))
  if (node.id.startsWith('n')) layout.nodes[index] = boxOf(node)
  if (node.id.startsWith('g')) layout.groups[index] = boxOf(node)
  for (const edge of node.edges ?? []) layout.edges[Number(edge.id.slice(1))] = readEdge(edge)
  for (const child of node.children ?? []) readNode(child, layout)
}

function readEdge (edge: ElkExtendedEdge): LaidOutEdge {
  const sections = edge.sections ?? []
  // One source and one target per edge: ELK answers with exactly one section.
  if (sections.length !== 1) throw new Error(`layout: edge ${edge.id} has ${sections.length} sections`)
  const [section] = sections
  const points = [section.startPoint, ...(section.bendPoints ?? []), section.endPoint].map((p): Point => [p.x, p.y])
  const label = edge.labels?.[0]
  return { points, label: label === undefined ? null : boxOf(label) }
}
