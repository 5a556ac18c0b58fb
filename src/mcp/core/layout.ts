// Deterministic layered layout for create_diagram: ranks by BFS from the sources, nodes in input order within a
// rank, orthogonal (elbow) routes between side midpoints. Pure geometry in local coordinates; no elements.

export type Direction = 'RIGHT' | 'DOWN' | 'LEFT' | 'UP'
export type Point = [number, number]

export interface Box { x: number, y: number, width: number, height: number }

export interface LayoutInput {
  nodeIds: readonly string[]
  edges: ReadonlyArray<{ from: string, to: string }>
  direction: Direction
  nodeWidth: number
  nodeHeight: number
  nodeSpacing: number
  rankSpacing: number
}

export interface Route {
  /** Absolute points, first on the source's exit side, last on the target's entry side. */
  points: Point[]
  /** fixedPoint ratios of the two bindings. */
  startFixedPoint: Point
  endFixedPoint: Point
}

export interface Layout {
  boxes: Map<string, Box>
  routes: Route[]
  /** Box around nodes and routes. */
  bounds: Box
}

/** Gap between a box and the lane that back-edges (against the flow) run along. */
const LANE_GAP = 40
const LANE_STEP = 20
const STUB = 30

/** Rank of each node: BFS depth from the nodes nobody points at; nodes only on cycles start new searches. */
export function rankNodes (nodeIds: readonly string[], edges: LayoutInput['edges']): Map<string, number> {
  const next = new Map<string, string[]>(nodeIds.map((id) => [id, []]))
  const indegree = new Map<string, number>(nodeIds.map((id) => [id, 0]))
  for (const { from, to } of edges) {
    next.get(from)?.push(to)
    if (from !== to) indegree.set(to, (indegree.get(to) ?? 0) + 1)
  }
  const rank = new Map<string, number>()
  const bfs = (starts: string[]) => {
    const queue = starts.filter((id) => !rank.has(id))
    for (const id of queue) rank.set(id, 0)
    while (queue.length > 0) {
      const id = queue.shift() as string
      for (const to of next.get(id) ?? []) {
        if (!rank.has(to)) { rank.set(to, (rank.get(id) as number) + 1); queue.push(to) }
      }
    }
  }
  bfs(nodeIds.filter((id) => indegree.get(id) === 0))
  for (const id of nodeIds) if (!rank.has(id)) bfs([id])
  return rank
}

/** Lays the nodes out in flow space (u along the flow, v across), then turns that into x/y for `direction`. */
export function layoutDiagram (input: LayoutInput): Layout {
  const rank = rankNodes(input.nodeIds, input.edges)
  const horizontal = input.direction === 'RIGHT' || input.direction === 'LEFT'
  const along = horizontal ? input.nodeWidth : input.nodeHeight
  const across = horizontal ? input.nodeHeight : input.nodeWidth
  const flow = flowBoxes(input, rank, along, across)
  const routes = input.edges.map((edge, i) => flowRoute(flow.get(edge.from) as Box, flow.get(edge.to) as Box, i, flowTop(flow)))
  const extent = Math.max(...[...flow.values()].map((b) => b.x + b.width))
  const boxes = new Map([...flow].map(([id, box]) => [id, mapBox(box, input.direction, extent)]))
  const mapped = routes.map((route) => ({
    points: route.points.map((p) => mapPoint(p, input.direction, extent)),
    startFixedPoint: mapRatio(route.startFixedPoint, input.direction),
    endFixedPoint: mapRatio(route.endFixedPoint, input.direction)
  }))
  return { boxes, routes: mapped, bounds: boundsOf([...boxes.values()], mapped.flatMap((r) => r.points)) }
}

/** Flow-space boxes (x = u, y = v): ranks `rankSpacing` apart, each rank centred across. */
function flowBoxes (input: LayoutInput, rank: Map<string, number>, along: number, across: number): Map<string, Box> {
  const ranks: string[][] = []
  for (const id of input.nodeIds) (ranks[rank.get(id) as number] ??= []).push(id)
  const widest = Math.max(...ranks.map((r) => r?.length ?? 0))
  const pitch = across + input.nodeSpacing
  const boxes = new Map<string, Box>()
  ranks.forEach((members, r) => {
    const start = ((widest - members.length) * pitch) / 2
    members.forEach((id, p) => boxes.set(id, { x: r * (along + input.rankSpacing), y: start + p * pitch, width: along, height: across }))
  })
  return boxes
}

function flowTop (boxes: Map<string, Box>): number {
  return Math.min(...[...boxes.values()].map((b) => b.y))
}

/** A forward edge bends once halfway between ranks; any other edge runs along a lane before the first row. */
function flowRoute (from: Box, to: Box, i: number, top: number): Route {
  const start: Point = [from.x + from.width, from.y + from.height / 2]
  const end: Point = [to.x, to.y + to.height / 2]
  let points: Point[]
  if (end[0] > start[0]) {
    const mid = (start[0] + end[0]) / 2
    points = start[1] === end[1] ? [start, end] : [start, [mid, start[1]], [mid, end[1]], end]
  } else {
    const lane = top - LANE_GAP - i * LANE_STEP
    points = [start, [start[0] + STUB, start[1]], [start[0] + STUB, lane], [end[0] - STUB, lane], [end[0] - STUB, end[1]], end]
  }
  return { points, startFixedPoint: [1, 0.5], endFixedPoint: [0, 0.5] }
}

function mapPoint ([u, v]: Point, direction: Direction, extent: number): Point {
  switch (direction) {
    case 'RIGHT': return [u, v]
    case 'LEFT': return [extent - u, v]
    case 'DOWN': return [v, u]
    case 'UP': return [v, extent - u]
  }
}

function mapBox (box: Box, direction: Direction, extent: number): Box {
  const [x1, y1] = mapPoint([box.x, box.y], direction, extent)
  const [x2, y2] = mapPoint([box.x + box.width, box.y + box.height], direction, extent)
  return { x: Math.min(x1, x2), y: Math.min(y1, y2), width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) }
}

/** A fixedPoint is a ratio of the box, so it maps like a point in a unit box. */
function mapRatio (ratio: Point, direction: Direction): Point {
  return mapPoint(ratio, direction, 1)
}

export function boundsOf (boxes: readonly Box[], points: readonly Point[] = []): Box {
  const xs = [...boxes.flatMap((b) => [b.x, b.x + b.width]), ...points.map((p) => p[0])]
  const ys = [...boxes.flatMap((b) => [b.y, b.y + b.height]), ...points.map((p) => p[1])]
  const x = Math.min(...xs)
  const y = Math.min(...ys)
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y }
}
