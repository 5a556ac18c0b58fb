// Scene content rules, pure (no HTTP, no storage): PUT replace, PATCH merge, sceneVersion, stats and the
// checks for fixture content. Every rejection is an EMU_BAD_REQUEST (400 envelope).
import { Type } from 'typebox'
import { fail } from '../errors.js'
import type { IdFactory } from '../lib/ids.js'
import { hashString } from '../lib/rng.js'
import type { Element } from '../schemas/elements.js'
import {
  FilesMapSchema, LockedMultiSelectionsSchema, PatchSceneContentBodySchema, PutSceneContentBodySchema,
  StoredAppStateSchema, type FileRecord, type PatchAppState, type PatchSceneContentBody,
  type PutSceneContentBody, type StoredAppState
} from '../schemas/scene-content.js'
import { mergeElements } from './merge.js'
import { canonicaliseIds, isCanonicalId, type CanonicalBatch } from './ids.js'
import { checkReferences, type ContentRules, type Label } from './references.js'
import { repairIndices } from './fractional-index.js'
import { DEFAULT_COMPAT } from '../config/compat.js'
import { assertRoot, compileChecker, storedForm, validateElementShape, validateFiles } from './validation.js'

export type { Element, ContentRules }

/** Scene content as stored: canonical, validated, without sceneVersion (computed on write). */
export interface StoredContent {
  type: 'excalidraw'
  version: number
  source: string
  appState: StoredAppState
  elements: Element[]
  files: Record<string, FileRecord>
}

export const NEW_SCENE_SOURCE = 'https://plus.excalidraw.com'
export const DEFAULT_BACKGROUND = '#ffffff'

const putChecker = compileChecker(PutSceneContentBodySchema)
const patchChecker = compileChecker(PatchSceneContentBodySchema)
// PUT appState is an open object upstream (`{}`), and the official CLI, XDraw and upload_scene.py send a .excalidraw
// file's appState unchanged (grid keys included), so PUT accepts any keys under either unknownFields value and keeps
// only the two stored ones, which must be well-formed. The live refusals of other keys were PATCH writes; PATCH's
// appState schema stays closed (schemas/scene-content.ts).
const putAppStateChecker = compileChecker(Type.Object({
  appState: Type.Object({
    viewBackgroundColor: Type.Optional(Type.String()),
    lockedMultiSelections: Type.Optional(LockedMultiSelectionsSchema)
  })
}))
const storedRootChecker = compileChecker(Type.Object({
  type: Type.Literal('excalidraw'),
  version: Type.Number(),
  source: Type.String(),
  appState: StoredAppStateSchema,
  elements: Type.Array(Type.Unknown()),
  files: FilesMapSchema
}, { additionalProperties: false }))

/** Content of a newly created scene (the docs' example appState). */
export function emptyContent (): StoredContent {
  return {
    type: 'excalidraw',
    version: 2,
    source: NEW_SCENE_SOURCE,
    appState: { viewBackgroundColor: DEFAULT_BACKGROUND, lockedMultiSelections: {} },
    elements: [],
    files: {}
  }
}

/** PUT: authoritative replacement. Elements not sent are gone; `sceneVersion`/`filesFailedToEmbed` are ignored. */
export function replaceContent (body: PutSceneContentBody, ids: IdFactory, rules: ContentRules): StoredContent {
  assertRoot(putChecker, body, 'body')
  const files = validateFiles(body.files)
  const appState = appStateFromPut(body.appState)
  const batch = canonicaliseIds(body.elements, ids)
  const elements = ordered(validateBatch(batch), rules)
  checkReferences(elements, files, labelFor(batch), rules)
  // INFER: version and source are stored as sent (the schema allows any number/string).
  return { type: 'excalidraw', version: body.version, source: body.source, appState, elements, files }
}

/** PATCH: merge into `current`. References are checked on the merged result. */
export function mergeContent (current: StoredContent, body: PatchSceneContentBody, ids: IdFactory, rules: ContentRules): StoredContent {
  assertRoot(patchChecker, body, 'body')
  if (body.elements === undefined && body.appState === undefined && body.files === undefined) {
    // INFER: wording; the rule itself is the docs' ("at least one of them must be present").
    fail('EMU_BAD_REQUEST', 'Body must contain at least one of elements, appState, files')
  }
  const files = body.files === undefined ? current.files : { ...current.files, ...validateFiles(body.files) }
  const appState = body.appState === undefined ? current.appState : mergeAppState(current.appState, body.appState)
  let elements = current.elements
  let label: Label = (id) => id
  if (body.elements !== undefined) {
    // A non-canonical id never matches a stored one: it is minted fresh, so the element is inserted.
    const batch = canonicaliseIds(body.elements, ids, new Set(current.elements.map((e) => e.id)))
    elements = ordered(mergeElements(current.elements, validateBatch(batch)), rules)
    label = labelFor(batch)
  }
  checkReferences(elements, files, label, rules)
  return { ...current, appState, elements, files }
}

/** Checks content loaded from fixtures with the write-path rules; also requires canonical ids. Throws on any violation. */
export function validateStoredContent (content: StoredContent): void {
  assertRoot(storedRootChecker, content, 'content')
  validateFiles(content.files)
  const seen = new Set<string>()
  content.elements.forEach((element: unknown, index) => {
    if (typeof element !== 'object' || element === null || Array.isArray(element)) {
      fail('EMU_BAD_REQUEST', `Element at index ${index}: must be an object`)
    }
    const id = (element as Record<string, unknown>).id
    if (!isCanonicalId(id)) {
      fail('EMU_BAD_REQUEST', `Element ${String(id)}: id is not canonical (expected 21 characters of [A-Za-z0-9_-])`)
    }
    if (seen.has(id)) fail('EMU_BAD_REQUEST', `Element ${id}: duplicate element id`)
    seen.add(id)
    validateElementShape(element as Record<string, unknown>, id)
  })
  checkReferences(content.elements, content.files, (id) => id, DEFAULT_COMPAT)
}

/**
 * sceneVersion: like the OSS editor's hashElementsVersion, djb2 over the elements'
 * versionNonces in order, then folded with the element count and a hash of the stored appState.
 * Geometry and `version` do not enter it, as observed upstream. INFER: the exact algorithm is unknown.
 */
export function computeSceneVersion (content: StoredContent): string {
  let hash = 5381
  for (const element of content.elements) hash = (Math.imul(hash, 33) + element.versionNonce) | 0
  hash = (Math.imul(hash, 33) + content.elements.length) | 0
  hash = (Math.imul(hash, 33) + hashString(appStateKey(content.appState))) | 0
  return String(hash >>> 0)
}

/** Metadata counters: tombstones count in both totals; frames are frame or magicframe. */
export function contentStats (content: StoredContent): { totalElements: number, deletedElements: number, hasNonDeletedFrames: boolean } {
  let deletedElements = 0
  let hasNonDeletedFrames = false
  for (const element of content.elements) {
    if (element.isDeleted) deletedElements++
    else if (element.type === 'frame' || element.type === 'magicframe') hasNonDeletedFrames = true
  }
  return { totalElements: content.elements.length, deletedElements, hasNonDeletedFrames }
}

/** Shape-checks a canonicalised batch and returns what gets stored. */
function validateBatch (batch: CanonicalBatch): Element[] {
  const label = labelFor(batch)
  return batch.elements.map((element) => {
    validateElementShape(element, label(element.id as string))
    return storedForm(element as Element)
  })
}

function labelFor (batch: CanonicalBatch): Label {
  return (id) => batch.sentIds.get(id) ?? id
}

/** elementChecks=strict: an `index` not strictly between its neighbours' is rewritten (the official CLI's notes). */
function ordered (elements: Element[], rules: ContentRules): Element[] {
  if (rules.elementChecks !== 'strict') return elements
  const indices = repairIndices(elements.map((element) => element.index as string | null))
  return elements.map((element, i) => (indices[i] === element.index ? element : { ...element, index: indices[i] }))
}

/** PUT appState: any object; only `viewBackgroundColor` and `lockedMultiSelections` are kept, the rest is dropped. */
function appStateFromPut (appState: unknown): StoredAppState {
  assertRoot(putAppStateChecker, { appState }, 'body')
  const sent = appState as Partial<StoredAppState>
  return {
    viewBackgroundColor: sent.viewBackgroundColor ?? DEFAULT_BACKGROUND,
    // INFER: stored as {} when absent, as a new scene's appState is.
    lockedMultiSelections: { ...(sent.lockedMultiSelections ?? {}) }
  }
}

/** Shallow merge: a sent lockedMultiSelections replaces the stored one whole. */
function mergeAppState (stored: StoredAppState, patch: PatchAppState): StoredAppState {
  const merged: StoredAppState = { ...stored }
  if (patch.viewBackgroundColor !== undefined) merged.viewBackgroundColor = patch.viewBackgroundColor
  if (patch.lockedMultiSelections !== undefined) merged.lockedMultiSelections = { ...patch.lockedMultiSelections }
  return merged
}

/** Order-independent text of the stored appState, so equal states hash equal. */
function appStateKey (appState: StoredAppState): string {
  return JSON.stringify([appState.viewBackgroundColor, Object.keys(appState.lockedMultiSelections ?? {}).sort()])
}
