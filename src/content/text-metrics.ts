// Text geometry without a font engine, the one measure the MCP tools, the renderer's stand-in canvas and the
// fixture generator share: text boxes are sized from character counts, as no font engine ships here.

export const DEFAULT_FONT_SIZE = 20
/** Excalifont, the family new elements get in the editor. */
export const DEFAULT_FONT_FAMILY = 5
/** The editor's unitless line height for Excalifont. */
export const DEFAULT_LINE_HEIGHT = 1.25
/**
 * Average advance of one character, in em. INFER: Excalifont's and Virgil's glyph advances average 0.51 em over
 * mixed-case English labels (measured on the font files @excalidraw/utils ships); 0.55 leaves a little room, so
 * the editor, which measures the real font, never needs more lines than a box was sized for.
 */
export const CHAR_WIDTH_EM = 0.55
/** The editor keeps 5 px between a label and its container's edge (BOUND_TEXT_PADDING). */
export const BOUND_TEXT_PADDING = 5
/** An arrow's label may use 0.7 of the arrow's width, and at least 11 em (the editor's arrow label rule). */
const ARROW_LABEL_WIDTH_FRACTION = 0.7
const ARROW_LABEL_MIN_WIDTH_EM = 11

export interface Size { width: number, height: number }

const round2 = (n: number): number => Math.round(n * 100) / 100
const lengthOf = (line: string): number => [...line].length

/** Width of one line of text (no line breaks). */
export function lineWidth (line: string, fontSize = DEFAULT_FONT_SIZE): number {
  return round2(lengthOf(line) * fontSize * CHAR_WIDTH_EM)
}

/** The box a text needs: the longest line times the average advance, one line height per line. */
export function measureText (text: string, fontSize = DEFAULT_FONT_SIZE, lineHeight = DEFAULT_LINE_HEIGHT): Size {
  const lines = text.split('\n')
  const longest = Math.max(...lines.map(lengthOf))
  return { width: round2(longest * fontSize * CHAR_WIDTH_EM), height: round2(lines.length * fontSize * lineHeight) }
}

/** Characters that fit on a line `maxWidth` wide (at least one); a width measured by lineWidth fits exactly. */
function perLine (maxWidth: number, fontSize: number): number {
  return Math.max(1, Math.floor(maxWidth / (fontSize * CHAR_WIDTH_EM) + 1e-6))
}

/** How wide a label may be inside its container, as the editor computes it (getBoundTextMaxWidth). */
export function boundTextMaxWidth (container: { type: string, width?: unknown }, fontSize = DEFAULT_FONT_SIZE): number {
  const width = typeof container.width === 'number' ? container.width : 0
  const padding = 2 * BOUND_TEXT_PADDING
  switch (container.type) {
    case 'arrow': return Math.max(ARROW_LABEL_WIDTH_FRACTION * width, fontSize * ARROW_LABEL_MIN_WIDTH_EM)
    case 'ellipse': return Math.max(1, Math.round((width / 2) * Math.SQRT2) - padding)
    case 'diamond': return Math.max(1, Math.round(width / 2) - padding)
    default: return Math.max(1, width - padding)
  }
}

/** The smallest container of `type` whose label area holds `text` (the editor's computeContainerDimensionForBoundText). */
export function containerSizeForText (type: string, text: Size): Size {
  const grow = (dimension: number): number => {
    const padded = Math.ceil(dimension) + 2 * BOUND_TEXT_PADDING
    return type === 'ellipse' ? Math.round((padded / Math.SQRT2) * 2) : type === 'diamond' ? 2 * padded : padded
  }
  return { width: grow(text.width), height: grow(text.height) }
}

/**
 * Word-wraps `text` to `maxWidth` pixels like the editor wraps a container's label: existing line breaks are
 * kept, lines break between words, and a word longer than a whole line is cut, as the editor cuts it.
 */
export function wrapText (text: string, maxWidth: number, fontSize = DEFAULT_FONT_SIZE): string {
  const limit = perLine(maxWidth, fontSize)
  return text.split('\n').map((line) => wrapLine(line, limit, true)).join('\n')
}

/**
 * Word-wraps `text` to `maxWidth` pixels without ever cutting a word: a longer word gets a line of its own, wider
 * than `maxWidth`. For sizing a box around its text (the box grows to the longest word).
 */
export function wrapWords (text: string, maxWidth: number, fontSize = DEFAULT_FONT_SIZE): string {
  const limit = perLine(maxWidth, fontSize)
  return text.split('\n').map((line) => wrapLine(line, limit, false)).join('\n')
}

function wrapLine (line: string, limit: number, cutLongWords: boolean): string {
  const out: string[] = []
  let current = ''
  for (const word of line.split(/ +/)) {
    let rest = word
    while (cutLongWords && lengthOf(rest) > limit) {
      if (current !== '') { out.push(current); current = '' }
      out.push([...rest].slice(0, limit).join(''))
      rest = [...rest].slice(limit).join('')
    }
    const joined = current === '' ? rest : `${current} ${rest}`
    if (lengthOf(joined) <= limit || current === '') current = joined
    else { out.push(current); current = rest }
  }
  out.push(current)
  return out.join('\n')
}
