// Recurring pieces of the tools' input schemas. Keys keep the REST routes' rules, since the tools call the same
// services without the route's own validation in front of them; routes.ts checks that at start.
import { Type, type TObject, type TProperties } from 'typebox'
import { MAX_SAFE_INTEGER } from '../../../../schemas/common.js'

/**
 * The `arguments` object of a tool: closed, as REST bodies are. Under `unknownFields=reject` an undeclared argument is
 * a tool error naming it; under `strip` it is dropped before validation (tools/unit.ts).
 */
export function args<P extends TProperties> (properties: P): TObject<P> {
  return Type.Object(properties, { additionalProperties: false })
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

/** A string enum as JSON Schema writes it (`type` and `enum`, as clients that convert schemas expect), typed as its members. */
export function stringEnum<const V extends readonly string[]> (values: V, options: { description: string, default?: V[number] }) {
  return Type.Unsafe<V[number]>(Type.String({ enum: [...values], ...options }))
}

export const role = () => stringEnum(['member', 'admin'], { description: 'Workspace role: "member" or "admin".' })

export const picture = () => Type.Union([Type.String({ format: 'uri' }), Type.Null()], { description: 'Picture URL, or null to remove it.' })
