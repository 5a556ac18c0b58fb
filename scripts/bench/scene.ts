// A large drawing for the scale case: `count` elements (rectangles, each fifth a text), valid scene content.
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** A 21-character id, distinct for each i (the editor's nanoid length). */
function elementId (i: number): string {
  let id = ''
  for (let n = i; id.length < 6; n = Math.floor(n / ALPHABET.length)) id += ALPHABET[n % ALPHABET.length]
  return `bench${id}`.padEnd(21, '_')
}

function element (i: number): Record<string, unknown> {
  const base = {
    id: elementId(i), type: 'rectangle', x: (i % 100) * 120, y: Math.floor(i / 100) * 80, width: 100, height: 50, angle: 0,
    strokeColor: '#1e1e1e', backgroundColor: 'transparent', fillStyle: 'solid', strokeWidth: 2, strokeStyle: 'solid',
    roundness: null, roughness: 1, opacity: 100, seed: i + 1, version: 1, versionNonce: i + 1, index: `a${i.toString(36)}`,
    isDeleted: false, groupIds: [], frameId: null, boundElements: null, updated: 1789000000000, link: null, locked: false
  }
  if (i % 5 !== 4) return base
  return {
    ...base, type: 'text', text: `Label ${i}`, originalText: `Label ${i}`, fontSize: 20, fontFamily: 5, textAlign: 'center',
    verticalAlign: 'middle', containerId: null, autoResize: true, lineHeight: 1.25
  }
}

/** The PUT body of a scene with `count` elements, as text. */
export function sceneDocument (count: number): string {
  return JSON.stringify({
    type: 'excalidraw', version: 2, source: 'https://excalidraw.com',
    elements: Array.from({ length: count }, (_, i) => element(i)),
    appState: { viewBackgroundColor: '#ffffff' },
    files: {}
  })
}
