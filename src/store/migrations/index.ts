// The ordered list of schema migrations; a migration's number is its position (1-based).
import initial from './001-initial.js'
import keyWorkspaceIndex from './002-key-workspace-index.js'
import scenePageIndex from './003-scene-page-index.js'
import sceneElementsText from './004-scene-elements-text.js'

export const MIGRATIONS: readonly string[] = [initial, keyWorkspaceIndex, scenePageIndex, sceneElementsText]
