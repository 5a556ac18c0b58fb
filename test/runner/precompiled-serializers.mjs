// src/plugins/precompiled-serializers.ts in test processes (test/runner/resolve-hooks.mjs resolves it here): the same
// table the build puts in the bundle, fast-json-stringify's standalone code of each response schema from
// scripts/precompile-serializers.mjs, so a test process compiles no serializer (a page's was the largest part of a
// first answer) and the tests run the serializers the shipped server runs. The build makes the table from every route
// at once; here each schema's code is made the first time a test process needs it and kept (standalone-cache.mjs),
// keyed by the form the server serialises with (src/plugins/validation.ts serializerSchema) and fast-json-stringify's
// version.
import { serializerSchema } from '../../src/plugins/validation.js'
import { standaloneSerializers } from '../../scripts/precompile-serializers.mjs'
import { cachedModule, versionsOf } from './standalone-cache.mjs'

const VERSIONS = versionsOf(['fast-json-stringify'])

/** The factory of the serializer of the schema whose JSON text is `text`, as the build's table holds it. */
function factory (text) {
  return () => {
    const schema = JSON.parse(text)
    const form = JSON.stringify(serializerSchema(schema))
    // The standalone code sets module.exports to the serializer.
    return cachedModule('serializers', [VERSIONS, form], () => standaloneSerializers(new Map([[text, schema]]), serializerSchema).get(text))
  }
}

/** What src/plugins/validation.ts reads of the build's Map: its size (not empty) and a factory by schema text. */
export const PRECOMPILED_SERIALIZERS = { size: 1, get: factory }
