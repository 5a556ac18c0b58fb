// The bounds of a JSON request body (nesting depth, and how a too-deep one is named) and the key of the request slot for
// its raw text, so nothing downstream ever re-serialises what a client sent. The parser that applies them, and that
// declares the slot on Fastify's request, is plugins/json-body.ts.

/**
 * Deeper bodies are refused with a 400 before any handler runs. No real drawing comes close (elements are flat;
 * customData rarely passes a handful of levels), while 5,000 levels overflowed the stack in the journal and the
 * content store.
 */
export const MAX_JSON_DEPTH = 512

/** How many path segments of a too-deep body the error names before it elides the rest. */
const PATH_SEGMENTS_SHOWN = 8

/** The request slot of a JSON body's raw text (declared on FastifyRequest by plugins/json-body.ts). */
export const kRawBody = Symbol('emulator.rawJsonBody')

interface Frame { value: unknown, depth: number, parent: Frame | null, key: string }

function pathOf (frame: Frame): string[] {
  const segments: string[] = []
  for (let at: Frame | null = frame; at !== null && at.parent !== null; at = at.parent) segments.push(at.key)
  return segments.reverse()
}

/**
 * The path (as segments) of the first container nested deeper than `maxDepth`, or null. Iterative on purpose:
 * a recursive walk is exactly what overflows on the bodies this guards against.
 */
export function pathBeyondDepth (value: unknown, maxDepth: number): string[] | null {
  // Every JSON body passes here: a first walk keeps only depths, and the path is traced only for a body too deep.
  return isBeyondDepth(value, maxDepth) ? tracePath(value, maxDepth) : null
}

/** Whether any container lies deeper than `maxDepth`, allocating no frame per value (a 10,000-element scene). */
function isBeyondDepth (root: unknown, maxDepth: number): boolean {
  const values: unknown[] = [root]
  const depths: number[] = [1]
  while (values.length > 0) {
    const value = values.pop()
    const depth = depths.pop() as number
    if (value === null || typeof value !== 'object') continue
    if (depth > maxDepth) return true
    // Own enumerable values, as Object.entries gives them; much faster than for…in with an own-property check.
    const children = Array.isArray(value) ? value : Object.values(value)
    for (let i = 0; i < children.length; i++) {
      const child: unknown = children[i]
      if (child !== null && typeof child === 'object') { values.push(child); depths.push(depth + 1) }
    }
  }
  return false
}

function tracePath (value: unknown, maxDepth: number): string[] | null {
  const stack: Frame[] = [{ value, depth: 0, parent: null, key: '' }]
  while (stack.length > 0) {
    const frame = stack.pop() as Frame
    if (frame.value === null || typeof frame.value !== 'object') continue
    const depth = frame.depth + 1
    if (depth > maxDepth) return pathOf(frame)
    for (const [key, child] of Object.entries(frame.value)) {
      if (child !== null && typeof child === 'object') stack.push({ value: child, depth, parent: frame, key })
    }
  }
  return null
}

/** "body/elements/0/customData/a/…" in the same `body/...` form as the schema errors. */
export function describeTooDeep (segments: string[]): string {
  const shown = segments.slice(0, PATH_SEGMENTS_SHOWN)
  const elided = segments.length > shown.length ? '/…' : ''
  const where = ['body', ...shown].join('/') + elided
  return `${where} is nested deeper than ${MAX_JSON_DEPTH} levels: flatten the JSON body`
}
