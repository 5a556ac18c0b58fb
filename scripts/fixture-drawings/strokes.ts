// Hand-drawn pen strokes (points relative to the first one, plus pressures) for the freedraw elements.
import type { Drawing, El, Point, Style } from './drawing.js'
import { freedraw } from './shapes.js'

/** A curve sampled at t in [0, 1]; the stroke is shifted so its first point is (0, 0). */
type Curve = (t: number) => Point

const TAU = Math.PI * 2

/**
 * Samples a curve with a little hand tremor and a pressure profile that swells mid-stroke,
 * the way a pen on a tablet records it.
 */
export function stroke (d: Drawing, x: number, y: number, curve: Curve, samples: number, style: Style = {}): El {
  const raw = Array.from({ length: samples }, (_, i) => curve(i / (samples - 1)))
  const [x0, y0] = raw[0]
  const points = raw.map(([px, py], i): Point => i === 0 ? [0, 0] : [px - x0 + jitter(d), py - y0 + jitter(d)])
  const pressures = raw.map((_, i) => 0.35 + 0.45 * Math.sin((Math.PI * i) / (samples - 1)) + 0.1 * d.random())
  return freedraw(d, x + x0, y + y0, points, pressures, style)
}

function jitter (d: Drawing): number {
  return (d.random() - 0.5) * 1.6
}

export const wave = (w: number, amp: number, periods = 3): Curve => (t) => [t * w, Math.sin(t * TAU * periods) * amp]

export const loop = (rx: number, ry: number, turns = 1.1): Curve => (t) => [
  rx + Math.cos(t * TAU * turns + 2.2) * rx * (1 + 0.06 * t),
  ry + Math.sin(t * TAU * turns + 2.2) * ry * (1 + 0.06 * t)
]

export const star = (r: number): Curve => (t) => {
  // Five points visited in the order 0, 2, 4, 1, 3 draw the star in one stroke.
  const segment = Math.min(4, Math.floor(t * 5))
  const local = t * 5 - segment
  const vertex = (k: number): Point => {
    const a = -Math.PI / 2 + ((k * 2) % 5) * (TAU / 5)
    return [r + Math.cos(a) * r, r + Math.sin(a) * r]
  }
  const [ax, ay] = vertex(segment)
  const [bx, by] = vertex(segment + 1)
  return [ax + (bx - ax) * local, ay + (by - ay) * local]
}

export const check = (size: number): Curve => (t) =>
  t < 0.35 ? [(t / 0.35) * size * 0.35, (t / 0.35) * size * 0.45] : [size * 0.35 + ((t - 0.35) / 0.65) * size * 0.65, size * 0.45 - ((t - 0.35) / 0.65) * size]

export const heart = (size: number): Curve => (t) => {
  const a = t * TAU
  const hx = 16 * Math.sin(a) ** 3
  const hy = -(13 * Math.cos(a) - 5 * Math.cos(2 * a) - 2 * Math.cos(3 * a) - Math.cos(4 * a))
  return [(hx + 17) * (size / 34), (hy + 17) * (size / 34)]
}

export const spiral = (r: number, turns = 2.5): Curve => (t) => [
  r + Math.cos(t * TAU * turns) * r * t,
  r + Math.sin(t * TAU * turns) * r * t
]

export const arc = (w: number, h: number): Curve => (t) => [t * w, -Math.sin(t * Math.PI) * h]
