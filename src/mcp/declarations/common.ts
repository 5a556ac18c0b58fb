// Shared pieces of the MCP tool declarations: the declaration type, the two surfaces and recurring parameters.
import { Type, type TObject, type TSchema } from 'typebox'
import { MAX_SAFE_INTEGER } from '../../schemas/common.js'

/** Version A ("docs": docs page + connector catalogue, 30 tools) and version B ("agents", 37 tools). */
export type Surface = 'docs' | 'agents'

export interface ToolDeclaration {
  name: string
  /** Emulator-authored; the vendor's texts are not copied. */
  description: string
  /** JSON Schema of `arguments`, as tools/list publishes it and as calls are validated. */
  inputSchema: TObject
  /**
   * `METHOD /path/{param}` of the REST route whose permission the tool needs (api/v1/auth.ts routeSignature form),
   * or null for tools every key may list (the format guides).
   */
  backing: string | null
  surfaces: readonly Surface[]
}

export const BOTH: readonly Surface[] = ['docs', 'agents']
export const DOCS_ONLY: readonly Surface[] = ['docs']
export const AGENTS_ONLY: readonly Surface[] = ['agents']

/**
 * INFER: input schemas are open objects (no additionalProperties: false): SDK servers built on zod strip unknown
 * arguments rather than refuse them. Keys mirror the REST route constraints, since the tools call the same
 * services without the route's own validation in front of them.
 */
export function args (properties: Record<string, TSchema>): TObject {
  return Type.Object(properties)
}

export const id = (description: string) => Type.String({ minLength: 1, description })
export const sceneId = () => id('Id of the scene.')
export const collectionId = () => id('Id of the collection.')

export const limit = (max = 100, fallback?: number) => Type.Optional(Type.Integer({
  minimum: 1,
  maximum: max,
  description: `Page size, 1 to ${max}${fallback === undefined ? '' : ` (default ${fallback})`}.`
}))

export const offset = () => Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_SAFE_INTEGER, description: 'Items to skip before the page starts.' }))

export const role = () => Type.String({ enum: ['member', 'admin'], description: 'Workspace role: "member" or "admin".' })

export const picture = () => Type.Union([Type.String({ format: 'uri' }), Type.Null()], { description: 'Picture URL, or null to remove it.' })

export const declare = (tool: ToolDeclaration): ToolDeclaration => tool
