// The bound on deleted elements (tombstones) a scene keeps. A tombstone stays in the scene so that clients merging
// by version learn of the deletion; a client deleting elements in a loop would otherwise grow the scene, and every
// later write with it, without end. FIDELITY: the real service's rule is not documented; the editor's own
// collaboration app stops syncing tombstones a day old (isSyncableElement). Here the oldest (by `updated`, then by place) go once a scene holds more than
// the bound, never one that another element still references (a container, frame, binding or bound element), so
// what is left always passes the reference checks.
import type { Element } from '../schemas/elements.js'

/** Ids other elements point at: dropping one of these would leave a reference dangling. */
function referencedIds (elements: readonly Element[]): Set<string> {
  const ids = new Set<string>()
  const add = (id: unknown) => { if (typeof id === 'string') ids.add(id) }
  for (const element of elements) {
    const fields = element as Record<string, unknown>
    add(fields.containerId)
    add(fields.frameId)
    add((fields.startBinding as { elementId?: unknown } | null | undefined)?.elementId)
    add((fields.endBinding as { elementId?: unknown } | null | undefined)?.elementId)
    for (const bound of (fields.boundElements as Array<{ id?: unknown }> | null | undefined) ?? []) add(bound?.id)
  }
  return ids
}

/** The elements with at most `max` tombstones (0: no bound), dropping the oldest unreferenced ones; the same array when none go. */
export function boundTombstones (elements: Element[], max: number): Element[] {
  if (max === 0) return elements
  let tombstones = 0
  for (const element of elements) if (element.isDeleted) tombstones++
  if (tombstones <= max) return elements
  const referenced = referencedIds(elements)
  const droppable = elements
    .map((element, at) => ({ element, at }))
    .filter(({ element }) => element.isDeleted && !referenced.has(element.id))
    .sort((a, b) => (a.element.updated as number) - (b.element.updated as number) || a.at - b.at)
  const dropped = new Set(droppable.slice(0, tombstones - max).map(({ element }) => element))
  return elements.filter((element) => !dropped.has(element))
}
