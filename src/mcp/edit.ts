// edit_scene_content: parses the JSON-string arguments, applies delete → update → add
// on a draft of the scene and returns the PATCH body that stores the result, with the tool's answer.
import type { IdFactory } from '../lib/ids.js'
import type { Element } from '../schemas/elements.js'
import { applyAdds } from './core/add.js'
import { deleteWithCascade } from './core/cascade.js'
import { Draft, SYSTEM_CLOCK, summarise, type ElementSummary, type NowSource, type SceneSnapshot, type ToolPlan } from './core/draft.js'
import { applyUpdates, type NotApplied } from './core/update.js'
import { verifyDraft } from './core/verify.js'
import { McpInternalError, toolError } from './tool-errors.js'

/** The tool's arguments after schema validation (`sceneId` is the caller's business). */
export interface EditArgs {
  add?: unknown
  update?: unknown
  delete?: unknown
}

export interface EditAnswer {
  added: number
  updated: number
  deleted: number
  addedElementIds: string[]
  /** tempId → the id the element got. */
  tempIdMap: Record<string, string>
  /** Id and box of every added element, labels included. */
  elements: ElementSummary[]
  /** Update patches, or parts of them, that changed nothing, with why; present only when there are some. */
  notApplied?: NotApplied[]
}

/**
 * Plans one edit_scene_content call against `current` (the scene's stored elements and files). Throws McpToolError
 * for anything the agent should fix and McpInternalError for an `add`/`update` string that is not JSON.
 */
export function planEdit (current: SceneSnapshot, args: EditArgs, ids: IdFactory, clock: NowSource = SYSTEM_CLOCK): ToolPlan<EditAnswer> {
  const add = parseJsonArray(args.add, 'add')
  const update = parseJsonArray(args.update, 'update')
  const remove = readDeleteList(args.delete)
  const draft = new Draft(current, ids, clock)
  const deleted = remove.length === 0 ? 0 : deleteWithCascade(draft, remove)
  const updates = applyUpdates(draft, update)
  const adds = applyAdds(draft, add)
  verifyDraft(draft, adds.names)
  const addedElementIds = [...updates.addedIds, ...adds.addedIds]
  return {
    patch: draft.patch(),
    answer: {
      added: addedElementIds.length,
      updated: updates.updated,
      deleted,
      addedElementIds,
      tempIdMap: adds.tempIdMap,
      elements: addedElementIds.map((id) => summarise(draft.get(id) as Element)),
      ...(updates.notApplied.length === 0 ? {} : { notApplied: updates.notApplied })
    }
  }
}

/**
 * `add` and `update` are JSON *strings* holding arrays (a real array is refused, as upstream refuses it).
 * INFER: an empty or blank string means "nothing", like an absent argument.
 */
export function parseJsonArray (value: unknown, name: 'add' | 'update'): unknown[] {
  if (value === undefined || value === null) return []
  if (typeof value !== 'string') {
    toolError(`${name} must be a JSON string holding an array (for example "[{\\"type\\":\\"rectangle\\"}]"), not ${Array.isArray(value) ? 'an array' : typeof value}`)
  }
  if (value.trim() === '') return []
  // FIDELITY: upstream also answers "Internal error" to duplicate keys and to payloads over an unknown per-call
  // size limit; JSON.parse keeps the last duplicate and the only limit here is the body limit.
  let parsed: unknown
  try {
    parsed = JSON.parse(value)
  } catch (err) {
    // Observed: unparsable strings come back as JSON-RPC "Internal error", not as a tool error.
    throw new McpInternalError(`${name} is not valid JSON: ${(err as Error).message}`)
  }
  if (!Array.isArray(parsed)) toolError(`${name} must hold a JSON array, got ${parsed === null ? 'null' : typeof parsed}`)
  return parsed
}

function readDeleteList (value: unknown): string[] {
  if (value === undefined || value === null) return []
  if (!Array.isArray(value)) toolError('delete must be an array of element ids')
  return value as string[]
}
