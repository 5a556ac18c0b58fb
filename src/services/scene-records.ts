// Scene metadata: the defaults of a new scene and the counters that follow its content.
import type { SceneMetadata } from '../schemas/scenes.js'
import { PRIVATE_COLLECTION_ID } from '../store/scenes-store.js'
import { computeSceneVersion, contentStats, type StoredContent } from '../content/index.js'

export interface NewScene {
  id: string
  workspaceId: string
  name: string
  pinned: boolean
  collectionId: string
  creatorId: string | null
  createdIso: string
  content: StoredContent
}

/** The metadata of a freshly created scene; counters and sceneVersion come from its content. */
export function newSceneMetadata (scene: NewScene): SceneMetadata {
  const base: SceneMetadata = {
    workspace: scene.workspaceId,
    name: scene.name,
    isUntitled: false,
    created: scene.createdIso,
    updated: scene.createdIso,
    previewUrl: null,
    previewFilename: null,
    previewBackground: scene.content.appState.viewBackgroundColor,
    isDeleted: false,
    isPrivate: scene.collectionId === PRIVATE_COLLECTION_ID,
    creator: scene.creatorId,
    updater: scene.creatorId,
    sceneVersion: '0',
    contentEpoch: 0,
    // INFER: new scenes are not shared until someone turns link sharing on.
    linkSharing: 0,
    readComments: true,
    writeComments: true,
    allowCalls: true,
    collection: scene.collectionId,
    updateCount: 0,
    revisionCount: 0,
    lastRevision: null,
    totalElements: 0,
    deletedElements: 0,
    pinned: scene.pinned,
    hasNonDeletedFrames: false,
    isSlidesSharingEnabled: false,
    isWelcomeScene: false,
    id: scene.id
  }
  return withContentCounters(base, scene.content)
}

/** Recomputes what metadata derives from content: element counters, frames, sceneVersion, background. */
export function withContentCounters (metadata: SceneMetadata, content: StoredContent): SceneMetadata {
  return {
    ...metadata,
    ...contentStats(content),
    sceneVersion: computeSceneVersion(content),
    previewBackground: content.appState.viewBackgroundColor
  }
}
