// Bound labels: a text element inside a rectangle, diamond, ellipse or arrow (containerId + the container's
// boundElements back-link), always centred on its container and vertically middle-aligned.
import type { Element } from '../../schemas/elements.js'
import { toolError } from '../tool-errors.js'
import { linkBound } from './bound.js'
import type { Draft } from './draft.js'
import { completeElement } from './skeleton.js'
import { boundTextMaxWidth, DEFAULT_FONT_SIZE, DEFAULT_LINE_HEIGHT, measureText, wrapText } from '../../content/text-metrics.js'

export const LABEL_CONTAINERS: ReadonlySet<string> = new Set(['rectangle', 'diamond', 'ellipse', 'arrow'])

/** Label fields an agent may set; everything else about a label follows its container. */
export interface LabelSpec {
  text?: string
  fontSize?: number
  fontFamily?: number
  strokeColor?: string
  textAlign?: 'left' | 'center' | 'right'
}

/** Checks a `label` value: an object whose known fields have the right types. `needText` for new labels. */
export function readLabelSpec (value: unknown, where: string, needText: boolean): LabelSpec {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    toolError(`${where}.label must be an object such as {"text": "Start"}`)
  }
  const spec = value as Record<string, unknown>
  if (needText || spec.text !== undefined) {
    if (typeof spec.text !== 'string' || spec.text === '') toolError(`${where}.label.text must be a non-empty string`)
  }
  for (const key of ['fontSize', 'fontFamily'] as const) {
    if (spec[key] !== undefined && (typeof spec[key] !== 'number' || !Number.isFinite(spec[key]))) {
      toolError(`${where}.label.${key} must be a number`)
    }
  }
  if (spec.strokeColor !== undefined && typeof spec.strokeColor !== 'string') toolError(`${where}.label.strokeColor must be a string`)
  if (spec.textAlign !== undefined && !['left', 'center', 'right'].includes(spec.textAlign as string)) {
    toolError(`${where}.label.textAlign must be one of "left", "center", "right"`)
  }
  const { text, fontSize, fontFamily, strokeColor, textAlign } = spec as LabelSpec
  return Object.fromEntries(Object.entries({ text, fontSize, fontFamily, strokeColor, textAlign })
    .filter(([, v]) => v !== undefined)) as LabelSpec
}

/** The live text bound inside `container`, if any. */
export function labelOf (draft: Draft, container: Element): Element | undefined {
  const entries = Array.isArray(container.boundElements) ? container.boundElements as Array<{ id: string, type: string }> : []
  for (const entry of entries) {
    const text = entry.type === 'text' ? draft.live(entry.id) : undefined
    if (text !== undefined && text.containerId === container.id) return text
  }
  return undefined
}

/** Creates the bound text for `spec` inside `container` and links it back. */
export function createLabel (draft: Draft, container: Element, spec: LabelSpec): Element {
  const skeleton = {
    type: 'text',
    text: spec.text,
    fontSize: spec.fontSize ?? DEFAULT_FONT_SIZE,
    textAlign: spec.textAlign ?? 'center',
    verticalAlign: 'middle',
    containerId: container.id,
    frameId: container.frameId ?? null,
    groupIds: [...(container.groupIds as string[] ?? [])],
    ...(spec.fontFamily === undefined ? {} : { fontFamily: spec.fontFamily }),
    ...(spec.strokeColor === undefined ? {} : { strokeColor: spec.strokeColor })
  }
  const text = draft.create(completeElement(skeleton, draft.stamp(), 'label'))
  linkBound(draft, container.id, text.id, 'text')
  return draft.change(text.id, fitLabel(text, container))
}

/** Applies `spec` to an existing label, refitted to its container. */
export function editLabel (draft: Draft, text: Element, container: Element, spec: LabelSpec): Element {
  const edited = draft.change(text.id, { ...spec, ...(spec.text === undefined ? {} : { originalText: spec.text }) })
  return draft.change(text.id, fitLabel(edited, container))
}

/** Re-centres (and re-wraps) the live label of `containerId` after its container changed. */
export function refitLabelOf (draft: Draft, containerId: string): void {
  const container = draft.live(containerId)
  const text = container === undefined ? undefined : labelOf(draft, container)
  if (container !== undefined && text !== undefined) draft.change(text.id, fitLabel(text, container))
}

/** Wrapped text, size and position of a label centred on `container`, wrapped as the editor wraps it. */
function fitLabel (text: Element, container: Element): Record<string, unknown> {
  const original = typeof text.originalText === 'string' ? text.originalText : String(text.text)
  const fontSize = typeof text.fontSize === 'number' ? text.fontSize : DEFAULT_FONT_SIZE
  const lineHeight = typeof text.lineHeight === 'number' ? text.lineHeight : DEFAULT_LINE_HEIGHT
  const wrapped = wrapText(original, boundTextMaxWidth(container, fontSize), fontSize)
  const size = measureText(wrapped, fontSize, lineHeight)
  const centre = centreOf(container)
  return {
    text: wrapped,
    originalText: original,
    width: size.width,
    height: size.height,
    x: centre.x - size.width / 2,
    y: centre.y - size.height / 2,
    angle: container.type === 'arrow' ? 0 : container.angle
  }
}

/**
 * A shape's centre, or where the editor draws an arrow's label: its middle point when the arrow has an odd number
 * of points, else the middle of its middle segment (getBoundTextElementCenter).
 */
export function centreOf (element: Element): { x: number, y: number } {
  const x = element.x as number
  const y = element.y as number
  if (element.type !== 'arrow') return { x: x + (element.width as number) / 2, y: y + (element.height as number) / 2 }
  const points = element.points as number[][]
  if (points.length === 0) return { x, y }
  const half = Math.floor(points.length / 2)
  if (points.length % 2 === 1) return { x: x + points[half][0], y: y + points[half][1] }
  const [a, b] = [points[half - 1], points[half]]
  return { x: x + (a[0] + b[0]) / 2, y: y + (a[1] + b[1]) / 2 }
}
