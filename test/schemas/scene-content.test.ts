// Our TypeBox content schemas against the reference OpenAPI (../shared/reference/openapi.json, or
// $REFERENCE_OPENAPI), compared keyword by keyword with titles and descriptions left out.
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import t from 'tap'
import { missingReference } from '../reference.js'
import { Compile } from 'typebox/compile'
import { ELEMENT_SCHEMAS, ELEMENT_TYPES, ElementSchema } from '../../src/schemas/elements.js'
import { PatchSceneContentBodySchema, PutSceneContentBodySchema, SceneContentSchema } from '../../src/schemas/scene-content.js'

const repoRoot = resolve(fileURLToPath(import.meta.url), '../../..')
const openapiPath = resolve(process.env.REFERENCE_OPENAPI ?? resolve(repoRoot, '../shared/reference/openapi.json'))

/** JSON form without annotations, with required lists sorted and TypeBox's empty `properties: {}` dropped. */
function normalise (value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalise)
  if (typeof value !== 'object' || value === null) return value
  const out: Record<string, unknown> = {}
  for (const [key, inner] of Object.entries(value)) {
    if (key === 'title' || key === 'description') continue
    if (key === 'properties' && Object.keys(inner as object).length === 0) continue
    out[key] = key === 'required' ? [...(inner as string[])].sort() : normalise(inner)
  }
  return out
}

const json = (schema: unknown): unknown => normalise(JSON.parse(JSON.stringify(schema)))

if (!existsSync(openapiPath)) {
  missingReference(t, `reference OpenAPI not found: looked at ${openapiPath} (set REFERENCE_OPENAPI to its path)`)
} else {
  const operations = JSON.parse(readFileSync(openapiPath, 'utf8')).paths['/api/v1/scenes/{sceneId}/content']
  const body = (method: string): unknown => operations[method].requestBody.content['application/json'].schema
  const ok = (method: string): unknown => operations[method].responses['200'].content['application/json'].schema

  t.test('request bodies match the reference', async (t) => {
    t.same(json(PutSceneContentBodySchema), json(body('put')))
    t.same(json(PatchSceneContentBodySchema), json(body('patch')))
  })

  t.test('SceneContentSchema is the GET 200 body, and PUT/PATCH 200 plus filesFailedToEmbed', async (t) => {
    t.same(json(SceneContentSchema), json(ok('get')))
    for (const method of ['put', 'patch']) {
      const reference = json(ok(method)) as { properties: Record<string, unknown> }
      const { filesFailedToEmbed: _getOnly, ...properties } = (json(SceneContentSchema) as typeof reference).properties
      t.same({ ...(json(SceneContentSchema) as object), properties }, reference, `${method} 200`)
    }
  })
}

t.test('the element union is discriminated by type', async (t) => {
  t.equal(ELEMENT_TYPES.length, 13)
  const union = Compile(ElementSchema)
  const schema = ELEMENT_SCHEMAS.stickynote as unknown as { properties: Record<string, unknown>, required: string[] }
  t.ok(schema.required.includes('baseHeight'), 'stickynote needs baseHeight')
  t.ok(schema.required.includes('boundElements'), 'boundElements is required on every type')
  t.notOk(schema.required.includes('customData'), 'customData is optional')
  t.notOk(union.Check({ id: 'x', type: 'rectangle' }), 'a partial record fails the union')
})
