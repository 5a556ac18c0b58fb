// The scene editor: the package's own React component on the scene's content, kept in step with the emulator by
// sync.ts. Loaded by boot.ts once the asset path is set; the page around it is written by ../editor-page.ts.
import { createRoot } from 'react-dom/client'
import { Excalidraw, MainMenu } from '@excalidraw/excalidraw'
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

async function start (): Promise<void> {
  const [document_, version] = await Promise.all([
    callJson<SceneDocument>(facts.contentUrl),
    callJson<SceneVersion>(facts.versionUrl)
  ])
  const sync = new SceneSync(facts, document_, { sceneVersion: document_.sceneVersion, contentEpoch: version.contentEpoch })
  const host = document.getElementById('editor')
  if (host === null) throw new Error('the page has no #editor element')
  createRoot(host).render(
    <Excalidraw
      name={facts.sceneName}
      initialData={sync.initialData()}
      excalidrawAPI={(api) => sync.attach(api)}
      onChange={() => sync.changed()}
      viewModeEnabled={facts.readOnly}
      UIOptions={{ canvasActions: { loadScene: false, saveToActiveFile: false } }}
    >
      <Menu readOnly={facts.readOnly} />
    </Excalidraw>
  )
}

start().catch((error: unknown) => showStatus('error', error instanceof Error ? error.message : String(error)))
