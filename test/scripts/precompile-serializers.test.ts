// The serializers the build compiles for the bundle (scripts/precompile-serializers.mjs) are the server's own: for
// every response schema a route declares, the standalone code writes each value as the server's own compile of that
// schema does (src/plugins/validation.ts: fast-json-stringify over serializerSchema), byte for byte, and fails alike;
// and so does the table test processes use in its place (test/runner/precompiled-serializers.mjs).
import { createRequire } from 'node:module'
import t from 'tap'
import fastJson from 'fast-json-stringify'
import { Value } from 'typebox/value'
import { serializedSchemas, serializerSchema } from '../../src/plugins/validation.js'
// In a test process this is test/runner/precompiled-serializers.mjs (the runner's cache of the same standalone code).
import { PRECOMPILED_SERIALIZERS } from '../../src/plugins/precompiled-serializers.js'
import { build, KEYS } from '../helper.js'

interface Script {
  standaloneSerializers: (schemas: Map<string, object>, form: typeof serializerSchema) => Map<string, string>
  esModule: (codes: Map<string, string>) => string
}

/** The public GETs whose answers serve as real values (each serialised with every schema, not only its route's). */
const PATHS = ['/api/v1/collections', '/api/v1/scenes', '/api/v1/scenes/scnShapes01', '/api/v1/scenes/scnShapes01/content',
  '/api/v1/users', '/api/v1/logs', '/api/v1/workspace', '/api/v1/invites', '/api/v1/nope']

/** What a serializer makes of `value`: its text, or the error it throws. */
function outcome (serialize: (data: unknown) => string, value: unknown): string {
  try {
    return serialize(value)
  } catch (error) {
    return `throws ${(error as Error).message}`
  }
}

t.test('each response schema\'s serializer compiled at build writes what the server\'s own compile writes', async (t) => {
  const schemas = new Map<string, object>()
  serializedSchemas.record = (schema) => { schemas.set(JSON.stringify(schema), schema) }
  let app
  try {
    app = await build(t)
    await app.ready()
  } finally {
    delete serializedSchemas.record
  }
  t.ok(schemas.size >= 30, `the routes declare ${schemas.size} response schemas`)
  const values: unknown[] = []
  for (const url of PATHS) values.push((await app.inject({ url, headers: { authorization: `Bearer ${KEYS.admin}` } })).json())
  // A value each schema describes, where TypeBox can make one (it cannot for a string with a format and no default).
  for (const schema of schemas.values()) {
    try {
      values.push(Value.Create(schema as Parameters<typeof Value.Create>[0]))
    } catch {
      // No value to add for this schema: the real answers above still cover it.
    }
  }

  const script = await import(String(new URL('../../scripts/precompile-serializers.mjs', import.meta.url))) as Script
  const codes = script.standaloneSerializers(schemas, serializerSchema)
  t.equal(codes.size, schemas.size, 'one serializer per schema')
  let compared = 0
  for (const [text, schema] of schemas) {
    const module = { exports: undefined as unknown }
    // The standalone code is CommonJS text, as the bundler receives it.
    new Function('module', 'require', codes.get(text) ?? '')(module, createRequire(import.meta.url))
    const own = fastJson(serializerSchema(schema))
    const cached = PRECOMPILED_SERIALIZERS.get(text)
    if (cached === undefined) t.fail(`the test processes' table has no serializer for ${text.slice(0, 80)}`)
    for (const built of [module.exports as (data: unknown) => string, cached?.() ?? own]) {
      for (const value of values) {
        const [found, wanted] = [outcome(built, value), outcome(own, value)]
        if (found !== wanted) t.fail(`${text.slice(0, 80)} on ${JSON.stringify(value).slice(0, 80)}`, { found, wanted })
        compared++
      }
    }
  }
  t.ok(compared > 1000, `${compared} values written alike`)
  t.match(script.esModule(new Map([['{"type":"string"}', 'module.exports = 1']])), /^export const PRECOMPILED_SERIALIZERS = new Map\(\[\n {2}\["\{\\"type\\":\\"string\\"\}", \(\) => \{\nconst module = \{ exports: undefined \};\nmodule\.exports = 1\nreturn module\.exports\n\}\]\n\]\);\n$/, 'the bundle\'s table: a factory per schema text')
})
