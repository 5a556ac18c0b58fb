// add_image: a data URL becomes a file record plus an image element sized from the
// image's own header when no size is given. Remote URLs are refused: the emulator has no network at run time.
import { createHash } from 'node:crypto'
import { Type, type Static, type TObject } from 'typebox'
import type { IdFactory } from '../lib/ids.js'
import { DATA_URL_MAX_LENGTH, type FileRecord } from '../schemas/scene-content.js'
import { Draft, SYSTEM_CLOCK, type NowSource, type SceneSnapshot, type ToolPlan } from './core/draft.js'
import { naturalSize, sniffMimeType, type NaturalSize } from './core/image-size.js'
import { IMAGE_MIME_TYPES } from './core/limits.js'
import { completeElement } from './core/skeleton.js'
import { verifyDraft } from './core/verify.js'
import { toolError } from './tool-errors.js'

/** add_image's arguments but `sceneId` (the endpoint's business): their types stated once; the planner reads the data. */
export const IMAGE_ARGUMENTS = {
  dataUrl: Type.Optional(Type.String({ description: 'data:image/png;base64,… (or jpeg, gif, webp, svg+xml).' })),
  url: Type.Optional(Type.String({ description: 'Public image URL (not supported by the emulator: no network).' })),
  x: Type.Number({ description: 'Left edge, scene coordinates.' }),
  y: Type.Number({ description: 'Top edge, scene coordinates.' }),
  width: Type.Optional(Type.Number({ exclusiveMinimum: 0, description: 'Width in scene pixels.' })),
  height: Type.Optional(Type.Number({ exclusiveMinimum: 0, description: 'Height in scene pixels.' })),
  frameId: Type.Optional(Type.String({ minLength: 1, description: 'Frame (slide) the image belongs to.' }))
}

export type AddImageArgs = Static<TObject<typeof IMAGE_ARGUMENTS>>

export interface AddImageAnswer {
  elementId: string
  fileId: string
  mimeType: string
  x: number
  y: number
  width: number
  height: number
}

interface DecodedImage { mimeType: string, bytes: Buffer, dataURL: string }

// FIDELITY: the real tool also takes a public URL; fetching one would make tests depend on the network.
export const REMOTE_IMAGE_MESSAGE = 'remote images are not supported by the emulator: no network at run time; pass the image as a base64 data URL (dataUrl)'

export function planAddImage (current: SceneSnapshot, args: AddImageArgs, ids: IdFactory, clock: NowSource = SYSTEM_CLOCK): ToolPlan<AddImageAnswer> {
  if (args.dataUrl !== undefined && args.url !== undefined) toolError('Give either dataUrl or url, not both')
  if (args.url !== undefined) toolError(REMOTE_IMAGE_MESSAGE)
  if (args.dataUrl === undefined) toolError('dataUrl is required: a base64 data URL such as data:image/png;base64,…')
  const image = decodeDataUrl(args.dataUrl)
  const draft = new Draft(current, ids, clock)
  if (args.frameId !== undefined && draft.live(args.frameId)?.type !== 'frame') {
    toolError(`frameId ${args.frameId} is not a frame of this scene`)
  }
  const size = sizeFor(args, naturalSize(image.bytes, image.mimeType))
  // The editor names files by the SHA-1 of their bytes, so the same image added twice shares one file.
  const fileId = createHash('sha1').update(image.bytes).digest('hex')
  const file: FileRecord = { mimeType: image.mimeType, id: fileId, created: clock.now(), dataURL: image.dataURL }
  draft.addFile(file)
  const skeleton = { type: 'image', x: args.x, y: args.y, ...size, fileId, status: 'saved', frameId: args.frameId ?? null }
  const element = draft.create(completeElement(skeleton, draft.stamp(), 'add_image'))
  verifyDraft(draft)
  return {
    patch: draft.patch(),
    answer: { elementId: element.id, fileId, mimeType: image.mimeType, x: args.x, y: args.y, ...size }
  }
}

/**
 * Accepts `data:<image type>;base64,<data>` for PNG, JPEG, GIF, WebP and SVG (SVG also URL-encoded), checks that
 * the bytes are what the type says, and returns a normalised base64 data URL.
 */
export function decodeDataUrl (dataUrl: string): DecodedImage {
  if (dataUrl.length > DATA_URL_MAX_LENGTH) toolError(`dataUrl is longer than ${DATA_URL_MAX_LENGTH} characters`)
  const match = /^data:([^;,]+)((?:;[^;,]*)*),(.*)$/s.exec(dataUrl.trim())
  if (match === null) toolError('dataUrl must be a data URL: data:image/png;base64,…')
  const mimeType = match[1].toLowerCase()
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(mimeType)) {
    toolError(`dataUrl type ${mimeType} is not supported: use one of ${IMAGE_MIME_TYPES.join(', ')}`)
  }
  const base64 = match[2].toLowerCase().split(';').includes('base64')
  const bytes = base64 ? decodeBase64(match[3]) : textPayload(match[3], mimeType)
  if (bytes.length === 0) toolError('dataUrl holds no image data')
  const actual = sniffMimeType(bytes)
  if (actual !== mimeType) toolError(`dataUrl says ${mimeType} but the data is ${actual ?? 'not an image of a supported type'}`)
  return { mimeType, bytes, dataURL: `data:${mimeType};base64,${bytes.toString('base64')}` }
}

function decodeBase64 (payload: string): Buffer {
  const compact = payload.replace(/\s+/g, '')
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact)) toolError('dataUrl is not valid base64')
  return Buffer.from(compact, 'base64')
}

function textPayload (payload: string, mimeType: string): Buffer {
  if (mimeType !== 'image/svg+xml') toolError(`dataUrl must be base64-encoded for ${mimeType} (…;base64,…)`)
  try {
    return Buffer.from(decodeURIComponent(payload), 'utf8')
  } catch {
    return toolError('dataUrl holds malformed percent-encoding')
  }
}

/** Both sizes as given; one of them → the other from the aspect ratio; none → the natural size. */
function sizeFor (args: AddImageArgs, natural: NaturalSize | null): { width: number, height: number } {
  if (args.width !== undefined && args.height !== undefined) return { width: args.width, height: args.height }
  if (natural === null || natural.width <= 0 || natural.height <= 0) {
    toolError('The image size cannot be read from its data: pass width and height')
  }
  if (args.width !== undefined) return { width: args.width, height: round(args.width * natural.height / natural.width) }
  if (args.height !== undefined) return { width: round(args.height * natural.width / natural.height), height: args.height }
  return { width: natural.width, height: natural.height }
}

function round (value: number): number {
  return Math.round(value * 100) / 100
}
