// Checks a planned call with the content engine's own rules before anything is stored, so a bad skeleton is a
// tool error naming what the agent sent (`add[2] (tempId "db")`) rather than an id it never saw.
import { checkReferences, type ContentRules } from '../../content/references.js'
import { DEFAULT_COMPAT } from '../../config/compat.js'
import { validateElementShape } from '../../content/validation.js'
import type { Element } from '../../schemas/elements.js'
import type { FileRecord } from '../../schemas/scene-content.js'
import { asToolErrors } from '../tool-errors.js'
import type { Draft } from './draft.js'

/**
 * Shape-checks every element the call changed and reference-checks the whole resulting scene. The caller's
 * PATCH runs the same checks again inside its transaction, under the workspace's compatibility switches; this pass
 * only makes the messages readable, so by default it uses the most lenient rules (the defaults) and never refuses
 * what the PATCH would accept.
 */
export function verifyDraft (draft: Draft, names: ReadonlyMap<string, string> = new Map(), rules: ContentRules = DEFAULT_COMPAT): void {
  const name = (id: string) => names.get(id) ?? id
  asToolErrors(() => {
    for (const element of draft.patch().elements) validateElementShape(element, name(element.id))
    checkReferences(draft.all(), filesForCheck(draft), name, rules)
  })
}

/**
 * Shape-checks one element right away, before labels or links read its geometry (malformed points would
 * otherwise surface as a crash instead of a message).
 */
export function assertElementShape (element: Element, name: string): void {
  asToolErrors(() => validateElementShape(element, name))
}

/**
 * The scene's files plus the new ones. Images the call did not touch count as satisfied: a snapshot taken from a
 * GET body lacks files that could not be embedded, and those references are the stored scene's, not this call's.
 */
function filesForCheck (draft: Draft): Record<string, FileRecord> {
  const files: Record<string, FileRecord> = { ...(draft.snapshot.files ?? {}), ...draft.addedFiles() }
  const touched = new Set(draft.touchedIds())
  for (const element of draft.snapshot.elements) {
    if (element.type === 'image' && typeof element.fileId === 'string' && !touched.has(element.id) && !(element.fileId in files)) {
      files[element.fileId] = { id: element.fileId, mimeType: 'application/octet-stream', created: 1, dataURL: '' }
    }
  }
  return files
}
