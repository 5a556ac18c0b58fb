// Text geometry without a font engine: the tools size text boxes from character counts, as no fonts ship here.

export const DEFAULT_FONT_SIZE = 20
/** Excalifont, the family new elements get in the editor. */
export const DEFAULT_FONT_FAMILY = 5
/** The editor's unitless line height for Excalifont. */
export const DEFAULT_LINE_HEIGHT = 1.25
// INFER: average glyph advance of Excalifont, measured by eye on the editor (about 0.6 em for mixed text).
const CHAR_WIDTH_EM = 0.6

export interface Size { width: number, height: number }

/** The box a text needs: the longest line times the average advance, one line height per line. */
export function measureText (text: string, fontSize = DEFAULT_FONT_SIZE, lineHeight = DEFAULT_LINE_HEIGHT): Size {
  const lines = text.split('\n')
  const longest = Math.max(...lines.map((line) => [...line].length))
  return {
    width: Math.ceil(longest * fontSize * CHAR_WIDTH_EM),
    height: Math.ceil(lines.length * fontSize * lineHeight)
  }
}

/**
 * Word-wraps `text` to `maxWidth` pixels (existing line breaks are kept; a word longer than a line is cut),
 * like the editor wraps a container's label.
 */
export function wrapText (text: string, maxWidth: number, fontSize = DEFAULT_FONT_SIZE): string {
  const perLine = Math.max(1, Math.floor(maxWidth / (fontSize * CHAR_WIDTH_EM)))
  return text.split('\n').map((line) => wrapLine(line, perLine)).join('\n')
}

function wrapLine (line: string, perLine: number): string {
  const out: string[] = []
  let current = ''
  for (const word of line.split(/ +/)) {
    let rest = word
    while ([...rest].length > perLine) {
      if (current !== '') { out.push(current); current = '' }
      out.push([...rest].slice(0, perLine).join(''))
      rest = [...rest].slice(perLine).join('')
    }
    const joined = current === '' ? rest : `${current} ${rest}`
    if ([...joined].length <= perLine) current = joined
    else { out.push(current); current = rest }
  }
  out.push(current)
  return out.join('\n')
}
