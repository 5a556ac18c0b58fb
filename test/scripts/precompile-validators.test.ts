// The validators the build compiles for the bundle (scripts/precompile-validators.mjs) are the server's own: for
// every query, path and header schema a route declares, the standalone code answers each input as the server's
// coercing engine does (src/lib/ajv.ts): the same verdict, the same errors, the same coerced data; and so does the
// table test processes use in its place (test/runner/precompiled-validators.mjs).
import { createRequire } from 'node:module'
import t from 'tap'
import type { ValidateFunction } from 'ajv'
import { AJV_OPTIONS, coercingAjv } from '../../src/lib/ajv.js'
import { coercedSchemas } from '../../src/plugins/validation.js'
// In a test process this is test/runner/precompiled-validators.mjs (the runner's cache of the same standalone code).
import { PRECOMPILED } from '../../src/plugins/precompiled-validators.js'
import { build } from '../helper.js'

interface Standalone { code: string, names: Map<string, string> }
interface Script { standaloneCode: (schemas: Map<string, object>, options: object) => Standalone }

/** The values a query string or path gives a property, as strings (and repeated, as an array). */
const VALUES: unknown[] = ['', '0', '1', '-1', '1.5', '100', '101', '599', 'abc', 'true', 'null', '2026-01-01T00:00:00Z',
  '9007199254740993', 'x'.repeat(300), ['1', '2'], ['abc']]

/** Inputs for a schema: nothing, each property with each value, every property at once, and an undeclared one. */
function inputsFor (schema: { properties?: Record<string, unknown> }): Array<Record<string, unknown>> {
  const names = Object.keys(schema.properties ?? {})
  const inputs: Array<Record<string, unknown>> = [{}, { undeclared: '1' }]
  for (const name of names) for (const value of VALUES) inputs.push({ [name]: value })
  for (const value of VALUES) inputs.push(Object.fromEntries(names.map((name) => [name, value])))
  return inputs
}

t.test('each route schema\'s validator compiled at build validates as the server\'s engine does', async (t) => {
  const schemas = new Map<string, object>()
  coercedSchemas.record = (schema) => { schemas.set(JSON.stringify(schema), schema) }
  try {
    await (await build(t)).ready()
  } finally {
    delete coercedSchemas.record
  }
  t.ok(schemas.size >= 10, `the routes declare ${schemas.size} query, path and header schemas`)

  const script = await import(String(new URL('../../scripts/precompile-validators.mjs', import.meta.url))) as Script
  const { code, names } = script.standaloneCode(schemas, { ...AJV_OPTIONS, coerceTypes: 'array' })
  const exported: Record<string, ValidateFunction> = {}
  // The standalone code is CommonJS text, as the bundler receives it.
  new Function('exports', 'require', code)(exported, createRequire(import.meta.url))
  t.equal(names.size, schemas.size, 'one validator per schema')

  let compared = 0
  for (const [text, schema] of schemas) {
    const own = coercingAjv().compile(schema)
    const cached = PRECOMPILED.get(text)
    if (cached === undefined) t.fail(`the test processes' table has no validator for ${text}`)
    for (const built of [exported[names.get(text) ?? ''], cached ?? own]) {
      for (const input of inputsFor(schema as { properties?: Record<string, unknown> })) {
        const [a, b] = [structuredClone(input), structuredClone(input)]
        const verdict = built(a)
        const expected = own(b)
        if (verdict !== expected || JSON.stringify([built.errors, a]) !== JSON.stringify([own.errors, b])) {
          t.fail(`${text} on ${JSON.stringify(input)}`, { found: [verdict, built.errors, a], wanted: [expected, own.errors, b] })
        }
        compared++
      }
    }
  }
  t.ok(compared > 500, `${compared} inputs answered alike`)
})
