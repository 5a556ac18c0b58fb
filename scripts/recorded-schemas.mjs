// The schemas the app's routes declare, recorded by building the app tsc wrote into a folder once with a record hook
// on one of src/plugins/validation.ts's schema sets (coercedSchemas, serializedSchemas); shared by
// precompile-validators.mjs and precompile-serializers.mjs, which compile what it records.
//   import { recordedSchemas } from './recorded-schemas.mjs'; await recordedSchemas(distDir, 'coercedSchemas')
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

/** Every distinct schema the app in `distDir` passes to validation.js's `set` while it builds, by its JSON text. */
export async function recordedSchemas (distDir, set) {
  const validation = await import(pathToFileURL(join(distDir, 'plugins', 'validation.js')).href)
  const { buildApp } = await import(pathToFileURL(join(distDir, 'app.js')).href)
  const { resolveConfig } = await import(pathToFileURL(join(distDir, 'config', 'index.js')).href)
  const byText = new Map()
  validation[set].record = (schema) => { byText.set(JSON.stringify(schema), schema) }
  try {
    const app = await buildApp(resolveConfig({ logLevel: 'silent', dbPath: ':memory:' }))
    await app.ready()
    await app.close()
  } finally {
    delete validation[set].record
  }
  return byText
}
