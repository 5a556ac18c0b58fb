// Pictures drawn at build time: `npm run build` draws every scene and frame of the bundled fixture sets
// (scripts/prerender-pictures.mjs) and stores each SVG, and its PNG, under the digest of what it shows; the renderer
// serves one without a worker (and without resvg) while a scene's content still has that digest (after an edit the
// digest differs: drawn live).
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib'
import { packPngs, unpackPng } from './png-pack.js'

/** The parts of scene content a picture depends on (what the worker is sent). */
export interface DigestContent {
  elements: readonly unknown[]
  appState?: { viewBackgroundColor?: unknown }
  files?: unknown
}

/** Written by `npm run build` beside dist/render/ (absent when run from src/). */
export const PRERENDERED_FILE = fileURLToPath(new URL('../prerendered-pictures.json.br', import.meta.url))

/** Bumped when the worker's output for the same content changes, so an older build's pictures are not served. */
const FORMAT = 3

/**
 * One picture the build drew: its SVG, its PNG in the default box (1920 × 1080), or both. A PNG is
 * `[group, index]`: the index-th image of `pngs[group]` (several PNGs packed together by png-pack.ts, base64).
 */
interface StoredPicture { elements: number, svg?: string, png?: [number, number] }
interface StoredRecord { format: number, pictures: Record<string, StoredPicture>, pngs: string[] }

/** What the build hands writePrerendered for one digest; PNGs of one `pngGroup` (default: the digest) are packed together. */
export interface BuiltPicture { digest: string, elements: number, svg?: string, png?: Buffer, pngGroup?: string }

export interface PrerenderedPictures {
  /** The stored SVG of exactly this content, frame and padding, if the build drew it. */
  lookup: (content: DigestContent, frameId: string | undefined, padding: number) => string | undefined
  /** The stored PNG (fitted into 1920 × 1080, no maxWidth) of exactly this content, frame and padding, if the build drew it. */
  lookupPng: (content: DigestContent, frameId: string | undefined, padding: number) => Promise<Buffer | undefined>
  readonly size: number
}

/**
 * sha256 over the elements as given, the background, the files, the frame and the padding. Any change to any
 * element (even one that would not show, like versionNonce) gives another digest: such a scene is drawn live.
 */
export function pictureDigest (content: DigestContent, frameId: string | undefined, padding: number): string {
  const shown = [content.elements, content.appState?.viewBackgroundColor ?? null, content.files ?? null, frameId ?? null, padding]
  return createHash('sha256').update(JSON.stringify(shown)).digest('base64url')
}

/** The build's record, brotli-compressed (the embedded fonts are base64, which compresses by about a quarter). */
export function writePrerendered (file: string, pictures: readonly BuiltPicture[]): number {
  const record: StoredRecord = { format: FORMAT, pictures: {}, pngs: [] }
  const groups = new Map<string, Array<{ digest: string, png: Buffer }>>()
  for (const { digest, elements, svg, png, pngGroup = digest } of pictures) {
    record.pictures[digest] = { elements, svg }
    if (png !== undefined) groups.set(pngGroup, [...groups.get(pngGroup) ?? [], { digest, png }])
  }
  for (const members of groups.values()) {
    members.forEach(({ digest }, index) => { record.pictures[digest].png = [record.pngs.length, index] })
    record.pngs.push(packPngs(members.map((m) => m.png)).toString('base64'))
  }
  const bytes = brotliCompressSync(JSON.stringify(record), { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
  writeFileSync(file, bytes)
  return bytes.length
}

const NONE: PrerenderedPictures = { lookup: () => undefined, lookupPng: async () => undefined, size: 0 }

const usable = (p: StoredPicture | undefined, groups: number): boolean =>
  typeof p?.elements === 'number' && (p.svg === undefined || typeof p.svg === 'string') &&
  (p.png === undefined || (Array.isArray(p.png) && Number.isInteger(p.png[0]) && p.png[0] >= 0 && p.png[0] < groups && Number.isInteger(p.png[1])))

function readRecord (file: string): { pictures: Map<string, StoredPicture>, pngs: string[] } {
  const record = JSON.parse(brotliDecompressSync(readFileSync(file)).toString('utf8')) as Partial<StoredRecord>
  const pngs = Array.isArray(record.pngs) ? record.pngs.filter((p) => typeof p === 'string') : []
  const { format, pictures } = record
  if (format !== FORMAT || pictures === null || typeof pictures !== 'object' || pngs.length !== record.pngs?.length) {
    return { pictures: new Map(), pngs: [] }
  }
  return { pictures: new Map(Object.entries(pictures).filter(([, p]) => usable(p, pngs.length))), pngs }
}

/**
 * The build's pictures from `file`, or none (no file: run from src/ or built without the renderer's packages;
 * an unreadable or older record). Only contents whose element count some picture has are hashed.
 */
export function loadPrerendered (file: string | undefined): PrerenderedPictures {
  if (file === undefined) return NONE
  let pictures: Map<string, StoredPicture>
  let pngs: string[]
  try {
    ({ pictures, pngs } = readRecord(file))
  } catch {
    return NONE
  }
  const counts = new Set([...pictures.values()].map((p) => p.elements))
  const find = (content: DigestContent, frameId: string | undefined, padding: number): StoredPicture | undefined =>
    counts.has(content.elements.length) ? pictures.get(pictureDigest(content, frameId, padding)) : undefined
  return {
    lookup: (content, frameId, padding) => find(content, frameId, padding)?.svg,
    async lookupPng (content, frameId, padding) {
      const png = find(content, frameId, padding)?.png
      // A damaged entry is a picture the build did not draw, as an unreadable record is.
      return png === undefined ? undefined : await unpackPng(Buffer.from(pngs[png[0]], 'base64'), png[1]).catch(() => undefined)
    },
    get size () { return pictures.size }
  }
}
