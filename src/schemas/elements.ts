// Complete persisted element records, one schema per `type`.
// Elements are open objects: unknown fields (created, baseFontSize, labelPosition…) round-trip untouched.
import { Type, type TSchema } from 'typebox'

function Nullable<T extends TSchema> (schema: T) {
  return Type.Union([schema, Type.Null()])
}

/** Open object: required fields are checked, anything else is kept as sent. */
function OpenObject<P extends Parameters<typeof Type.Object>[0]> (properties: P) {
  return Type.Object(properties)
}

const PointSchema = Type.Tuple([Type.Number(), Type.Number()])
export const PointsSchema = Type.Array(PointSchema)

export const BoundElementSchema = OpenObject({
  id: Type.String(),
  type: Type.Enum(['arrow', 'text'])
})

export const RoundnessSchema = OpenObject({
  type: Type.Enum([1, 2, 3]),
  value: Type.Optional(Type.Number())
})

/** Current binding format: fixedPoint is a 0..1 ratio of the target's box. */
export const FixedPointBindingSchema = OpenObject({
  elementId: Type.String(),
  fixedPoint: PointSchema,
  mode: Type.Enum(['inside', 'orbit', 'skip'])
})

/** Legacy binding format written by @excalidraw/excalidraw 0.18.1. */
// INFER: accepted unchanged, not migrated; fixedPoint may be null there (elbow arrows only set it).
export const LegacyPointBindingSchema = OpenObject({
  elementId: Type.String(),
  focus: Type.Number(),
  gap: Type.Number(),
  fixedPoint: Type.Optional(Nullable(PointSchema))
})

export const BindingSchema = Nullable(Type.Union([FixedPointBindingSchema, LegacyPointBindingSchema]))

// INFER: every base field of the editor's element format is required except customData, so stored elements are
// fully normalised (what XDraw/pi expect on read). All three reference samples and the excalidraw-rs live seed carry them all.
// `index` may be null (restore's default); `link`, `frameId` likewise.
const baseProperties = {
  id: Type.String({ minLength: 1 }),
  x: Type.Number(),
  y: Type.Number(),
  width: Type.Number(),
  height: Type.Number(),
  angle: Type.Number(),
  strokeColor: Type.String(),
  backgroundColor: Type.String(),
  fillStyle: Type.Enum(['hachure', 'cross-hatch', 'solid', 'zigzag']),
  strokeWidth: Type.Number(),
  strokeStyle: Type.Enum(['solid', 'dashed', 'dotted']),
  roundness: Nullable(RoundnessSchema),
  roughness: Type.Number(),
  // INFER: 0–100 is the documented range; a value outside it is treated as invalid.
  opacity: Type.Number({ minimum: 0, maximum: 100 }),
  seed: Type.Integer(),
  version: Type.Integer(),
  versionNonce: Type.Integer(),
  index: Nullable(Type.String()),
  isDeleted: Type.Boolean(),
  groupIds: Type.Array(Type.String()),
  frameId: Nullable(Type.String()),
  // Must be present even when empty: omitting it is a 400 upstream [LIVE].
  boundElements: Nullable(Type.Array(BoundElementSchema)),
  // INFER: epoch ms, accepted as any number (it drives nothing here).
  updated: Type.Number(),
  link: Nullable(Type.String()),
  locked: Type.Boolean(),
  // INFER: null is accepted as well as an object (scene_content.json has `customData: null` on its text).
  customData: Type.Optional(Nullable(Type.Object({})))
}

function ElementOf<const T extends string, P extends Parameters<typeof Type.Object>[0]> (type: T, extra: P) {
  return OpenObject({ ...baseProperties, type: Type.Literal(type), ...extra })
}

export const RectangleElementSchema = ElementOf('rectangle', {})
export const DiamondElementSchema = ElementOf('diamond', {})
export const EllipseElementSchema = ElementOf('ellipse', {})

// INFER: all fields the OSS text type declares non-optional are required; baseline (removed upstream) is not.
export const TextElementSchema = ElementOf('text', {
  text: Type.String(),
  originalText: Type.String(),
  fontSize: Type.Number(),
  fontFamily: Type.Number(),
  textAlign: Type.Enum(['left', 'center', 'right']),
  verticalAlign: Type.Enum(['top', 'middle', 'bottom']),
  containerId: Nullable(Type.String()),
  autoResize: Type.Boolean(),
  lineHeight: Type.Number()
})

// INFER: arrowheads are any string or null: the list grows with editor releases (cardinality heads…).
const linearProperties = {
  points: PointsSchema,
  startBinding: BindingSchema,
  endBinding: BindingSchema,
  startArrowhead: Nullable(Type.String()),
  endArrowhead: Nullable(Type.String()),
  lastCommittedPoint: Type.Optional(Nullable(PointSchema))
}

// INFER: `polygon` and `elbowed` are newer than the rest of the format, so older exports lack them: optional.
export const LineElementSchema = ElementOf('line', {
  ...linearProperties,
  polygon: Type.Optional(Type.Boolean())
})

export const ArrowElementSchema = ElementOf('arrow', {
  ...linearProperties,
  elbowed: Type.Optional(Type.Boolean()),
  fixedSegments: Type.Optional(Nullable(Type.Array(Type.Object({})))),
  startIsSpecial: Type.Optional(Nullable(Type.Boolean())),
  endIsSpecial: Type.Optional(Nullable(Type.Boolean()))
})

// `strokeOptions` is accepted here (open object) and stripped by the service.
export const FreedrawElementSchema = ElementOf('freedraw', {
  points: PointsSchema,
  pressures: Type.Array(Type.Number()),
  simulatePressure: Type.Boolean(),
  lastCommittedPoint: Type.Optional(Nullable(PointSchema))
})

export const ImageCropSchema = OpenObject({
  x: Type.Number(),
  y: Type.Number(),
  width: Type.Number(),
  height: Type.Number(),
  naturalWidth: Type.Number(),
  naturalHeight: Type.Number()
})

// INFER: fileId may be null (an image whose upload never started); crop is newer, so optional.
export const ImageElementSchema = ElementOf('image', {
  fileId: Nullable(Type.String()),
  status: Type.Enum(['pending', 'saved', 'error']),
  scale: PointSchema,
  crop: Type.Optional(Nullable(ImageCropSchema))
})

export const FrameElementSchema = ElementOf('frame', { name: Nullable(Type.String()) })
export const MagicFrameElementSchema = ElementOf('magicframe', { name: Nullable(Type.String()) })
export const IframeElementSchema = ElementOf('iframe', {})
export const EmbeddableElementSchema = ElementOf('embeddable', {})

// Undocumented but accepted upstream; a numeric baseHeight is required [LIVE]. Its other fields are unknown.
export const StickynoteElementSchema = ElementOf('stickynote', { baseHeight: Type.Number() })

/** Schema of each element type, keyed by the `type` discriminator. */
export const ELEMENT_SCHEMAS = {
  rectangle: RectangleElementSchema,
  diamond: DiamondElementSchema,
  ellipse: EllipseElementSchema,
  text: TextElementSchema,
  line: LineElementSchema,
  arrow: ArrowElementSchema,
  freedraw: FreedrawElementSchema,
  image: ImageElementSchema,
  frame: FrameElementSchema,
  magicframe: MagicFrameElementSchema,
  iframe: IframeElementSchema,
  embeddable: EmbeddableElementSchema,
  stickynote: StickynoteElementSchema
} as const

export type ElementType = keyof typeof ELEMENT_SCHEMAS
export const ELEMENT_TYPES = Object.keys(ELEMENT_SCHEMAS) as ElementType[]

/** The discriminated union, for documentation and whole-record checks; the service dispatches on `type` itself. */
export const ElementSchema = Type.Union([
  RectangleElementSchema, DiamondElementSchema, EllipseElementSchema, TextElementSchema, LineElementSchema,
  ArrowElementSchema, FreedrawElementSchema, ImageElementSchema, FrameElementSchema, MagicFrameElementSchema,
  IframeElementSchema, EmbeddableElementSchema, StickynoteElementSchema
])

/**
 * An element as the service handles it: a plain record with the fields the merge and version logic read.
 * Kept loose on purpose so unknown fields pass through without casts.
 */
export type Element = Record<string, unknown> & {
  id: string
  type: string
  version: number
  versionNonce: number
  isDeleted: boolean
}

/** Types a text may be bound inside (containerId). */
export const CONTAINER_TYPES: ReadonlySet<string> = new Set(['rectangle', 'diamond', 'ellipse', 'arrow'])
/** Types an element's frameId may point at. */
export const FRAME_TYPES: ReadonlySet<string> = new Set(['frame', 'magicframe'])
/** Types an arrow may bind to; a text only while it has no container. */
export const BINDABLE_TYPES: ReadonlySet<string> = new Set([
  'rectangle', 'diamond', 'ellipse', 'text', 'image', 'iframe', 'embeddable', 'frame', 'magicframe', 'stickynote'
])
