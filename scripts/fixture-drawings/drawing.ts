// Scene-building core for the demo drawings: complete element records, seeded ids and nonces, z-order, envelope (format §3.1-3.3).
import { ELEMENT_DEFAULTS as DEFAULTS } from '../../src/content/element-defaults.js'
import { keysBetween } from '../../src/content/fractional-index.js'
import { createIdFactory, type IdFactory } from '../../src/lib/ids.js'
import { createRng, hashString, type Rng } from '../../src/lib/rng.js'
import type { FileRecord } from './png.js'

export type Point = [number, number]
export type FillStyle = 'hachure' | 'cross-hatch' | 'solid' | 'zigzag'
export type StrokeStyle = 'solid' | 'dashed' | 'dotted'
export type Roundness = { type: 2 | 3 } | null

export interface Box { x: number, y: number, w: number, h: number }
export interface BoundRef { id: string, type: 'arrow' | 'text' }

/** A persisted element: the base fields every type carries, plus its per-type extras. */
export interface El {
  id: string
  type: string
  x: number
  y: number
  width: number
  height: number
  angle: number
  strokeColor: string
  backgroundColor: string
  fillStyle: FillStyle
  strokeWidth: number
  strokeStyle: StrokeStyle
  roughness: number
  opacity: number
  groupIds: string[]
  frameId: string | null
  index: string | null
  roundness: Roundness
  seed: number
  version: number
  versionNonce: number
  isDeleted: boolean
  boundElements: BoundRef[] | null
  updated: number
  link: string | null
  locked: boolean
  [extra: string]: unknown
}

export interface Style {
  stroke?: string
  bg?: string
  fill?: FillStyle
  strokeWidth?: number
  strokeStyle?: StrokeStyle
  roughness?: number
  opacity?: number
  roundness?: Roundness
}

export interface SceneDocument {
  type: 'excalidraw'
  version: 2
  source: string
  elements: El[]
  appState: { viewBackgroundColor: string, lockedMultiSelections: Record<string, true> }
  files: Record<string, FileRecord>
}

export interface Drawing {
  /** Creates an element (inside the current frame, if any) and appends it to the scene. */
  add(type: string, box: Box, style?: Style, extras?: Record<string, unknown>): El
  /** Builds a frame's children inside `build`; the frame itself goes right after them, as the editor orders it. */
  frame(name: string, box: Box, build: (frame: El) => void): El
  /** The elements added so far (frames appear once their children are built). */
  all(): El[]
  /** A fresh id for a group (groupIds use the element id alphabet). */
  groupId(): string
  /** An epoch-ms timestamp a little later than the previous one. */
  later(): number
  /** A positive 31-bit integer for seeds and nonces. */
  nonce(): number
  /** A float in [0, 1), for hand-drawn jitter. */
  random(): number
  attachFile(file: FileRecord): string
  toDocument(): SceneDocument
}

export const SOURCE = 'https://plus.excalidraw.com'

/** The seeded sources and cursors one drawing draws from while it is built. */
interface Cursor {
  ids: IdFactory
  rng: Rng
  clock: number
  frameId: string | null
}

const nonceOf = (c: Cursor): number => 1 + c.rng.int(0x7ffffffe)
/** Edits land 20 s to 110 s apart, like someone drawing at a normal pace. */
const tick = (c: Cursor): number => (c.clock += 20_000 + c.rng.int(90_000))

function makeElement (c: Cursor, type: string, box: Box, style: Style = {}, extras: Record<string, unknown> = {}): El {
  return {
    id: c.ids.elementId(),
    type,
    x: box.x,
    y: box.y,
    width: box.w,
    height: box.h,
    angle: DEFAULTS.angle,
    strokeColor: style.stroke ?? DEFAULTS.strokeColor,
    backgroundColor: style.bg ?? DEFAULTS.backgroundColor,
    fillStyle: style.fill ?? DEFAULTS.fillStyle,
    strokeWidth: style.strokeWidth ?? DEFAULTS.strokeWidth,
    strokeStyle: style.strokeStyle ?? DEFAULTS.strokeStyle,
    roughness: style.roughness ?? DEFAULTS.roughness,
    opacity: style.opacity ?? DEFAULTS.opacity,
    groupIds: [],
    frameId: c.frameId,
    index: null,
    roundness: style.roundness ?? null,
    seed: nonceOf(c),
    version: 2 + c.rng.int(12),
    versionNonce: nonceOf(c),
    isDeleted: false,
    boundElements: DEFAULTS.boundElements,
    updated: tick(c),
    link: DEFAULTS.link,
    locked: DEFAULTS.locked,
    ...extras
  }
}

export function createDrawing (slug: string, baseTime: number): Drawing {
  const c: Cursor = { ids: createIdFactory(hashString(`fixture-drawing:${slug}`)), rng: createRng(hashString(`fixture-rng:${slug}`)), clock: baseTime, frameId: null }
  const elements: El[] = []
  const files: Record<string, FileRecord> = {}
  return {
    add (type, box, style, extras) {
      const el = makeElement(c, type, box, style, extras)
      elements.push(el)
      return el
    },
    frame (name, box, build) {
      if (c.frameId !== null) throw new Error('frames do not nest in these fixtures')
      const frame = makeElement(c, 'frame', box, { stroke: '#bbb', roughness: 0 }, { name })
      c.frameId = frame.id
      build(frame)
      c.frameId = null
      elements.push(frame)
      return frame
    },
    all: () => elements,
    groupId: () => c.ids.elementId(),
    later: () => tick(c),
    nonce: () => nonceOf(c),
    random: () => c.rng.next(),
    attachFile (file) {
      files[file.id] = file
      return file.id
    },
    toDocument: () => ({
      type: 'excalidraw',
      version: 2,
      source: SOURCE,
      elements: withIndices(elements),
      appState: { viewBackgroundColor: '#ffffff', lockedMultiSelections: {} },
      files
    })
  }
}

/** The keys the editor hands out when elements are appended one after another (a0..az, then b00...). */
function withIndices (elements: El[]): El[] {
  const keys = keysBetween(null, null, elements.length)
  return elements.map((el, i) => ({ ...el, index: keys[i] }))
}
