// Builders of complete element records and content bodies for the scene-content service tests.
// Not a test file itself (tap lists it as "no tests found").
import type { Test } from 'tap'
import { elementDefaults } from '../../src/content/element-defaults.js'
import { EmulatorError } from '../../src/errors.js'
import type { Element } from '../../src/schemas/elements.js'
import type { FileRecord, PutSceneContentBody } from '../../src/schemas/scene-content.js'

/** A canonical 21-character element id readable in test output: `rect` → `rect_________________`. */
export function cid (name: string): string {
  return name.padEnd(21, '_')
}

/** Every base field an element carries: the editor's defaults, plus quiet values for the rest. */
export function base (id: string, type: string, extra: Record<string, unknown> = {}): Element {
  return {
    id,
    type,
    ...elementDefaults(),
    width: 100,
    height: 50,
    roundness: null,
    seed: 1,
    version: 1,
    versionNonce: 1,
    index: 'a0',
    isDeleted: false,
    updated: 1789000000000,
    ...extra
  }
}

export const rect = (id: string, extra: Record<string, unknown> = {}): Element => base(id, 'rectangle', extra)

export function text (id: string, extra: Record<string, unknown> = {}): Element {
  return base(id, 'text', {
    text: 'Hello',
    originalText: 'Hello',
    fontSize: 20,
    fontFamily: 5,
    textAlign: 'center',
    verticalAlign: 'middle',
    containerId: null,
    autoResize: true,
    lineHeight: 1.25,
    ...extra
  })
}

export function arrow (id: string, extra: Record<string, unknown> = {}): Element {
  return base(id, 'arrow', {
    points: [[0, 0], [100, 0]],
    startBinding: null,
    endBinding: null,
    startArrowhead: null,
    endArrowhead: 'arrow',
    elbowed: false,
    ...extra
  })
}

export function line (id: string, extra: Record<string, unknown> = {}): Element {
  return base(id, 'line', {
    points: [[0, 0], [50, 50]],
    startBinding: null,
    endBinding: null,
    startArrowhead: null,
    endArrowhead: null,
    ...extra
  })
}

export const frame = (id: string, extra: Record<string, unknown> = {}): Element => base(id, 'frame', { name: null, ...extra })

export function image (id: string, fileId: string | null, extra: Record<string, unknown> = {}): Element {
  return base(id, 'image', { fileId, status: 'saved', scale: [1, 1], ...extra })
}

export function freedraw (id: string, extra: Record<string, unknown> = {}): Element {
  return base(id, 'freedraw', { points: [[0, 0], [1, 1]], pressures: [], simulatePressure: true, ...extra })
}

export function file (id: string, dataURL = 'data:image/png;base64,iVBORw0KGgo='): FileRecord {
  return { id, mimeType: 'image/png', created: 1789000000000, dataURL }
}

/** A PUT body around `elements`; `extra` overrides any root key. */
export function putBody (elements: unknown[], extra: Record<string, unknown> = {}): PutSceneContentBody {
  return {
    type: 'excalidraw',
    version: 2,
    source: 'https://example.test',
    appState: { viewBackgroundColor: '#ffffff' },
    elements,
    files: {},
    ...extra
  } as PutSceneContentBody
}

/** Asserts that `fn` throws the registry's 400 with exactly `message`. */
export function rejects400 (t: Test, fn: () => unknown, message: string): void {
  try {
    fn()
    t.fail(`expected a 400: ${message}`)
  } catch (err) {
    if (!(err instanceof EmulatorError)) throw err
    t.equal(err.code, 'EMU_BAD_REQUEST')
    t.equal(err.statusCode, 400)
    t.equal(err.message, message)
  }
}
