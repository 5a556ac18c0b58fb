// Back-links between elements: a container lists its label and the arrows bound to it in `boundElements`,
// so the editor moves them with it. The engine requires the label entry; the arrow entries keep editors working.
import type { Element } from '../../schemas/elements.js'
import type { Draft } from './draft.js'

type Entry = { id: string, type: string }

function entriesOf (element: Element | undefined): Entry[] {
  return element !== undefined && Array.isArray(element.boundElements) ? element.boundElements as Entry[] : []
}

/** Adds `{id, type}` to the boundElements of `targetId` unless it is listed already. */
export function linkBound (draft: Draft, targetId: string, id: string, type: 'arrow' | 'text'): void {
  const target = draft.get(targetId)
  const list = entriesOf(target)
  if (target === undefined || list.some((entry) => entry.id === id)) return
  draft.change(targetId, { boundElements: [...list, { id, type }] })
}

/** Removes `id` from the boundElements of `targetId` when it is listed there. */
export function unlinkBound (draft: Draft, targetId: string, id: string): void {
  const list = entriesOf(draft.get(targetId))
  if (!list.some((entry) => entry.id === id)) return
  const rest = list.filter((entry) => entry.id !== id)
  draft.change(targetId, { boundElements: rest.length === 0 ? null : rest })
}

/** Ids an arrow's bindings point at (start first). */
export function arrowTargets (element: Element): string[] {
  if (element.type !== 'arrow') return []
  const targets: string[] = []
  for (const key of ['startBinding', 'endBinding']) {
    const binding = element[key] as { elementId?: unknown } | null | undefined
    if (typeof binding?.elementId === 'string' && !targets.includes(binding.elementId)) targets.push(binding.elementId)
  }
  return targets
}

/** After an arrow's bindings changed from `before` to `after` targets: link the new ones, unlink the dropped. */
export function syncArrowLinks (draft: Draft, arrowId: string, before: readonly string[], after: readonly string[]): void {
  for (const id of before) if (!after.includes(id)) unlinkBound(draft, id, arrowId)
  for (const id of after) if (!before.includes(id) && draft.live(id) !== undefined) linkBound(draft, id, arrowId, 'arrow')
}
