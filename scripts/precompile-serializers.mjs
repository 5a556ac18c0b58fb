/* global console */
// The routes' response serializers compiled at build, for the bundle (run by scripts/bundle-server.mjs, which puts
// the module this writes in place of src/plugins/precompiled-serializers.ts): a route's first answer then compiles
// nothing, where compiling a page's serializer (fast-json-stringify checking the schema against its meta-schema, then
// generating the code) was the largest part of a start's first request. Each is fast-json-stringify's standalone code
// for the schema in the form the server serialises with (src/plugins/validation.ts serializerSchema), so it is the
// very code the server would compile; the table is keyed by the schema's JSON text, which is all a serializer depends
// on, and each entry is a factory run on the first answer that needs it, so a start evaluates only the ones it uses.
//   import { precompiledSerializersModule } from './precompile-serializers.mjs'; await precompiledSerializersModule(distDir)
// (test/scripts/precompile-serializers.test.ts holds each compiled serializer to the server's own compile.)
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import fastJson from 'fast-json-stringify'
import { recordedSchemas } from './recorded-schemas.mjs'

/** Every distinct response schema the app's routes declare, from the app tsc built into `distDir`. */
export async function responseSchemas (distDir) {
  return await recordedSchemas(distDir, 'serializedSchemas')
}

/**
 * fast-json-stringify's standalone code (CommonJS text: it `require`s the package's runtime helpers and sets
 * `module.exports` to the serializer) for each schema, by the schema's text; `serializerSchema` is the server's.
 */
export function standaloneSerializers (schemas, serializerSchema) {
  return new Map([...schemas].map(([text, schema]) => [text, fastJson(serializerSchema(schema), { mode: 'standalone' })]))
}

/**
 * The ES module the bundle holds: each standalone code in a factory of its own, its `require` calls left for the
 * bundler to resolve (the runtime helpers are bundled like everything else), and PRECOMPILED_SERIALIZERS.
 */
export function esModule (codes) {
  const table = [...codes].map(([text, code]) =>
    `[${JSON.stringify(text)}, () => {\nconst module = { exports: undefined };\n${code}\nreturn module.exports\n}]`).join(',\n  ')
  return `export const PRECOMPILED_SERIALIZERS = new Map([\n  ${table}\n]);\n`
}

/** The module for the app in `distDir`. */
export async function precompiledSerializersModule (distDir) {
  const { serializerSchema } = await import(pathToFileURL(join(distDir, 'plugins', 'validation.js')).href)
  const schemas = await responseSchemas(distDir)
  const codes = standaloneSerializers(schemas, serializerSchema)
  const bytes = [...codes.values()].reduce((sum, code) => sum + code.length, 0)
  console.log(`precompile-serializers: ${schemas.size} response schemas, ${Math.round(bytes / 1024)} KB of code`)
  return esModule(codes)
}
