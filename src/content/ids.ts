// Element id canonicalisation on write: ids that are not 21 characters of [A-Za-z0-9_-]
// get a minted id, and every reference to them in the same batch is rewritten to match.
import { fail } from '../errors.js'
import { CANONICAL_ELEMENT_ID, type IdFactory } from '../lib/ids.js'

/** A batch of submitted elements with canonical ids, plus how to name each one in messages. */
export interface CanonicalBatch {
  elements: Array<Record<string, unknown>>
  /** Minted id → the id the client sent, so 400s name what the client knows. */
  sentIds: Map<string, string>
}

/** True when `id` is stored as sent: a string already in the service's 21-character form. */
export function isCanonicalId (id: unknown): id is string {
  return typeof id === 'string' && CANONICAL_ELEMENT_ID.test(id)
}

/**
 * Checks that `raw` is an array of objects with usable, unique ids, mints ids for the non-canonical ones
 * (numeric ids included, as the live service does) and rewrites references to them. Never mutates the input.
 * `taken` holds ids that minted ids must not collide with (the stored elements, for PATCH).
 */
export function canonicaliseIds (raw: unknown, ids: IdFactory, taken: ReadonlySet<string> = new Set()): CanonicalBatch {
  if (!Array.isArray(raw)) fail('EMU_BAD_REQUEST', 'elements must be an array')
  const sent = readSentIds(raw)
  const used = new Set<string>(taken)
  for (const element of raw) if (isCanonicalId(element.id)) used.add(element.id)
  const renamed = new Map<string, string>()
  const sentIds = new Map<string, string>()
  raw.forEach((element: Record<string, unknown>, i) => {
    if (isCanonicalId(element.id)) return
    const minted = mintId(ids, used)
    renamed.set(sent[i], minted)
    sentIds.set(minted, sent[i])
  })
  // With nothing renamed every element is kept as sent: sharing is safe, as nothing downstream mutates an element,
  // and copying 10,000 elements only to drop the originals was a tenth of a large PUT.
  if (renamed.size === 0) return { elements: raw, sentIds }
  const elements = raw.map((element: Record<string, unknown>, i) =>
    rewriteReferences({ ...element, id: renamed.get(sent[i]) ?? sent[i] }, renamed))
  return { elements, sentIds }
}

/** Each element's id as a string key; rejects non-objects, unusable ids and duplicates. */
function readSentIds (raw: unknown[]): string[] {
  const seen = new Set<string>()
  return raw.map((element, index) => {
    if (!isRecord(element)) fail('EMU_BAD_REQUEST', `Element at index ${index}: must be an object`)
    const id = element.id
    const usable = (typeof id === 'string' && id !== '') || (typeof id === 'number' && Number.isFinite(id))
    if (!usable) fail('EMU_BAD_REQUEST', `Element at index ${index}: id must be a non-empty string`)
    const key = String(id)
    if (seen.has(key)) fail('EMU_BAD_REQUEST', `Element ${key}: duplicate element id`)
    seen.add(key)
    return key
  })
}

function mintId (ids: IdFactory, used: Set<string>): string {
  let id = ids.elementId()
  while (used.has(id)) id = ids.elementId()
  used.add(id)
  return id
}

/** Rewrites containerId, frameId, boundElements[].id and binding elementIds (groupIds are not element ids). */
function rewriteReferences (element: Record<string, unknown>, renamed: ReadonlyMap<string, string>): Record<string, unknown> {
  if (renamed.size === 0) return element
  const swap = (value: unknown): unknown => typeof value === 'string' ? renamed.get(value) ?? value : value
  for (const key of ['containerId', 'frameId']) {
    if (key in element) element[key] = swap(element[key])
  }
  for (const key of ['startBinding', 'endBinding']) {
    const binding = element[key]
    if (isRecord(binding)) element[key] = { ...binding, elementId: swap(binding.elementId) }
  }
  if (Array.isArray(element.boundElements)) {
    element.boundElements = element.boundElements.map((entry: unknown) =>
      isRecord(entry) ? { ...entry, id: swap(entry.id) } : entry)
  }
  return element
}

function isRecord (value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
