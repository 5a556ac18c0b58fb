// Deletion with the real tool's cascades: a frame takes its children, a container its
// label; arrows left bound to a deleted shape are unbound; a shape and its bound arrow cannot go in one call.
import { FRAME_TYPES, type Element } from '../../schemas/elements.js'
import { toolError } from '../tool-errors.js'
import { arrowTargets, unlinkBound } from './bound.js'
import type { Draft } from './draft.js'

/** Tombstones `ids` and everything that goes with them; returns how many elements were tombstoned. */
export function deleteWithCascade (draft: Draft, ids: readonly string[], where = 'delete'): number {
  const explicit = checkDeletable(draft, ids, where)
  const doomed = closure(draft, explicit)
  const arrowsOn = boundArrows(draft)
  for (const id of doomed) draft.tombstone(id)
  for (const id of doomed) detach(draft, draft.get(id) as Element, doomed, arrowsOn.get(id) ?? [])
  return doomed.size
}

function checkDeletable (draft: Draft, ids: readonly string[], where: string): Set<string> {
  const explicit = new Set<string>()
  ids.forEach((id, i) => {
    if (typeof id !== 'string') toolError(`${where}[${i}] must be an element id (a string)`)
    const element = draft.get(id)
    if (element === undefined) toolError(`${where}[${i}]: element ${id} not found`)
    if (element.isDeleted) toolError(`${where}[${i}]: element ${id} is already deleted`)
    explicit.add(id)
  })
  for (const id of explicit) {
    for (const target of arrowTargets(draft.get(id) as Element)) {
      if (explicit.has(target)) {
        toolError(`Cannot delete element ${target} and the arrow ${id} bound to it in the same call: delete the arrow first, then the element`)
      }
    }
  }
  return explicit
}

/** The explicit ids plus frame children and bound labels, transitively, in a stable order. */
function closure (draft: Draft, explicit: ReadonlySet<string>): Set<string> {
  const children = new Map<string, string[]>()
  const push = (key: string, id: string) => children.set(key, [...(children.get(key) ?? []), id])
  for (const element of draft.liveElements()) {
    if (typeof element.frameId === 'string') push(element.frameId, element.id)
    if (element.type === 'text' && typeof element.containerId === 'string') push(element.containerId, element.id)
  }
  const doomed = new Set<string>()
  const queue = [...explicit]
  while (queue.length > 0) {
    const id = queue.shift() as string
    if (doomed.has(id)) continue
    doomed.add(id)
    const element = draft.get(id) as Element
    const owned = (children.get(id) ?? []).filter((child) =>
      FRAME_TYPES.has(element.type) || (draft.get(child) as Element).containerId === id)
    queue.push(...owned)
  }
  return doomed
}

/** Target id → the live arrows bound to it (from the arrows' own bindings; back-link lists may be stale). */
function boundArrows (draft: Draft): Map<string, string[]> {
  const index = new Map<string, string[]>()
  for (const element of draft.liveElements()) {
    for (const target of arrowTargets(element)) index.set(target, [...(index.get(target) ?? []), element.id])
  }
  return index
}

/** Removes back-links that point at a tombstoned element from the elements that survive. */
function detach (draft: Draft, element: Element, doomed: ReadonlySet<string>, arrows: readonly string[]): void {
  if (element.type === 'text' && typeof element.containerId === 'string' && !doomed.has(element.containerId)) {
    unlinkBound(draft, element.containerId, element.id)
  }
  for (const target of arrowTargets(element)) if (!doomed.has(target)) unlinkBound(draft, target, element.id)
  for (const id of arrows) if (!doomed.has(id)) unbindArrow(draft, draft.get(id) as Element, element.id)
}

/** INFER: an arrow left bound to a deleted element loses that binding, as the editor unbinds it. */
function unbindArrow (draft: Draft, arrow: Element, targetId: string): void {
  const fields: Record<string, unknown> = {}
  for (const key of ['startBinding', 'endBinding']) {
    const binding = arrow[key] as { elementId?: unknown } | null
    if (binding?.elementId === targetId) fields[key] = null
  }
  if (Object.keys(fields).length > 0) draft.change(arrow.id, fields)
}
