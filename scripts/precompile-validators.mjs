/* global console */
// The routes' query, path and header validators compiled at build, for the bundle (run by scripts/bundle-server.mjs,
// which puts the module this writes in place of src/plugins/precompiled-validators.ts): the first request of a
// route then needs neither an ajv engine nor a compile, which were most of the first request's own work. Each is
// ajv's standalone code for the schema, from an engine with the options of the coercing engine the server compiles
// them with (src/lib/ajv.ts), so it is the very code the server would compile; the table is keyed by the schema's
// JSON text, which is all a validator depends on. Bodies are left to the server: few routes take one, and their
// schemas (scene elements) are large.
//   import { precompiledValidatorsModule } from './precompile-validators.mjs'; await precompiledValidatorsModule(distDir)
// (test/scripts/precompile-validators.test.ts holds each compiled validator to the server's own compile.)
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { Ajv } from 'ajv'
import formatsPlugin from 'ajv-formats'
import ajvStandalone from 'ajv/dist/standalone/index.js'
import { recordedSchemas } from './recorded-schemas.mjs'

const addFormats = formatsPlugin.default ?? formatsPlugin

/** Every distinct query, path and header schema the app's routes declare, from the app tsc built into `distDir`. */
export async function routeSchemas (distDir) {
  return await recordedSchemas(distDir, 'coercedSchemas')
}

/**
 * ajv's standalone code for these schemas, CommonJS-style (it sets `exports.v0`, `exports.v1`, ... and calls
 * `require` for ajv's runtime helpers), from an engine made with `options` (the server's coercing engine's) and
 * ajv-formats, as src/lib/ajv.ts makes it; with the export name of each schema's validator, by the schema's text.
 */
export function standaloneCode (schemas, options) {
  const ajv = new Ajv({ ...options, code: { source: true } })
  addFormats(ajv)
  const names = new Map()
  for (const [text, schema] of schemas) {
    const name = `v${names.size}`
    names.set(text, name)
    // Added under a key of its own (ajv's standalone code exports schemas by key); a key is only the base a $ref
    // would resolve against, and these schemas have none.
    ajv.addSchema(schema, name)
  }
  return { code: ajvStandalone(ajv, Object.fromEntries([...names.values()].map((name) => [name, name]))), names }
}

/**
 * The ES module the bundle holds: the standalone code in a scope of its own, its `require` calls left for the
 * bundler to resolve (ajv's runtime helpers are bundled like everything else), and PRECOMPILED.
 */
export function esModule ({ code, names }) {
  const table = [...names].map(([text, name]) => `[${JSON.stringify(text)}, exports.${name}]`).join(',\n  ')
  return `const exports = {};\n${code}\nexport const PRECOMPILED = new Map([\n  ${table}\n]);\n`
}

/** The module for the app in `distDir`, compiled with the options of its coercing engine. */
export async function precompiledValidatorsModule (distDir) {
  const { AJV_OPTIONS } = await import(pathToFileURL(join(distDir, 'lib', 'ajv.js')).href)
  const schemas = await routeSchemas(distDir)
  console.log(`precompile-validators: ${schemas.size} query, path and header schemas`)
  return esModule(standaloneCode(schemas, { ...AJV_OPTIONS, coerceTypes: 'array' }))
}
