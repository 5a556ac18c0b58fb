// search_scene_content: find elements by their visible text, with the real tool's
// separator-blind `contains` mode, a `glob` mode, and bound labels read back through their container.
import type { Element } from '../schemas/elements.js'
import { FRAME_TYPES } from '../schemas/elements.js'

export interface SearchOptions {
  query?: string
  matchMode?: 'contains' | 'glob' | string
  types?: readonly string[]
  frameId?: string
  includeDeleted?: boolean
  limit?: number
}

/** A matching element as stored, plus `labelText` when it is a container with a bound label. */
export type SearchHit = Element & { labelText?: string }

/** INFER: the wrapper key names are unknown upstream; `{count, elements}` follows the only public imitation. */
export interface SearchResult {
  /** How many elements are returned (at most `limit`). */
  count: number
  elements: SearchHit[]
}

export const DEFAULT_SEARCH_LIMIT = 25
export const MAX_SEARCH_LIMIT = 100
const SEPARATORS = /[\s\-_.,:;/\\]/g

/** Lower case without the separators the real tool ignores: "Auth Flow", "auth-flow" and "AUTH_FLOW" → "authflow". */
export function normalise (text: string): string {
  return text.toLowerCase().replace(SEPARATORS, '')
}

/** A case-insensitive whole-text matcher where `*` is any run of characters and `?` exactly one. */
export function globMatcher (pattern: string): (text: string) => boolean {
  const body = [...pattern].map((c) => c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('')
  const regex = new RegExp(`^${body}$`, 'isu')
  return (text) => regex.test(text)
}

/**
 * Searches `elements` in document order. An element's searchable text is its own text (standalone texts only),
 * its bound label's text (rectangle, diamond, ellipse, arrow) or its name (frames). Bound text elements are
 * never returned themselves: a match on a label returns the container with `labelText`. Without a query every
 * element passing the filters matches, so `types: ["frame"]` lists frames.
 */
export function searchSceneContent (elements: readonly Element[], options: SearchOptions = {}): SearchResult {
  const includeDeleted = options.includeDeleted === true
  const limit = clampLimit(options.limit)
  const matches = matcherFor(options)
  const types = options.types === undefined || options.types.length === 0 ? undefined : new Set(options.types)
  const labels = labelIndex(elements, includeDeleted)
  const found: SearchHit[] = []
  for (const element of elements) {
    if (found.length >= limit) break
    if (!includeDeleted && element.isDeleted) continue
    if (isBoundText(element)) continue
    if (types !== undefined && !types.has(element.type)) continue
    if (options.frameId !== undefined && element.frameId !== options.frameId) continue
    const labelText = labels.get(element.id)
    const searchable = searchableText(element, labelText)
    if (matches !== null && (searchable === undefined || !matches(searchable))) continue
    found.push(labelText === undefined ? element : { ...element, labelText })
  }
  return { count: found.length, elements: found }
}

function clampLimit (limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return DEFAULT_SEARCH_LIMIT
  return Math.min(MAX_SEARCH_LIMIT, Math.max(1, Math.floor(limit)))
}

/** null when every element matches (no query). INFER: an unknown matchMode searches as `contains`. */
function matcherFor (options: SearchOptions): ((text: string) => boolean) | null {
  const query = options.query ?? ''
  if (options.matchMode === 'glob') return query === '' ? null : globMatcher(query)
  const needle = normalise(query)
  if (needle === '') return null
  return (text) => normalise(text).includes(needle)
}

function isBoundText (element: Element): boolean {
  return element.type === 'text' && typeof element.containerId === 'string'
}

function textOf (element: Element): string | undefined {
  if (typeof element.originalText === 'string') return element.originalText
  return typeof element.text === 'string' ? element.text : undefined
}

function searchableText (element: Element, labelText: string | undefined): string | undefined {
  if (element.type === 'text') return textOf(element)
  if (FRAME_TYPES.has(element.type)) return typeof element.name === 'string' ? element.name : undefined
  return labelText
}

/**
 * Container id → its label's text. A live container reads only a live label; tombstoned labels count only
 * when deleted elements are searched (a deleted container keeps the label it had).
 */
function labelIndex (elements: readonly Element[], includeDeleted: boolean): Map<string, string> {
  const labels = new Map<string, string>()
  const deleted = new Set(elements.filter((e) => e.isDeleted).map((e) => e.id))
  for (const element of elements) {
    if (!isBoundText(element)) continue
    const containerId = element.containerId as string
    const usable = !element.isDeleted || (includeDeleted && deleted.has(containerId))
    const text = textOf(element)
    if (usable && text !== undefined && (!labels.has(containerId) || !element.isDeleted)) labels.set(containerId, text)
  }
  return labels
}
