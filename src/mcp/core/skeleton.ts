// Skeleton completion: an agent's partial element becomes a complete record every field of which the content
// engine's element schemas require (src/schemas/elements.ts), with the defaults the editor gives new elements.
import { elementDefaults } from '../../content/element-defaults.js'
import { ELEMENT_SCHEMAS, type Element } from '../../schemas/elements.js'
import { toolError } from '../tool-errors.js'
import { DEFAULT_FONT_FAMILY, DEFAULT_FONT_SIZE, DEFAULT_LINE_HEIGHT, measureText } from '../../content/text-metrics.js'

/** What completion cannot choose by itself: identity, stacking, time and randomness. */
export interface Stamp {
  id: string
  index: string
  now: number
  seed: number
  nonce: number
}

type Fields = Record<string, unknown>

const BOX_SIZE = 100
const ADAPTIVE_ROUND = new Set(['rectangle', 'iframe', 'embeddable'])
const PROPORTIONAL_ROUND = new Set(['diamond', 'line', 'arrow'])

/** Sets `key` to `value` unless the skeleton already has it. */
function fill (element: Fields, key: string, value: unknown): void {
  if (element[key] === undefined) element[key] = value
}

/** The editor's default roundness: adaptive for boxes, proportional for diamonds and lines, none elsewhere. */
function defaultRoundness (type: string, elbowed: boolean): Fields | null {
  if (ADAPTIVE_ROUND.has(type)) return { type: 3 }
  if (PROPORTIONAL_ROUND.has(type) && !elbowed) return { type: 2 }
  return null
}

/**
 * A complete element from `skeleton` (already stripped of tempId/label, references already resolved).
 * Identity, version and deletion state always come from `stamp`: an added element is new and live.
 */
export function completeElement (skeleton: Fields, stamp: Stamp, where: string): Element {
  const type = skeleton.type
  if (typeof type !== 'string' || !Object.hasOwn(ELEMENT_SCHEMAS, type)) {
    toolError(`${where}: type must be one of ${Object.keys(ELEMENT_SCHEMAS).join(', ')}`)
  }
  const element: Fields = { ...skeleton }
  for (const [key, value] of Object.entries(elementDefaults())) fill(element, key, value)
  fill(element, 'seed', stamp.seed)
  fill(element, 'index', stamp.index)
  Object.assign(element, { id: stamp.id, version: 1, versionNonce: stamp.nonce, isDeleted: false, updated: stamp.now })
  completeByType(element, type, where)
  fill(element, 'roundness', defaultRoundness(type, element.elbowed === true))
  return element as Element
}

function completeByType (element: Fields, type: string, where: string): void {
  switch (type) {
    case 'text': return completeText(element, where)
    case 'arrow':
    case 'line': return completeLinear(element, type)
    case 'freedraw':
      completePoints(element, [[0, 0]])
      fill(element, 'pressures', [])
      fill(element, 'simulatePressure', true)
      return
    case 'image':
      completeBox(element)
      fill(element, 'fileId', null)
      fill(element, 'status', 'saved')
      fill(element, 'scale', [1, 1])
      fill(element, 'crop', null)
      return
    case 'frame':
    case 'magicframe':
      completeBox(element)
      fill(element, 'name', null)
      return
    case 'stickynote':
      completeBox(element)
      fill(element, 'baseHeight', element.height)
      return
    default:
      completeBox(element)
  }
}

function completeBox (element: Fields): void {
  fill(element, 'width', BOX_SIZE)
  fill(element, 'height', BOX_SIZE)
}

/**
 * Text boxes are sized from their text when no size is given. A centre-aligned standalone text is placed so
 * the given `x` is its centre, as the real tool does.
 */
function completeText (element: Fields, where: string): void {
  if (typeof element.text !== 'string') toolError(`${where}: a text element needs "text" (a string)`)
  fill(element, 'originalText', element.text)
  fill(element, 'fontSize', DEFAULT_FONT_SIZE)
  fill(element, 'fontFamily', DEFAULT_FONT_FAMILY)
  fill(element, 'lineHeight', DEFAULT_LINE_HEIGHT)
  fill(element, 'textAlign', 'left')
  fill(element, 'verticalAlign', 'top')
  fill(element, 'containerId', null)
  fill(element, 'autoResize', true)
  const size = measureText(element.text, numberOr(element.fontSize, DEFAULT_FONT_SIZE), numberOr(element.lineHeight, DEFAULT_LINE_HEIGHT))
  const sized = element.width === undefined
  fill(element, 'width', size.width)
  fill(element, 'height', size.height)
  if (element.textAlign === 'center' && element.containerId === null && typeof element.x === 'number' && sized) {
    element.x = element.x - (element.width as number) / 2
  }
}

function completeLinear (element: Fields, type: 'arrow' | 'line'): void {
  const width = numberOr(element.width, BOX_SIZE)
  const height = numberOr(element.height, 0)
  completePoints(element, [[0, 0], [width, height]])
  fill(element, 'startArrowhead', null)
  fill(element, 'endArrowhead', type === 'arrow' ? 'arrow' : null)
  element.startBinding = normaliseBinding(element.startBinding)
  element.endBinding = normaliseBinding(element.endBinding)
  if (type === 'line') {
    fill(element, 'polygon', false)
    return
  }
  fill(element, 'elbowed', false)
  if (element.elbowed === true) {
    fill(element, 'fixedSegments', null)
    fill(element, 'startIsSpecial', null)
    fill(element, 'endIsSpecial', null)
  }
}

/** Points default to `fallback`; well-formed points are shifted so the first is [0,0] and give the box size. */
export function completePoints (element: Fields, fallback: number[][]): void {
  fill(element, 'points', fallback)
  const points = element.points
  if (!isPointList(points) || points.length === 0) {
    // Leave the malformed points for the shape check to name; the box fields just must not be what it reports.
    fill(element, 'width', 0)
    fill(element, 'height', 0)
    return
  }
  const [x0, y0] = points[0]
  if (x0 !== 0 || y0 !== 0) {
    element.points = points.map(([x, y]) => [x - x0, y - y0])
    if (typeof element.x === 'number') element.x += x0
    if (typeof element.y === 'number') element.y += y0
  }
  const box = pointsBox(element.points as number[][])
  element.width = box.width
  element.height = box.height
}

export function pointsBox (points: readonly number[][]): { width: number, height: number } {
  const xs = points.map((p) => p[0])
  const ys = points.map((p) => p[1])
  return { width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) }
}

function isPointList (value: unknown): value is number[][] {
  return Array.isArray(value) && value.every((p) => Array.isArray(p) && p.length === 2 &&
    p.every((n) => typeof n === 'number' && Number.isFinite(n)))
}

/**
 * A binding is kept when it names its target and a fixedPoint (mode defaults to "inside"), or when it is a
 * legacy {focus, gap} one. INFER: a binding without a fixedPoint is dropped, as the real service drops bindings
 * that are not explicit.
 */
export function normaliseBinding (binding: unknown): Fields | null {
  if (typeof binding !== 'object' || binding === null || Array.isArray(binding)) return null
  const b = binding as Fields
  if (typeof b.elementId !== 'string') return null
  if (typeof b.focus === 'number' && typeof b.gap === 'number') return b
  if (!isPointList([b.fixedPoint])) return null
  return { ...b, mode: b.mode ?? 'inside' }
}

function numberOr (value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback
}
