// The editor page's HTML: a slim bar (the scene, who saves, the version held, the save status) over the editor,
// which the bundle's script mounts in #editor. Everything the script needs is in data-* attributes: the page's CSP
// allows no inline script.
import type { SceneRecord } from '../../schemas/scenes.js'
import type { EditorIdentity } from './editor-identity.js'
import { html, segment, toText } from './html.js'
import { UI_PREFIX } from './layout.js'

export const EDITOR_PREFIX = `${UI_PREFIX}/editor`

export interface EditorPageFacts {
  workspace: { id: string, name: string }
  scene: SceneRecord
  identity: EditorIdentity
  /** False when dist/ui-editor is missing (run from a copy that was never built). */
  built: boolean
  signOut: boolean
}

/** The editor's own routes for one scene of one workspace (editor-routes.ts). */
export const editorApi = (workspaceId: string, sceneId: string): string =>
  `${UI_PREFIX}/workspaces/${segment(workspaceId)}/scenes/${segment(sceneId)}`

function who (identity: EditorIdentity) {
  const name = identity.user === null ? 'no member (as a workspace key)' : `${identity.user.name} (${identity.user.role})`
  return html`<span class="who" title="${identity.reason}">${identity.readOnly === null ? 'saving as' : 'would save as'} <strong>${name}</strong>
<span class="muted">· ${identity.reason}</span></span>`
}

export function editorPage ({ workspace, scene, identity, built, signOut }: EditorPageFacts): string {
  const m = scene.metadata
  const api = editorApi(workspace.id, m.id)
  const readOnly = identity.readOnly !== null
  const status = built ? (readOnly ? `read-only: ${identity.readOnly}` : 'loading…') : 'The editor is not built in this copy: run npm run build'
  return toText(html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${m.name} · editor · drawing-api-emulator</title>
<link rel="icon" href="${UI_PREFIX}/favicon.svg" type="image/svg+xml"><link rel="stylesheet" href="${UI_PREFIX}/app.css">
${built ? html`<link rel="stylesheet" href="${EDITOR_PREFIX}/editor.css"><script type="module" src="${EDITOR_PREFIX}/editor.js"></script>` : ''}
</head>
<body class="editor-page" data-workspace="${workspace.id}" data-scene-id="${m.id}" data-scene-name="${m.name}"
 data-content-url="${api}/content" data-version-url="${api}/version" data-read-only="${String(readOnly)}">
<div class="editor-bar"><a class="brand" href="${UI_PREFIX}">drawing-api-emulator</a>
<a href="${UI_PREFIX}/workspaces/${segment(workspace.id)}">${workspace.name}</a> ›
<a href="${UI_PREFIX}/scenes/${segment(m.id)}"><strong>${m.name}</strong></a>
${who(identity)}
<span>v<code data-scene-version="${m.sceneVersion}">${m.sceneVersion}</code></span>
<span id="editor-status" data-status="${built ? (readOnly ? 'read-only' : 'loading') : 'error'}">${status}</span>
${signOut ? html`<form method="post" action="${UI_PREFIX}/logout" class="inline"><button class="secondary">Sign out</button></form>` : ''}
</div>
<div id="editor"></div></body></html>`)
}
