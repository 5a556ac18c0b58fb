// Older-shape drift: every record of the response in the shape the older docs showed, as when
// a request lands on a server instance that has not been upgraded yet.
import { getAt, isObject, type JsonObject } from '../json-pointer.js'
import type { DriftContext, DriftKind } from '../types.js'
import { change, isSuccessBody, positions, result } from './util.js'

/** Scene metadata fields that older docs did not show. */
export const NEWER_SCENE_FIELDS = ['contentEpoch', 'isPrivate', 'isUntitled', 'readComments', 'writeComments', 'allowCalls', 'isSlidesSharingEnabled']
/** User preferences added after the older docs (they listed 6 keys, then came these 4). */
export const NEWER_USER_PREFERENCES = ['pushToTalkEnabled', 'theme', 'locale', 'localeSuggestionDismissed']
/** Workspace preferences added after the older docs. */
export const NEWER_WORKSPACE_PREFERENCES = ['userApiKeysEnabled']

const has = (record: JsonObject, ...keys: string[]): boolean => keys.every((key) => Object.hasOwn(record, key))

/** One edit of a record: drop `key` from `target`, or set it to null. */
interface Edit { target: JsonObject, key: string, drop: boolean }

function drops (target: unknown, keys: readonly string[]): Edit[] {
  if (!isObject(target)) return []
  return keys.filter((key) => Object.hasOwn(target, key)).map((key) => ({ target, key, drop: true }))
}

/** What turning this record into its older shape takes; empty when it is not such a record. Told apart by shape. */
export function olderShapeEdits (record: JsonObject): Edit[] {
  if (has(record, 'sceneVersion', 'linkSharing', 'totalElements')) return drops(record, NEWER_SCENE_FIELDS)
  if (has(record, 'redeemedBy', 'resolvedAt', 'status') && typeof record.id === 'string') {
    // INFER: older docs' invite example shows `"id": null`; read as "ids were not exposed yet".
    return [{ target: record, key: 'id', drop: false }]
  }
  if (has(record, 'uid', 'workspaceTeams')) return [...drops(record, ['role']), ...drops(record.preferences, NEWER_USER_PREFERENCES)]
  if (has(record, 'subscriptionStatus', 'roles')) return drops(record.preferences, NEWER_WORKSPACE_PREFERENCES)
  return []
}

/** Pointers of the records that change (root first, then walk order); planned on the original body. */
function recordPointers (ctx: DriftContext): string[] {
  if (!isSuccessBody(ctx)) return []
  // The shared walk (positions): bounded, cached, and it skips open `{}` subtrees such as scene elements.
  const found = [{ pointer: '', value: ctx.body }, ...positions(ctx)]
  return found.filter(({ value }) => isObject(value) && olderShapeEdits(value).length > 0).map(({ pointer }) => pointer)
}

export const olderShapeKind: DriftKind = {
  name: 'older-shape',
  description: 'Sends records in their older documented shape: fewer scene fields, invite id null, users without role',
  breaking: true,
  appliesTo: (ctx) => isSuccessBody(ctx) && [ctx.body, ...positions(ctx).map((entry) => entry.value)]
    .some((value) => isObject(value) && olderShapeEdits(value).length > 0),
  apply (ctx) {
    const pointers = recordPointers(ctx)
    if (pointers.length === 0) return null
    const body = structuredClone(ctx.body)
    // Every edit is planned before any is made, so the pointers stay valid (edits only touch scalar fields).
    const edits = pointers.flatMap((pointer) => olderShapeEdits(getAt(body, pointer) as JsonObject))
    for (const { target, key, drop } of edits) {
      if (drop) delete target[key]
      else target[key] = null
    }
    // One change per record, not per field, so a 100-item page keeps a header of reasonable size.
    return result(ctx, body, pointers.map((pointer) => change('older-shape', pointer)))
  }
}
