// The scene editor: the package's own React component on the scene's content, kept in step with the emulator by
// sync.ts. Loaded by boot.ts once the asset path is set; the page around it is written by ../editor-page.ts.
import { createRoot } from 'react-dom/client'
import { Excalidraw, MainMenu } from '@excalidraw/excalidraw'
import type { ExcalidrawImperativeAPI } from '@excalidraw/excalidraw/types'
import { callJson, readPageFacts, showStatus, type SceneDocument, type SceneVersion } from './link.js'
import { SceneSync } from './sync.js'

const facts = readPageFacts(document.body)

/** The main menu without the file-system entries (open, save to a file on disk): the scene lives in the emulator. */
function Menu ({ readOnly }: { readOnly: boolean }) {
  return (
    <MainMenu>
      <MainMenu.DefaultItems.SaveAsImage />
      <MainMenu.DefaultItems.Export />
      <MainMenu.DefaultItems.SearchMenu />
      <MainMenu.DefaultItems.Help />
      {readOnly ? null : <MainMenu.DefaultItems.ClearCanvas />}
      <MainMenu.Separator />
      <MainMenu.DefaultItems.ToggleTheme />
      {readOnly ? null : <MainMenu.DefaultItems.ChangeCanvasBackground />}
    </MainMenu>
  )
}

/** Room the toolbar (top) and the zoom and undo buttons (bottom) take over the canvas, in CSS pixels. */
const TOOLBARS = { top: 110, bottom: 70, left: 16, right: 16 }

/**
 * Fits the view to the drawing once, at the first change the package reports (it reports none until the scene is
 * loaded), so a wide scene opens whole rather than at 100 % at its top-left; the package never zooms past 100 %
 * for this, so a small drawing keeps its size. An empty scene is left as it is, and nothing is fitted again after.
 */
function fitOnce (): { attach: (api: ExcalidrawImperativeAPI) => void, changed: () => void } {
  let api: ExcalidrawImperativeAPI | undefined
  let done = false
  return {
    attach: (given) => { api = given },
    changed: () => {
      if (done || api === undefined) return
      done = true
      const drawn = api.getSceneElements()
      if (drawn.length > 0) api.scrollToContent(drawn, { fitToContent: true, viewportZoomFactor: 0.95, canvasOffsets: TOOLBARS })
    }
  }
}

async function start (): Promise<void> {
  const [document_, version] = await Promise.all([
    callJson<SceneDocument>(facts.contentUrl),
    callJson<SceneVersion>(facts.versionUrl)
  ])
  const sync = new SceneSync(facts, document_, { sceneVersion: document_.sceneVersion, contentEpoch: version.contentEpoch })
  const fit = fitOnce()
  const host = document.getElementById('editor')
  if (host === null) throw new Error('the page has no #editor element')
  createRoot(host).render(
    <Excalidraw
      name={facts.sceneName}
      initialData={sync.initialData()}
      excalidrawAPI={(api) => { fit.attach(api); sync.attach(api) }}
      onChange={() => { fit.changed(); sync.changed() }}
      viewModeEnabled={facts.readOnly}
      UIOptions={{ canvasActions: { loadScene: false, saveToActiveFile: false } }}
    >
      <Menu readOnly={facts.readOnly} />
    </Excalidraw>
  )
}

start().catch((error: unknown) => showStatus('error', error instanceof Error ? error.message : String(error)))
