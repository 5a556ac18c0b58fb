// The `add` step of edit_scene_content: skeletons without ids become complete elements; `tempId`s resolve inside
// the call (frameId, containerId, binding targets) and `label` creates a bound text.
import type { Element } from '../../schemas/elements.js'
import { toolError } from '../tool-errors.js'
import { arrowTargets, linkBound, syncArrowLinks } from './bound.js'
import type { Draft } from './draft.js'
import { LABEL_CONTAINERS, createLabel, readLabelSpec, refitLabelOf, type LabelSpec } from './labels.js'
import { completeElement } from './skeleton.js'
import { assertElementShape } from './verify.js'

export interface AddOutcome {
  /** Every element created, labels right after their container. */
  addedIds: string[]
  tempIdMap: Record<string, string>
  /** Created id → how messages should name it (`add[2] (tempId "db")`). */
  names: Map<string, string>
}

interface Pending {
  fields: Record<string, unknown>
  label?: LabelSpec
  where: string
  id: string
}

export function applyAdds (draft: Draft, skeletons: readonly unknown[]): AddOutcome {
  const tempIdMap: Record<string, string> = {}
  const names = new Map<string, string>()
  const pending = skeletons.map((skeleton, i) => readSkeleton(draft, skeleton, `add[${i}]`, tempIdMap, names))
  const addedIds: string[] = []
  const created: Element[] = []
  for (const item of pending) {
    const fields = resolveTempIds(item.fields, tempIdMap)
    const element = draft.create(completeElement(fields, draft.stamp(item.id), item.where))
    assertElementShape(element, names.get(element.id) as string)
    created.push(element)
    addedIds.push(element.id)
    if (item.label !== undefined) addedIds.push(labelFor(draft, element, item.label, item.where))
  }
  // Back-links last: a skeleton may refer to one that comes after it in the list.
  for (const element of created) linkCreated(draft, element)
  return { addedIds, tempIdMap, names }
}

/** Checks one skeleton and reserves its id, so later skeletons can point at it through its tempId. */
function readSkeleton (draft: Draft, skeleton: unknown, where: string, tempIdMap: Record<string, string>, names: Map<string, string>): Pending {
  if (typeof skeleton !== 'object' || skeleton === null || Array.isArray(skeleton)) toolError(`${where} must be an object`)
  const { tempId, label, ...fields } = skeleton as Record<string, unknown>
  // INFER: the tool text says "Do not include 'id'"; refusing it teaches the rule instead of silently renaming.
  if ('id' in fields) toolError(`${where}: do not send "id" (the server assigns ids); use "tempId" to refer to it in this call`)
  const id = draft.newId()
  let name = where
  if (tempId !== undefined) {
    if (typeof tempId !== 'string' || tempId === '') toolError(`${where}.tempId must be a non-empty string`)
    if (Object.hasOwn(tempIdMap, tempId)) toolError(`${where}: tempId "${tempId}" is used twice in this call`)
    tempIdMap[tempId] = id
    name = `${where} (tempId "${tempId}")`
  }
  names.set(id, name)
  const spec = label === undefined ? undefined : readLabelSpec(label, where, true)
  return { fields, label: spec, where, id }
}

/** Replaces tempIds in the four reference fields; a string that is no tempId is kept (an existing id). */
function resolveTempIds (fields: Record<string, unknown>, tempIdMap: Readonly<Record<string, string>>): Record<string, unknown> {
  const swap = (value: unknown) => typeof value === 'string' && Object.hasOwn(tempIdMap, value) ? tempIdMap[value] : value
  const out = { ...fields }
  for (const key of ['frameId', 'containerId']) if (key in out) out[key] = swap(out[key])
  for (const key of ['startBinding', 'endBinding']) {
    const binding = out[key]
    if (typeof binding === 'object' && binding !== null && !Array.isArray(binding)) {
      out[key] = { ...binding, elementId: swap((binding as Record<string, unknown>).elementId) }
    }
  }
  return out
}

function labelFor (draft: Draft, element: Element, spec: LabelSpec, where: string): string {
  if (!LABEL_CONTAINERS.has(element.type)) {
    toolError(`${where}.label: labels belong on rectangle, diamond, ellipse or arrow elements, not ${element.type}`)
  }
  return createLabel(draft, element, spec).id
}

/** A text added with an explicit containerId joins that container; an arrow is listed by what it binds to. */
function linkCreated (draft: Draft, element: Element): void {
  if (element.type === 'text' && typeof element.containerId === 'string' && draft.live(element.containerId) !== undefined) {
    linkBound(draft, element.containerId, element.id, 'text')
    refitLabelOf(draft, element.containerId)
  }
  syncArrowLinks(draft, element.id, [], arrowTargets(element))
}
