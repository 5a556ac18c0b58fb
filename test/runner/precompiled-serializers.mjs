// src/plugins/precompiled-serializers.ts in test processes (test/runner/resolve-hooks.mjs resolves it here): the same
// table the build puts in the bundle, fast-json-stringify's standalone code of each response schema from
// scripts/precompile-serializers.mjs, so a test process compiles no serializer (a page's was the largest part of a
// first answer) and the tests run the serializers the shipped server runs. The build makes the table from every route
// at once; here each schema's code is made the first time a test process needs it and kept (standalone-cache.mjs),
// keyed by the form the server serialises with (src/plugins/validation.ts serializerSchema), fast-json-stringify's
// version and the text of scripts/precompile-serializers.mjs (which sets fast-json-stringify's options).
import { serializerSchema } from '../../src/plugins/validation.js'
import { standaloneSerializers } from '../../scripts/precompile-serializers.mjs'
import { cachedModule, sourcesDigest, versionsOf } from './standalone-cache.mjs'

const VERSIONS = versionsOf(['fast-json-stringify'])
/** The files whose text the code depends on beyond the package and the serialised form. */
export const SERIALIZER_SOURCES = ['scripts/precompile-serializers.mjs']

/** The cache key of the serializer of the schema whose JSON text is `text`. */
export const serializerKey = (text) => [VERSIONS, sourcesDigest(SERIALIZER_SOURCES), JSON.stringify(serializerSchema(JSON.parse(text)))]
const isSerializer = (exports) => typeof exports === 'function'

/** The factory of the serializer of the schema whose JSON text is `text`, as the build's table holds it. */
function factory (text) {
  return () => {
    const make = () => standaloneSerializers(new Map([[text, JSON.parse(text)]]), serializerSchema).get(text)
    // The standalone code sets module.exports to the serializer.
    return cachedModule('serializers', serializerKey(text), make, isSerializer)
  }
}

/** What src/plugins/validation.ts reads of the build's Map: its size (not empty) and a factory by schema text. */
export const PRECOMPILED_SERIALIZERS = { size: 1, get: factory }
