// Pictures the renderer makes itself (renderer off, packages missing, render failed): small, escaped, script-free SVG.

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }
const MAX_MESSAGE_CHARS = 240
const LINE_CHARS = 60

/** Escapes text for XML content and attribute values, and drops characters XML 1.0 cannot carry. */
export function escapeXml (text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '').replace(/[&<>"']/g, (c) => ESCAPES[c])
}

/** Splits a message into lines of at most LINE_CHARS, on spaces where possible. */
function wrap (text: string): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    for (let rest = word; rest.length > 0; rest = rest.slice(LINE_CHARS)) {
      const piece = rest.slice(0, LINE_CHARS)
      if (line.length > 0 && line.length + 1 + piece.length > LINE_CHARS) { lines.push(line); line = '' }
      line = line.length > 0 ? `${line} ${piece}` : piece
    }
  }
  if (line.length > 0) lines.push(line)
  return lines
}

interface Card { kind: 'placeholder' | 'error', title: string, message: string, stroke: string, fill: string }

function card ({ kind, title, message, stroke, fill }: Card): string {
  const text = message.length > MAX_MESSAGE_CHARS ? `${message.slice(0, MAX_MESSAGE_CHARS - 1)}…` : message
  const lines = wrap(text)
  const height = 90 + lines.length * 20
  const tspans = lines.map((line, i) => `<tspan x="24" y="${82 + i * 20}">${escapeXml(line)}</tspan>`).join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="0 0 480 ${height}" width="480" height="${height}" ` +
    `data-render="${kind}"><rect x="1" y="1" width="478" height="${height - 2}" rx="12" fill="${fill}" stroke="${stroke}" ` +
    'stroke-width="2" stroke-dasharray="8 6"/><text x="24" y="46" font-family="Liberation Sans, Helvetica, Arial, sans-serif" ' +
    `font-size="20" font-weight="bold" fill="#1e1e1e">${escapeXml(title)}</text>` +
    `<text font-family="Liberation Sans, Helvetica, Arial, sans-serif" font-size="15" fill="#495057">${tspans}</text></svg>`
}

/** FIDELITY: the real service always renders; the emulator can be started with rendering off. */
export function placeholderSvg (): string {
  return card({ kind: 'placeholder', title: 'Scene preview', message: 'Rendering is turned off in this emulator.',
    stroke: '#adb5bd', fill: '#f8f9fa' })
}

/**
 * The picture of a scene the build did not draw, in an install without (some of) the renderer's packages: which
 * are missing and the command that installs them.
 */
export function packagesNeededSvg (missing: readonly string[], install: string): string {
  return card({ kind: 'placeholder', title: 'Scene preview', message: `Drawing this scene needs ${missing.join(', ')}, not installed here. Install: ${install}`,
    stroke: '#adb5bd', fill: '#f8f9fa' })
}

/** The picture for a scene that cannot be drawn; `reason` may quote user content, so it is escaped. */
export function errorSvg (reason: string): string {
  return card({ kind: 'error', title: 'This scene could not be drawn', message: reason, stroke: '#e03131', fill: '#fff5f5' })
}

/** True for pictures made by this file rather than drawn from the scene. */
export function isRendererPicture (svg: string): boolean {
  return /^<svg [^>]*data-render="(placeholder|error)"/.test(svg)
}
