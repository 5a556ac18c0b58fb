// The `update` step of edit_scene_content: shallow patches of live elements by id, with `label` editing the
// bound text and labels, arrow back-links and text sizes kept consistent with what changed.
import { isDeepStrictEqual } from 'node:util'
import type { Element } from '../../schemas/elements.js'
import { toolError } from '../tool-errors.js'
import { arrowTargets, syncArrowLinks } from './bound.js'
import type { Draft } from './draft.js'
import { LABEL_CONTAINERS, createLabel, editLabel, labelOf, readLabelSpec, refitLabelOf, type LabelSpec } from './labels.js'
import { completePoints, normaliseBinding } from './skeleton.js'
import { measureText } from '../../content/text-metrics.js'
import { assertElementShape } from './verify.js'

/** Fields the service owns: a patch may send them (agents echo whole elements back) but they are ignored. */
const OWNED = ['id', 'tempId', 'label', 'version', 'versionNonce', 'updated', 'index'] as const
const GEOMETRY = ['x', 'y', 'width', 'height', 'angle', 'points']

/** A patch, or a part of one, that changed nothing, and why: the answer lists these so an agent is not misled. */
export interface NotApplied {
  /** Where in the call: `update[1]`, or `update[1].label` when only the label could not be applied. */
  at: string
  id: string
  reason: string
}

export interface UpdateOutcome {
  /** Distinct elements a patch changed (its fields, or its label). */
  updated: number
  /** Labels created by `label` on a shape that had none. */
  addedIds: string[]
  notApplied: NotApplied[]
}

// INFER: the service only answers `added: 0` for an arrow label sent through update; the emulator also says why.
const ARROW_LABEL_REASON = 'an arrow gets a label only when it is added: delete the arrow and add it again with "label", or add a text with containerId'
const NO_CHANGE_REASON = 'no change: the element already has these values'

export function applyUpdates (draft: Draft, patches: readonly unknown[]): UpdateOutcome {
  const updated = new Set<string>()
  const addedIds: string[] = []
  const notApplied: NotApplied[] = []
  patches.forEach((patch, i) => {
    const where = `update[${i}]`
    const { element, fields, label } = readPatch(draft, patch, where)
    const fieldsChanged = applyFields(draft, element, fields)
    const changed = draft.get(element.id) as Element
    assertElementShape(changed, `${where} (element ${element.id})`)
    const labelOutcome = label === undefined ? 'none' : applyLabel(draft, changed, label, where)
    if (typeof labelOutcome === 'object') addedIds.push(labelOutcome.created)
    if (fieldsChanged || labelOutcome === 'edited' || typeof labelOutcome === 'object') updated.add(element.id)
    if (labelOutcome === 'arrow') notApplied.push({ at: `${where}.label`, id: element.id, reason: ARROW_LABEL_REASON })
    else if (!updated.has(element.id)) notApplied.push({ at: where, id: element.id, reason: NO_CHANGE_REASON })
  })
  return { updated: updated.size, addedIds, notApplied }
}

function readPatch (draft: Draft, patch: unknown, where: string): { element: Element, fields: Record<string, unknown>, label?: LabelSpec } {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) toolError(`${where} must be an object`)
  const raw = patch as Record<string, unknown>
  if (typeof raw.id !== 'string') toolError(`${where}: each patch needs the "id" of an existing element`)
  const element = draft.get(raw.id)
  if (element === undefined) toolError(`${where}: element ${raw.id} not found`)
  if (element.isDeleted) toolError(`${where}: element ${raw.id} is deleted`)
  const fields = { ...raw }
  for (const key of OWNED) delete fields[key]
  if ('type' in fields && fields.type !== element.type) {
    toolError(`${where}: type cannot change (${element.type}); delete the element and add a new one`)
  }
  // A whole element echoed back carries isDeleted: false, which is harmless; deleting goes through `delete`.
  if (fields.isDeleted === true) toolError(`${where}: isDeleted cannot be patched; list the id in "delete" instead`)
  delete fields.isDeleted
  const label = 'label' in raw ? readLabelSpec(raw.label, where, false) : undefined
  return { element, fields, label }
}

/**
 * Applies the patch, normalising what the engine would otherwise refuse or what would leave links stale. A patch
 * whose fields all equal the element's leaves it untouched (no version bump); returns whether anything changed.
 */
function applyFields (draft: Draft, element: Element, fields: Record<string, unknown>): boolean {
  const next = { ...fields }
  if ('points' in next) {
    // New points decide the box (and shift x/y when they do not start at [0,0]), as on add.
    const linear: Record<string, unknown> = { x: next.x ?? element.x, y: next.y ?? element.y, points: next.points }
    completePoints(linear, [])
    Object.assign(next, linear)
  }
  for (const key of ['startBinding', 'endBinding']) if (key in next) next[key] = normaliseBinding(next[key])
  if (element.type === 'text' && typeof next.text === 'string') {
    if (!('originalText' in next)) next.originalText = next.text
    if (!('width' in next) && element.containerId === null) Object.assign(next, remeasure(element, next))
  }
  if (Object.entries(next).every(([key, value]) => isDeepStrictEqual(element[key], value))) return false
  const before = arrowTargets(element)
  const changed = draft.change(element.id, next)
  syncArrowLinks(draft, element.id, before, arrowTargets(changed))
  if (changed.type === 'text' && typeof changed.containerId === 'string') refitLabelOf(draft, changed.containerId)
  if (GEOMETRY.some((key) => key in fields)) refitLabelOf(draft, element.id)
  return true
}

function remeasure (element: Element, next: Record<string, unknown>): { width: number, height: number } {
  const fontSize = (next.fontSize ?? element.fontSize) as number
  const lineHeight = (next.lineHeight ?? element.lineHeight) as number
  return measureText(next.text as string, fontSize, lineHeight)
}

/** Whether `spec` would change the label `text` (its text, or one of its style fields). */
function changesLabel (text: Element, spec: LabelSpec): boolean {
  const current: Record<string, unknown> = { ...text, text: text.originalText ?? text.text }
  return Object.entries(spec).some(([key, value]) => !isDeepStrictEqual(current[key], value))
}

/**
 * `label` edits the existing bound text; on a shape without one it creates it. On an arrow without a label it
 * changes nothing: the real tool only creates arrow labels at add time and answers `added: 0`.
 */
function applyLabel (draft: Draft, container: Element, spec: LabelSpec, where: string): 'edited' | 'unchanged' | 'arrow' | { created: string } {
  if (!LABEL_CONTAINERS.has(container.type)) {
    toolError(`${where}.label: labels belong on rectangle, diamond, ellipse or arrow elements, not ${container.type}`)
  }
  const existing = labelOf(draft, container)
  if (existing !== undefined) {
    if (!changesLabel(existing, spec)) return 'unchanged'
    editLabel(draft, existing, container, spec)
    return 'edited'
  }
  if (container.type === 'arrow') return 'arrow'
  if (spec.text === undefined) toolError(`${where}.label.text is required: element ${container.id} has no label yet`)
  return { created: createLabel(draft, container, spec).id }
}
