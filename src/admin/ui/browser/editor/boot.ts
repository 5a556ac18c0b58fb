// The editor page's entry, bundled by scripts/bundle-editor.mjs into dist/ui-editor/editor.js (+ editor.css). The
// package looks for its fonts under window.EXCALIDRAW_ASSET_PATH, read when its modules first run: so the path is
// set here, from this bundle's own address (no inline script, which the page's CSP forbids), before they load.
import '@excalidraw/excalidraw/index.css'

declare global {
  interface Window { EXCALIDRAW_ASSET_PATH?: string }
}

window.EXCALIDRAW_ASSET_PATH = new URL('./', import.meta.url).href
await import('./app.js')
