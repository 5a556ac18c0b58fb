// The drawing a run writes into its scene: the package's small fixture drawings (shapes with a bound label and a
// bound arrow, an image with its file), an element whose id is not canonical (the service rewrites such ids),
// and the editor-export appState keys a PUT accepts. Element versions are fixed, so both sides store the same.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { BUNDLED_FIXTURE_SETS } from '../../index.js'

// Found through the package entry, not relative to this module: it is bundled into dist/cli.js, in another folder.
const CONTENT_DIR = join(BUNDLED_FIXTURE_SETS.minimal, 'content')

interface Drawing { elements: Array<Record<string, unknown>>, files: Record<string, Record<string, unknown>> }

function readDrawing (name: string): Drawing {
  const parsed = JSON.parse(readFileSync(join(CONTENT_DIR, name), 'utf8')) as Partial<Drawing>
  return { elements: parsed.elements ?? [], files: parsed.files ?? {} }
}

const shapes = (): Drawing => readDrawing('simple-shapes.excalidraw')
const picture = (): Drawing => readDrawing('with-image.excalidraw')

/** A rectangle whose id the service must replace with a canonical one (and say so in its answer). */
function nonCanonicalRectangle (): Record<string, unknown> {
  const rectangle = shapes().elements.find((e) => e.type === 'rectangle') as Record<string, unknown>
  return { ...rectangle, id: 'parity-rect-1', x: 600, y: 300, index: 'a9', boundElements: null, seed: 7, version: 1, versionNonce: 11 }
}

/** The PUT: every shape, the non-canonical rectangle, and an editor export's appState (grid keys included). */
export function putContent (): Record<string, unknown> {
  return {
    type: 'excalidraw',
    version: 2,
    source: 'https://excalidraw.com',
    elements: [...shapes().elements, nonCanonicalRectangle()],
    appState: { viewBackgroundColor: '#ffffff', gridSize: 20, gridStep: 5, gridModeEnabled: false },
    files: {}
  }
}

/** The PATCH: the rectangle moved (a newer version), the title deleted (a tombstone), the image and its file added. */
export function patchContent (): Record<string, unknown> {
  const { elements } = shapes()
  const rectangle = elements.find((e) => e.type === 'rectangle') as Record<string, unknown>
  const title = elements.find((e) => e.type === 'text' && e.containerId === null) as Record<string, unknown>
  const image = picture()
  return {
    elements: [
      { ...rectangle, x: (rectangle.x as number) + 40, version: (rectangle.version as number) + 1, versionNonce: 424242 },
      { ...title, isDeleted: true, version: (title.version as number) + 1, versionNonce: 434343 },
      ...image.elements.map((e) => ({ ...e, y: 400, index: 'a5' }))
    ],
    files: image.files
  }
}

/** A PUT the service must refuse: an image whose file is not in `files`. */
export function putWithoutFile (): Record<string, unknown> {
  return { ...putContent(), elements: picture().elements, files: {} }
}
