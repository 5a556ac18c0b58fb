// Element builders for the demo drawings: shapes, text (free and bound), bound arrows, lines, images, groups (format §3.4-3.5).
import { BOUND_TEXT_PADDING, DEFAULT_FONT_FAMILY, DEFAULT_LINE_HEIGHT, measureText } from '../../src/content/text-metrics.js'
import type { Box, Drawing, El, Point, Style } from './drawing.js'
import type { FileRecord } from './png.js'

export type Side = 'left' | 'right' | 'top' | 'bottom'
export type Anchor = Side | Point
export type Arrowhead = 'arrow' | 'bar' | 'triangle' | 'circle' | null

export interface TextOptions {
  size?: number
  align?: 'left' | 'center' | 'right'
  valign?: 'top' | 'middle' | 'bottom'
  color?: string
}

export interface ConnectOptions {
  from?: Anchor
  to?: Anchor
  /** Absolute waypoints between the two ends. */
  via?: Point[]
  label?: string
  style?: Style
  startArrowhead?: Arrowhead
  endArrowhead?: Arrowhead
}

/** Orbit-mode arrow ends stop this far outside the shape they are bound to. */
const GAP = 6
const SIDE_POINTS: Record<Side, Point> = { left: [0, 0.5], right: [1, 0.5], top: [0.5, 0], bottom: [0.5, 1] }

const round2 = (n: number): number => Math.round(n * 100) / 100

export function measure (text: string, size: number): { w: number, h: number } {
  const { width, height } = measureText(text, size, DEFAULT_LINE_HEIGHT)
  return { w: width, h: height }
}

function textExtras (text: string, size: number, opts: TextOptions, containerId: string | null): Record<string, unknown> {
  return {
    text,
    fontSize: size,
    fontFamily: DEFAULT_FONT_FAMILY,
    textAlign: opts.align ?? (containerId ? 'center' : 'left'),
    verticalAlign: opts.valign ?? (containerId ? 'middle' : 'top'),
    containerId,
    originalText: text,
    autoResize: true,
    lineHeight: DEFAULT_LINE_HEIGHT
  }
}

/** Free-standing text with its top-left corner at (x, y); align 'center' centres it on x instead. */
export function text (d: Drawing, x: number, y: number, content: string, opts: TextOptions = {}): El {
  const size = opts.size ?? 20
  const { w, h } = measure(content, size)
  const left = opts.align === 'center' ? round2(x - w / 2) : opts.align === 'right' ? round2(x - w) : x
  return d.add('text', { x: left, y, w, h }, { stroke: opts.color }, textExtras(content, size, opts, null))
}

export function shape (d: Drawing, type: 'rectangle' | 'diamond' | 'ellipse', box: Box, style: Style = {}): El {
  // The editor's default corners: adaptive (3) for rectangles, proportional (2) for the rest.
  const roundness = 'roundness' in style ? style.roundness : { type: type === 'rectangle' ? 3 : 2 } as const
  return d.add(type, box, { ...style, roundness })
}

function attach (target: El, id: string, type: 'arrow' | 'text'): void {
  target.boundElements = [...(target.boundElements ?? []), { id, type }]
}

/** Text bound to a container (shape or arrow), laid out the way the editor places it. */
export function label (d: Drawing, container: El, content: string, opts: TextOptions = {}): El {
  const size = opts.size ?? 20
  const { w, h } = measure(content, size)
  const [cx, cy] = container.type === 'arrow' ? arrowMidpoint(container) : [container.x + container.width / 2, container.y + container.height / 2]
  if (container.type !== 'arrow' && (w > container.width - 2 * BOUND_TEXT_PADDING || h > container.height - 2 * BOUND_TEXT_PADDING)) {
    throw new Error(`label "${content}" does not fit its ${container.type}`)
  }
  const x = opts.align === 'left' ? container.x + BOUND_TEXT_PADDING : round2(cx - w / 2)
  const y = opts.valign === 'top' ? container.y + BOUND_TEXT_PADDING : round2(cy - h / 2)
  const el = d.add('text', { x, y, w, h }, { stroke: opts.color ?? container.strokeColor }, textExtras(content, size, opts, container.id))
  el.groupIds = [...container.groupIds]
  attach(container, el.id, 'text')
  return el
}

/** A shape with a centred label, the editor's "text container". */
export function boxed (d: Drawing, type: 'rectangle' | 'diamond' | 'ellipse', box: Box, content: string, style: Style = {}, opts: TextOptions = {}): El {
  const container = shape(d, type, box, style)
  label(d, container, content, opts)
  return container
}

function autoSides (from: El, to: El): [Side, Side] {
  const dx = to.x + to.width / 2 - (from.x + from.width / 2)
  const dy = to.y + to.height / 2 - (from.y + from.height / 2)
  if (Math.abs(dx) >= Math.abs(dy)) return dx >= 0 ? ['right', 'left'] : ['left', 'right']
  return dy >= 0 ? ['bottom', 'top'] : ['top', 'bottom']
}

/** The binding's fixed point and the absolute end point just outside the target's outline. */
function endpoint (target: El, anchor: Anchor): { fixedPoint: Point, at: Point } {
  const fixedPoint = typeof anchor === 'string' ? SIDE_POINTS[anchor] : anchor
  const [fx, fy] = fixedPoint
  const nx = fx === 0 ? -1 : fx === 1 ? 1 : 0
  const ny = fy === 0 ? -1 : fy === 1 ? 1 : 0
  const at: Point = [round2(target.x + fx * target.width + nx * GAP), round2(target.y + fy * target.height + ny * GAP)]
  return { fixedPoint, at }
}

function linearBox (points: Point[]): Box & { rel: Point[] } {
  const [x0, y0] = points[0]
  const rel = points.map(([x, y]): Point => [round2(x - x0), round2(y - y0)])
  const xs = rel.map((p) => p[0])
  const ys = rel.map((p) => p[1])
  return { x: x0, y: y0, w: round2(Math.max(...xs) - Math.min(...xs)), h: round2(Math.max(...ys) - Math.min(...ys)), rel }
}

/** An arrow bound at both ends: the arrow names the shapes, and each shape lists the arrow. */
export function connect (d: Drawing, from: El, to: El, opts: ConnectOptions = {}): El {
  const [autoFrom, autoTo] = autoSides(from, to)
  const start = endpoint(from, opts.from ?? autoFrom)
  const end = endpoint(to, opts.to ?? autoTo)
  const { rel, ...box } = linearBox([start.at, ...(opts.via ?? []), end.at])
  const arrow = d.add('arrow', box, { roundness: opts.via ? null : { type: 2 }, ...opts.style }, {
    points: rel,
    startBinding: { elementId: from.id, fixedPoint: start.fixedPoint, mode: 'orbit' },
    endBinding: { elementId: to.id, fixedPoint: end.fixedPoint, mode: 'orbit' },
    startArrowhead: opts.startArrowhead ?? null,
    endArrowhead: opts.endArrowhead === undefined ? 'arrow' : opts.endArrowhead,
    elbowed: false
  })
  attach(from, arrow.id, 'arrow')
  attach(to, arrow.id, 'arrow')
  if (opts.label) label(d, arrow, opts.label, { size: 16 })
  return arrow
}

/** An unbound polyline through absolute points. */
export function line (d: Drawing, points: Point[], style: Style = {}): El {
  const { rel, ...box } = linearBox(points)
  return d.add('line', box, { roundness: null, ...style }, {
    points: rel,
    startBinding: null,
    endBinding: null,
    startArrowhead: null,
    endArrowhead: null,
    polygon: false
  })
}

/** The point halfway along an arrow's path, where the editor centres its label. */
export function arrowMidpoint (arrow: El): Point {
  const points = arrow.points as Point[]
  const lengths = points.slice(1).map((p, i) => Math.hypot(p[0] - points[i][0], p[1] - points[i][1]))
  let remaining = lengths.reduce((a, b) => a + b, 0) / 2
  for (let i = 0; i < lengths.length; i++) {
    if (remaining <= lengths[i] || i === lengths.length - 1) {
      const t = lengths[i] === 0 ? 0 : remaining / lengths[i]
      const [ax, ay] = points[i]
      const [bx, by] = points[i + 1]
      return [arrow.x + ax + (bx - ax) * t, arrow.y + ay + (by - ay) * t]
    }
    remaining -= lengths[i]
  }
  return [arrow.x, arrow.y]
}

/** A pen stroke through points relative to (x, y), with the pen pressure of each point. */
export function freedraw (d: Drawing, x: number, y: number, points: Point[], pressures: number[], style: Style = {}): El {
  const rel = points.map(([px, py]): Point => [round2(px), round2(py)])
  const xs = rel.map((p) => p[0])
  const ys = rel.map((p) => p[1])
  const box = { x, y, w: round2(Math.max(...xs) - Math.min(...xs)), h: round2(Math.max(...ys) - Math.min(...ys)) }
  return d.add('freedraw', box, { roughness: 0, ...style }, {
    points: rel,
    pressures: pressures.map((p) => Math.round(p * 1000) / 1000),
    simulatePressure: false
  })
}

/** An image element and its file; the file is stamped as added just before the element that shows it. */
export function image (d: Drawing, picture: (created: number) => FileRecord, box: Box): El {
  const fileId = d.attachFile(picture(d.later()))
  return d.add('image', box, { stroke: 'transparent' }, { status: 'saved', fileId, scale: [1, 1], crop: null })
}

export function stickynote (d: Drawing, box: Box, color = '#ffec99'): El {
  return d.add('stickynote', box, { bg: color, strokeWidth: 1, roughness: 0 }, { baseHeight: box.h })
}

/** Groups elements (and the text bound to them), as selecting them and pressing Ctrl+G does. */
export function group (d: Drawing, members: El[]): string {
  const id = d.groupId()
  const boundTextIds = new Set(members.flatMap((m) => (m.boundElements ?? []).filter((b) => b.type === 'text').map((b) => b.id)))
  for (const el of d.all()) {
    if (members.includes(el) || boundTextIds.has(el.id)) el.groupIds.push(id)
  }
  return id
}

/** Soft-deletes an element, leaving the tombstone a later edit would leave. */
export function tombstone (d: Drawing, el: El): El {
  el.isDeleted = true
  el.version += 1
  el.versionNonce = d.nonce()
  el.updated = d.later()
  return el
}
