// edit_scene_content: its arguments' schema, then the plan: parses the JSON-string arguments, applies
// delete → update → add on a draft of the scene and returns the PATCH body that stores the result, with the answer.
import { Type, type Static, type TObject } from 'typebox'
import { withMessages } from '../lib/schema-errors.js'
import type { IdFactory } from '../lib/ids.js'
import type { Element } from '../schemas/elements.js'
import { applyAdds } from './core/add.js'
import { deleteWithCascade } from './core/cascade.js'
import { Draft, SYSTEM_CLOCK, summarise, type ElementSummary, type NowSource, type SceneSnapshot, type ToolPlan } from './core/draft.js'
import { applyUpdates, type NotApplied } from './core/update.js'
import { verifyDraft } from './core/verify.js'
import { McpInternalError, toolError } from './tool-errors.js'

/** A JSON array held in a string, as upstream takes it: a real array is refused, in words that show the form. */
const jsonArrayString = (description: string) => Type.Optional(withMessages(Type.String({ description }), {
  type: 'must be a JSON string holding an array (for example "[{\\"type\\":\\"rectangle\\"}]"), not the array itself: serialise it'
}))

/** edit_scene_content's arguments but `sceneId` (the endpoint's business): the one statement of their types. */
export const EDIT_ARGUMENTS = {
  add: jsonArrayString('JSON array string of new element skeletons (no "id"; use "tempId").'),
  update: jsonArrayString('JSON array string of element patches; each patch must include "id".'),
  delete: Type.Optional(Type.Array(Type.String(), { description: 'Ids of the elements to delete.' }))
}

/** The tool's arguments as the schema passed them. */
export type EditArgs = Static<TObject<typeof EDIT_ARGUMENTS>>

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
  const remove = args.delete ?? []
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
 * `add` and `update` are JSON *strings* holding arrays (the schema refuses anything else): what the schema cannot
 * say is whether the string is JSON, and an array. INFER: an empty or blank string means "nothing", like an absent
 * argument.
 */
export function parseJsonArray (value: string | undefined, name: 'add' | 'update'): unknown[] {
  if (value === undefined || value.trim() === '') return []
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
