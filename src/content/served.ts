// Scene content as JSON text, in the reference's key order, around elements that are already JSON text: a drawing is
// stringified once when written and served from that text afterwards, never parsed and serialised again.
import type { FileRecord, StoredAppState } from '../schemas/scene-content.js'
import type { StoredContent } from './index.js'

/** A stored document without its elements (kept apart as text: see `elementsText`). */
export type ContentHead = Omit<StoredContent, 'elements'>

export interface ServedParts {
  head: Omit<ContentHead, 'files'>
  /** The elements array as JSON text, exactly as stored. */
  elementsJson: string
  sceneVersion: string
  files: Record<string, FileRecord>
  /** GET only, and only when some file could not be embedded (reference description). */
  filesFailedToEmbed?: string[]
}

/** The elements as they are stored and served: unknown fields kept, in the order the client sent them. */
export function elementsText (elements: StoredContent['elements']): string {
  return JSON.stringify(elements)
}

/** A file record with its keys in the order the response serializer writes them: required ones, then optional. */
export function orderedFileRecord (file: FileRecord): FileRecord {
  const { mimeType, id, created, dataURL, lastRetrieved, version } = file
  // Keys left undefined are dropped by JSON.stringify, as the serializer drops absent optional keys.
  return { mimeType, id, created, dataURL, lastRetrieved, version }
}

function filesText (files: Record<string, FileRecord>): string {
  let text = ''
  for (const [id, file] of Object.entries(files)) text += `${text === '' ? '' : ','}${JSON.stringify(id)}:${JSON.stringify(orderedFileRecord(file))}`
  return `{${text}}`
}

function appStateText ({ viewBackgroundColor, lockedMultiSelections }: StoredAppState): string {
  return JSON.stringify({ viewBackgroundColor, lockedMultiSelections })
}

/**
 * The answer of GET, PUT and PATCH content as text: the same bytes the routes' response serializer writes for the
 * same document (test/content/served.test.ts compares them), without walking the elements again.
 */
export function servedContentText ({ head, elementsJson, sceneVersion, files, filesFailedToEmbed }: ServedParts): string {
  const failed = filesFailedToEmbed === undefined ? '' : `,"filesFailedToEmbed":${JSON.stringify(filesFailedToEmbed)}`
  return `{"type":${JSON.stringify(head.type)},"version":${JSON.stringify(head.version)},"source":${JSON.stringify(head.source)},` +
    `"appState":${appStateText(head.appState)},"elements":${elementsJson},"sceneVersion":${JSON.stringify(sceneVersion)},` +
    `"files":${filesText(files)}${failed}}`
}
