// Arrow ends: the layout engine gives every edge its own end point on its nodes' boxes, but on a busy side two can
// land a few pixels apart, where their arrowheads would overlap, and a diamond or an ellipse is only a box to it.
// Ends on one side that close are moved along the side until they are MIN_GAP apart (or as far as the side
// allows), keeping their order; then ends are moved onto a diamond's or ellipse's outline, and two that meet
// there (from two sides near one corner) are moved apart along their sides until they no longer do.
import type { NodeShape } from './diagram-shapes.js'
import type { Box, Point } from './layout.js'

/** Room for an arrowhead (about 15 px wide at the default stroke) beside the next end. */
const MIN_GAP = 16
/** Ends stay this far from a side's corners, off a rounded rectangle's curve. */
const CORNER_MARGIN = 12
const ON_SIDE = 0.5

export interface RouteEnds {
  /** Orthogonal points, changed in place. */
  points: Point[]
  from: EndShape
  to: EndShape
}

export interface EndShape { index: number, box: Box, shape: NodeShape }

/** Rounds of moving ends apart on outlines; a clash left after them stays (none in the generated test graphs). */
const OUTLINE_ROUNDS = 6

interface End { route: Point[], atStart: boolean, axis: 0 | 1, position: number }

/** The coordinate along the side (0: x, 1: y) and the side's name, or null when `p` is on no side of `box`. */
function sideOf ([x, y]: Point, box: Box): { side: string, axis: 0 | 1 } | null {
  if (Math.abs(x - box.x) < ON_SIDE) return { side: 'left', axis: 1 }
  if (Math.abs(x - box.x - box.width) < ON_SIDE) return { side: 'right', axis: 1 }
  if (Math.abs(y - box.y) < ON_SIDE) return { side: 'top', axis: 0 }
  if (Math.abs(y - box.y - box.height) < ON_SIDE) return { side: 'bottom', axis: 0 }
  return null
}

/** Spreads ends on each side, then puts every end on its shape's outline, apart from the others there. */
export function placeEnds (routes: readonly RouteEnds[]): void {
  separateEnds(routes)
  let clipped = routes.map(onOutlines)
  for (let round = 0; round < OUTLINE_ROUNDS; round++) {
    const clash = firstClash(routes, clipped)
    if (clash === undefined) break
    slide(clash.end, clash.to)
    separateEnds(routes)
    clipped = routes.map(onOutlines)
  }
  routes.forEach((route, i) => route.points.splice(0, route.points.length, ...clipped[i]))
}

function separateEnds (routes: readonly RouteEnds[]): void {
  const sides = new Map<string, { box: Box, ends: End[] }>()
  for (const { points, from, to } of routes) {
    for (const [atStart, node] of [[true, from], [false, to]] as const) {
      const at = points[atStart ? 0 : points.length - 1]
      const side = sideOf(at, node.box)
      if (side === null) continue
      const key = `${node.index}:${side.side}`
      const entry = sides.get(key) ?? { box: node.box, ends: [] }
      entry.ends.push({ route: points, atStart, axis: side.axis, position: at[side.axis] })
      sides.set(key, entry)
    }
  }
  for (const { box, ends } of sides.values()) spread(box, ends)
}

function spread (box: Box, ends: End[]): void {
  if (ends.length < 2) return
  ends.sort((a, b) => a.position - b.position)
  if (ends.every((end, i) => i === 0 || end.position - ends[i - 1].position >= MIN_GAP)) return
  const { axis } = ends[0]
  const [low, high] = axis === 0 ? [box.x + CORNER_MARGIN, box.x + box.width - CORNER_MARGIN] : [box.y + CORNER_MARGIN, box.y + box.height - CORNER_MARGIN]
  const gap = Math.min(MIN_GAP, (high - low) / (ends.length - 1))
  const targets = ends.map((end) => end.position)
  targets.forEach((p, i) => { targets[i] = i === 0 ? Math.max(p, low) : Math.max(p, targets[i - 1] + gap) })
  for (let i = targets.length - 1; i >= 0; i--) targets[i] = Math.min(targets[i], i === targets.length - 1 ? high : targets[i + 1] - gap)
  ends.forEach((end, i) => slide(end, targets[i]))
}

/**
 * Moves an end along its side; its segment, at right angles to the side, moves with it. A straight two-point
 * route gets a step halfway instead, so its other end stays.
 */
function slide ({ route, atStart, axis }: End, to: number): void {
  const [i, j] = atStart ? [0, 1] : [route.length - 1, route.length - 2]
  if (route[i][axis] === to || route[i][axis] !== route[j][axis]) return
  if (route.length > 2) {
    route[i][axis] = to
    route[j][axis] = to
    return
  }
  const other = axis === 0 ? 1 : 0
  const middle = (route[0][other] + route[1][other]) / 2
  const step = (along: number): Point => (axis === 0 ? [along, middle] : [middle, along])
  const [a, b] = route
  if (atStart) route.splice(0, 2, axis === 0 ? [to, a[1]] : [a[0], to], step(to), step(b[axis]), b)
  else route.splice(0, 2, a, step(a[axis]), step(to), axis === 0 ? [to, b[1]] : [b[0], to])
}

function onOutlines ({ points, from, to }: RouteEnds): Point[] {
  const out = points.map(([x, y]): Point => [x, y])
  out[0] = ontoOutline(out[0], out[1], from)
  out[out.length - 1] = ontoOutline(out[out.length - 1], out[out.length - 2], to)
  return out
}

/** Moves an end that lies on a diamond's or ellipse's box inward, along its (axis-aligned) last segment, to the outline. */
function ontoOutline (end: Point, next: Point, { box, shape }: EndShape): Point {
  if (shape === 'rectangle') return end
  const a = box.width / 2
  const b = box.height / 2
  const c: Point = [box.x + a, box.y + b]
  const reach = shape === 'diamond' ? (t: number) => Math.max(0, 1 - Math.abs(t)) : (t: number) => Math.sqrt(Math.max(0, 1 - t * t))
  if (end[1] === next[1]) return [c[0] + Math.sign(end[0] - c[0]) * a * reach((end[1] - c[1]) / b), end[1]]
  return [end[0], c[1] + Math.sign(end[1] - c[1]) * b * reach((end[0] - c[0]) / a)]
}

/**
 * Two ends that came from two sides of a diamond or an ellipse and met on its outline (closer than MIN_GAP): the one
 * farther from the middle of its box side (where the outline lies deep inside the box) and where to move it,
 * MIN_GAP towards that middle. Ends on one side are kept apart by separateEnds.
 */
function firstClash (routes: readonly RouteEnds[], clipped: readonly Point[][]): { end: End, to: number } | undefined {
  const ends = routes.flatMap((route, r) => ([[true, route.from], [false, route.to]] as const).map(([atStart, node]) => {
    const [points, raw] = [clipped[r], route.points]
    return { r, atStart, node, at: points[atStart ? 0 : points.length - 1], side: sideOf(raw[atStart ? 0 : raw.length - 1], node.box)?.side }
  })).filter((end) => end.node.shape !== 'rectangle')
  for (let i = 0; i < ends.length; i++) {
    for (let j = i + 1; j < ends.length; j++) {
      const [a, b] = [ends[i], ends[j]]
      if (a.node.index !== b.node.index || a.side === b.side || Math.hypot(a.at[0] - b.at[0], a.at[1] - b.at[1]) >= MIN_GAP) continue
      const moves = [a, b].map((e) => towardsMiddle(routes[e.r].points, e.atStart, e.node.box)).filter((m) => m !== undefined)
      if (moves.length > 0) return moves.sort((x, y) => y.offset - x.offset)[0]
    }
  }
  return undefined
}

function towardsMiddle (points: Point[], atStart: boolean, box: Box): { end: End, to: number, offset: number } | undefined {
  const at = points[atStart ? 0 : points.length - 1]
  const side = sideOf(at, box)
  if (side === null) return undefined
  const middle = side.axis === 0 ? box.x + box.width / 2 : box.y + box.height / 2
  const offset = Math.abs(at[side.axis] - middle)
  const to = at[side.axis] + Math.sign(middle - at[side.axis]) * Math.min(MIN_GAP, offset)
  return { end: { route: points, atStart, axis: side.axis, position: at[side.axis] }, to, offset }
}
