// What a run made on the target and has not removed yet, and its removal at the end: after the scenario's own
// removals (usually nothing is left), after a failed step, and after Ctrl-C.
import type { ApiClient } from './client.js'
import type { ResourceKind, Step, Vars } from './scenario/index.js'
import type { Answer } from './types.js'

export interface Made { kind: ResourceKind, id: string }

export interface MadeRegistry {
  made (kind: ResourceKind, id: string): void
  removed (kind: ResourceKind, id: string): void
  /** Left to remove, scenes first (a collection's delete may take its scenes along), invites last. */
  left (): Made[]
}

const ORDER: readonly ResourceKind[] = ['scene', 'collection', 'invite']
const PATHS: Readonly<Record<ResourceKind, string>> = { scene: '/scenes/', collection: '/collections/', invite: '/workspaces/invites/' }

export function createRegistry (): MadeRegistry {
  const items = new Map<string, Made>()
  return {
    made: (kind, id) => { items.set(`${kind}\n${id}`, { kind, id }) },
    removed: (kind, id) => { items.delete(`${kind}\n${id}`) },
    left: () => [...items.values()].sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind))
  }
}

export interface CleanupResult { removed: Made[], failed: Array<Made & { reason: string }> }

/** Deletes what is left; a 404 counts as removed (a collection's delete took its scenes). Never throws. */
export async function removeLeftovers (client: ApiClient, registry: MadeRegistry): Promise<CleanupResult> {
  const result: CleanupResult = { removed: [], failed: [] }
  for (const item of registry.left()) {
    try {
      const answer = await client.send({ method: 'DELETE', path: `${PATHS[item.kind]}${encodeURIComponent(item.id)}` })
      if ((answer.status >= 200 && answer.status < 300) || answer.status === 404) {
        registry.removed(item.kind, item.id)
        result.removed.push(item)
      } else {
        result.failed.push({ ...item, reason: `DELETE answered ${answer.status}` })
      }
    } catch (error) {
      result.failed.push({ ...item, reason: (error as Error).message })
    }
  }
  return result
}

/** Keeps the registry in step with one target answer: a create that answered 2xx, a delete that answered 2xx or 404. */
export function trackAnswer (registry: MadeRegistry, step: Step, answer: Answer, vars: Vars): void {
  const ok = answer.status >= 200 && answer.status < 300
  const made = step.makes === undefined ? undefined : vars[step.makes.var]
  if (step.makes !== undefined && ok && made !== undefined) registry.made(step.makes.kind, made)
  const removed = step.removes === undefined ? undefined : vars[step.removes.var]
  if (step.removes !== undefined && removed !== undefined && (ok || answer.status === 404)) registry.removed(step.removes.kind, removed)
}
