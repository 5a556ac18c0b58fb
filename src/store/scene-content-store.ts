// Scene content documents, one per scene; `sceneVersion` lives in the scene's metadata, not here.
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
  /** File ids whose data cannot be served: GET lists them in filesFailedToEmbed (catalogue §2.3). */
  unavailableFiles: string[]
}

export function createSceneContentStore (db: Db) {
  const upsertRow = db.prepare(`INSERT INTO scene_contents (workspace_id, scene_id, doc, unavailable_files)
    VALUES (?, ?, ?, ?)
    ON CONFLICT (workspace_id, scene_id) DO UPDATE SET doc = excluded.doc, unavailable_files = excluded.unavailable_files`)
  const selectRow = db.prepare('SELECT doc, unavailable_files FROM scene_contents WHERE workspace_id = ? AND scene_id = ?')

  return {
    get (workspaceId: string, sceneId: string): StoredSceneContent | undefined {
      const row = selectRow.get(workspaceId, sceneId) as { doc: string, unavailable_files: string } | undefined
      if (!row) return undefined
      return { content: JSON.parse(row.doc), unavailableFiles: JSON.parse(row.unavailable_files) }
    },
    put (workspaceId: string, sceneId: string, content: ContentDoc, unavailableFiles: string[] = []): void {
      upsertRow.run(workspaceId, sceneId, JSON.stringify(content), JSON.stringify(unavailableFiles))
    }
  }
}
export type SceneContentStore = ReturnType<typeof createSceneContentStore>
