// Scene content documents, one per scene; `sceneVersion` lives in the scene's metadata, not here. The elements are kept
// as the JSON text they are served in (migration 004), the rest of the document as JSON in `doc`.
import type { Config } from '../config/types.js'
import type { Db } from './database.js'
import type { FileRecord } from '../schemas/scene-content.js'

/** A stored content document: the SceneContent shape without the derived sceneVersion. */
export interface ContentDoc {
  type: 'excalidraw'
  version: number
  source: string
  appState: { viewBackgroundColor: string, lockedMultiSelections?: Record<string, true> }
  elements: Array<Record<string, unknown> & { id: string, type: string }>
  files: Record<string, FileRecord>
}

export interface StoredSceneContent {
  content: ContentDoc
  /** File ids whose data cannot be served: GET lists them in filesFailedToEmbed. */
  unavailableFiles: string[]
}

/** A stored document as served: the elements left as JSON text, unparsed. */
export interface StoredSceneText {
  head: Omit<ContentDoc, 'elements'>
  elementsJson: string
  unavailableFiles: string[]
}

interface Row { doc: string, elements: string | null, unavailable_files: string }

/** The row as text parts; a row from before migration 004 has its elements inside `doc`. */
function textOf (row: Row): StoredSceneText {
  const unavailableFiles = JSON.parse(row.unavailable_files) as string[]
  if (row.elements !== null) return { head: JSON.parse(row.doc), elementsJson: row.elements, unavailableFiles }
  const { elements, ...head } = JSON.parse(row.doc) as ContentDoc
  return { head, elementsJson: JSON.stringify(elements), unavailableFiles }
}

/**
 * Retention (EMULATOR_SCENE_TOMBSTONES_MAX): the tombstones a scene keeps (content/tombstones.ts, applied by the content
 * service); 0 keeps all.
 */
export type SceneContentSettings = Pick<Config, 'sceneTombstonesMax'>

export function createSceneContentStore (db: Db, { sceneTombstonesMax = 0 }: Partial<SceneContentSettings> = {}) {
  const upsertRow = db.prepare(`INSERT INTO scene_contents (workspace_id, scene_id, doc, elements, unavailable_files)
    VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (workspace_id, scene_id) DO UPDATE
    SET doc = excluded.doc, elements = excluded.elements, unavailable_files = excluded.unavailable_files`)
  const selectRow = db.prepare('SELECT doc, elements, unavailable_files FROM scene_contents WHERE workspace_id = ? AND scene_id = ?')

  return {
    sceneTombstonesMax,
    getText (workspaceId: string, sceneId: string): StoredSceneText | undefined {
      const row = selectRow.get(workspaceId, sceneId) as Row | undefined
      return row === undefined ? undefined : textOf(row)
    },
    get (workspaceId: string, sceneId: string): StoredSceneContent | undefined {
      const row = selectRow.get(workspaceId, sceneId) as Row | undefined
      if (row === undefined) return undefined
      const unavailableFiles = JSON.parse(row.unavailable_files) as string[]
      // A row from before migration 004 holds the whole document in `doc`.
      if (row.elements === null) return { content: JSON.parse(row.doc), unavailableFiles }
      return { content: { ...JSON.parse(row.doc), elements: JSON.parse(row.elements) }, unavailableFiles }
    },
    /** `elementsJson` is `content.elements` as JSON text, when the caller has it already (it serves the same text). */
    put (workspaceId: string, sceneId: string, content: ContentDoc, unavailableFiles: string[] = [], elementsJson?: string): void {
      const { elements, ...head } = content
      upsertRow.run(workspaceId, sceneId, JSON.stringify(head), elementsJson ?? JSON.stringify(elements), JSON.stringify(unavailableFiles))
    }
  }
}
