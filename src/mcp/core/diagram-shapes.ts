// create_diagram's shapes and their sizes: each node box is sized around its wrapped label before the layout runs
// (the engine places boxes, it does not size them), with the editor's own container rules, so the label the editor
// wraps inside the box keeps every word whole.
import { boundTextMaxWidth, containerSizeForText, measureText, wrapText, wrapWords, type Size } from '../../content/text-metrics.js'

export type NodeShape = 'rectangle' | 'diamond' | 'ellipse'

// INFER: shapes per kind are the emulator's choice.
const NODE_SHAPES: Readonly<Record<string, NodeShape>> = { decision: 'diamond', start: 'ellipse', end: 'ellipse', terminal: 'ellipse' }

export const NODE_FONT_SIZE = 20
export const EDGE_FONT_SIZE = 16
/** Labels wrap at about 16 characters before a box grows wider; only a longer single word widens it further. */
const LABEL_WRAP_WIDTH = 180
/** Room between a label and its box beyond the editor's own 5 px padding, so text does not touch the outline. */
const LABEL_MARGIN = 10
const MIN_SIZE: Readonly<Record<NodeShape, Size>> = {
  rectangle: { width: 160, height: 70 },
  diamond: { width: 180, height: 110 },
  ellipse: { width: 160, height: 70 }
}

export interface SizedNode {
  shape: NodeShape
  width: number
  height: number
}

export function shapeOf (kind: string | undefined): NodeShape {
  return NODE_SHAPES[kind ?? ''] ?? 'rectangle'
}

/**
 * The box around `label`: wrapped between words at about 16 characters, then grown by the editor's rule for a
 * container of that shape (a diamond offers half its width to its label, an ellipse 0.71 of it). The editor then
 * wraps the label at the width the box offers, which is at least the longest line, so no word is cut.
 */
export function sizeNode (label: string, shape: NodeShape): SizedNode {
  const text = measureText(wrapWords(label, LABEL_WRAP_WIDTH, NODE_FONT_SIZE), NODE_FONT_SIZE)
  const grown = containerSizeForText(shape, { width: text.width + 2 * LABEL_MARGIN, height: text.height + 2 * LABEL_MARGIN })
  const width = Math.max(MIN_SIZE[shape].width, grown.width)
  // The label is re-wrapped at the width the box offers, which may hold more words per line than the first wrap.
  const wrapped = wrapText(label, boundTextMaxWidth({ type: shape, width }, NODE_FONT_SIZE), NODE_FONT_SIZE)
  const final = measureText(wrapped, NODE_FONT_SIZE)
  const height = Math.max(MIN_SIZE[shape].height, containerSizeForText(shape, { width: 0, height: final.height + 2 * LABEL_MARGIN }).height)
  return { shape, width, height }
}

/** Side length per arrow end on a node's busiest side: room for an arrowhead beside the next one. */
const END_ROOM = 18

/**
 * The box grown across the flow (its height when the flow runs left or right, else its width) until its busiest
 * side has room for `ends` arrow ends side by side.
 */
export function withRoomForEnds (node: SizedNode, ends: number, flowAcrossIsHeight: boolean): SizedNode {
  const needed = (ends + 1) * END_ROOM
  return flowAcrossIsHeight ? { ...node, height: Math.max(node.height, needed) } : { ...node, width: Math.max(node.width, needed) }
}

/**
 * An edge label's box: wrapped between words at the editor's narrowest arrow label width (11 em), which is how the
 * editor wraps it on any arrow too short to offer more.
 */
export function edgeLabelSize (label: string): Size {
  const width = boundTextMaxWidth({ type: 'arrow', width: 0 }, EDGE_FONT_SIZE)
  return measureText(wrapWords(label, width, EDGE_FONT_SIZE), EDGE_FONT_SIZE)
}
