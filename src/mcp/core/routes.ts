// From an engine route to an elbow arrow the editor draws as laid out: jogs and redundant points removed, ends
// apart and on their shapes' outlines (route-ends.ts), the label's slot made the point where the editor draws an
// arrow's label, and the two bindings' fixed points.
import type { NodeShape } from './diagram-shapes.js'
import type { Box, Point } from './layout.js'
import { placeEnds } from './route-ends.js'

export interface Shape { index: number, box: Box, shape: NodeShape }

export interface RouteInput {
  /** The engine's points, source to target. */
  points: readonly Point[]
  from: Shape
  to: Shape
  /** The room the engine kept for the edge's label. */
  label: Box | null
}

export interface ArrowRoute {
  /** Absolute points, the first on the source's outline, the last on the target's. */
  points: Point[]
  /** fixedPoint ratios of the two bindings: where the ends sit on their shapes' boxes. */
  startFixedPoint: Point
  endFixedPoint: Point
}

/** Inner segments shorter than this are jogs: the engine leaves a pixel or two where routes cross group outlines. */
const SNAP = 3

/** Every edge's arrow route; ends on one side of a node are spread apart together, so this takes all edges at once. */
export function arrowRoutes (edges: readonly RouteInput[]): ArrowRoute[] {
  const straight = edges.map((edge) => ({ ...edge, points: straighten(edge.points) }))
  placeEnds(straight)
  return straight.map(({ points, from, to, label }) => {
    const centred = label === null ? points : centredOn(points, [label.x + label.width / 2, label.y + label.height / 2])
    return { points: centred, startFixedPoint: ratioIn(centred[0], from.box), endFixedPoint: ratioIn(centred[centred.length - 1], to.box) }
  })
}

/**
 * The route as runs at right angles to each other: each segment counts as horizontal or vertical by its longer
 * side, inner segments shorter than SNAP are dropped, and neighbouring runs of one direction merge. The first and
 * last runs keep the ends where they are (a lone run slides its end along the side it enters); inner runs keep the
 * coordinate they start at, and the corners follow from the runs.
 */
function straighten (raw: readonly Point[]): Point[] {
  const start: Point = [raw[0][0], raw[0][1]]
  const end: Point = [raw[raw.length - 1][0], raw[raw.length - 1][1]]
  const runs: Array<{ horizontal: boolean, at: number }> = []
  for (let i = 0; i + 1 < raw.length; i++) {
    const [dx, dy] = [Math.abs(raw[i + 1][0] - raw[i][0]), Math.abs(raw[i + 1][1] - raw[i][1])]
    const inner = i > 0 && i + 2 < raw.length
    if (dx + dy === 0 || (inner && dx + dy < SNAP)) continue
    const horizontal = dx >= dy
    if (runs[runs.length - 1]?.horizontal !== horizontal) runs.push({ horizontal, at: raw[i][horizontal ? 1 : 0] })
  }
  if (runs.length === 0) return [start, end]
  const [first, last] = [runs[0], runs[runs.length - 1]]
  first.at = start[first.horizontal ? 1 : 0]
  if (runs.length === 1) {
    end[first.horizontal ? 1 : 0] = first.at
    return [start, end]
  }
  last.at = end[last.horizontal ? 1 : 0]
  const corners = runs.slice(1).map((run, k): Point => (runs[k].horizontal ? [run.at, runs[k].at] : [runs[k].at, run.at]))
  return [start, ...corners, end]
}

/**
 * The editor draws an arrow's label at its middle point (odd point count). Puts `slot` (the middle of the room
 * the engine kept for the label) on the route, then adds points on the straight runs of the shorter side until
 * it is the middle one; the added points lie on their segments, so the line drawn is the same.
 */
function centredOn (points: Point[], slot: Point): Point[] {
  const out = points.map(([x, y]): Point => [x, y])
  const nearest = nearestSegment(out, slot).index
  // A label beside its route (a self-loop's) gets the route moved through it; only inner segments may move, and
  // their neighbours, at right angles to them, just grow or shrink.
  if (nearest > 0 && nearest < out.length - 2) {
    const axis = out[nearest][0] === out[nearest + 1][0] ? 0 : 1
    out[nearest][axis] = out[nearest + 1][axis] = slot[axis]
  }
  const { index, at } = nearestSegment(out, slot)
  let middle = index
  if (!samePoint(at, out[index])) {
    if (samePoint(at, out[index + 1])) middle = index + 1
    else out.splice(middle = index + 1, 0, at)
  }
  while (middle < out.length - 1 - middle) {
    out.splice(longest(out, 0, middle) + 1, 0, midpoint(out, longest(out, 0, middle)))
    middle += 1
  }
  while (out.length - 1 - middle < middle) out.splice(longest(out, middle, out.length - 1) + 1, 0, midpoint(out, longest(out, middle, out.length - 1)))
  return out
}

const samePoint = (p: Point, q: Point): boolean => Math.abs(p[0] - q[0]) < 0.5 && Math.abs(p[1] - q[1]) < 0.5

function midpoint (points: readonly Point[], i: number): Point {
  return [(points[i][0] + points[i + 1][0]) / 2, (points[i][1] + points[i + 1][1]) / 2]
}

/** The segment (its start index) with the greatest length among the segments from `from` to `to` (point indices). */
function longest (points: readonly Point[], from: number, to: number): number {
  let best = from
  for (let i = from; i < to; i++) if (lengthOf(points, i) > lengthOf(points, best)) best = i
  return best
}

const lengthOf = (points: readonly Point[], i: number): number =>
  Math.abs(points[i + 1][0] - points[i][0]) + Math.abs(points[i + 1][1] - points[i][1])

/** The segment closest to `p` and the point on it nearest `p`. */
function nearestSegment (points: readonly Point[], p: Point): { index: number, at: Point } {
  let best = { index: 0, at: points[0], distance: Infinity }
  for (let i = 0; i + 1 < points.length; i++) {
    const [a, b] = [points[i], points[i + 1]]
    const at: Point = [clamp(p[0], a[0], b[0]), clamp(p[1], a[1], b[1])]
    const distance = Math.hypot(at[0] - p[0], at[1] - p[1])
    if (distance < best.distance) best = { index: i, at, distance }
  }
  return best
}

function clamp (value: number, a: number, b: number): number {
  return Math.min(Math.max(value, Math.min(a, b)), Math.max(a, b))
}

/** Where a point sits on a box, as the fraction of its width and height (the binding's fixedPoint). */
function ratioIn ([x, y]: Point, box: Box): Point {
  return [(x - box.x) / box.width, (y - box.y) / box.height]
}
