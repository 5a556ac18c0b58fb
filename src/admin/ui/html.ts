// A tagged template for the demo page: every interpolated value is HTML-escaped unless it is a fragment this
// module built (scene names and texts are user content: `<script>` in a name must show as text, never run).

const kHtml = Symbol('emulator.html')

/** Markup that is already safe: produced by `html` or `raw`. */
export interface Html { readonly [kHtml]: string }

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export function escapeHtml (text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char])
}

/** Trusted markup (constants of this module's callers only, never user content). */
export const raw = (markup: string): Html => ({ [kHtml]: markup })

function render (value: unknown): string {
  if (value === null || value === undefined || value === false) return ''
  if (Array.isArray(value)) return value.map(render).join('')
  if (typeof value === 'object' && kHtml in value) return (value as Html)[kHtml]
  return escapeHtml(String(value))
}

export function html (strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0]
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1]
  return raw(out)
}

export const toText = (fragment: Html): string => fragment[kHtml]

/** A URL path segment from an id (ids are user-visible strings; keep them inert in hrefs). */
export const segment = (id: string): string => encodeURIComponent(id)

/** A count with its noun in the right number: `counted(1, 'scene')` is "1 scene", `counted(2, 'scene')` "2 scenes". */
export const counted = (n: number, singular: string, plural = `${singular}s`): string => `${n} ${n === 1 ? singular : plural}`

/**
 * Text whose Markdown code spans (`like this`) become <code>, every part escaped: the drift kinds' descriptions are
 * written for the docs as well. An unmatched backtick stays as written.
 */
export function withCodeSpans (text: string): Html {
  const parts = text.split('`')
  if (parts.length % 2 === 0) {
    const tail = parts.pop() as string
    parts[parts.length - 1] += `\`${tail}`
  }
  return html`${parts.map((part, i) => i % 2 === 1 ? html`<code>${part}</code>` : part)}`
}
