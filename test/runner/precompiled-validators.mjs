// src/plugins/precompiled-validators.ts in test processes (test/runner/resolve-hooks.mjs resolves it here): the same
// table the build puts in the bundle, ajv's standalone code of each query, path and header schema from
// scripts/precompile-validators.mjs, so a test process neither compiles those validators nor, for most files, makes
// the coercing engine; and the tests run the validators the shipped server runs. The build makes the table from every
// route at once; here each schema's code is made the first time a test process needs it and kept (standalone-cache.mjs),
// keyed by the schema's text, the coercing engine's options (src/lib/ajv.ts), ajv's and ajv-formats' versions, and the
// text of the code that makes it (the generator script and src/lib/ajv.ts, whose createAjv sets the engine up).
import { AJV_OPTIONS } from '../../src/lib/ajv.js'
import { standaloneCode } from '../../scripts/precompile-validators.mjs'
import { cachedModule, sourcesDigest, versionsOf } from './standalone-cache.mjs'

const OPTIONS = { ...AJV_OPTIONS, coerceTypes: 'array' }
const VERSIONS = versionsOf(['ajv', 'ajv-formats'])
/** The files whose text the code depends on beyond the packages and the options. */
export const VALIDATOR_SOURCES = ['scripts/precompile-validators.mjs', 'src/lib/ajv.ts']

/** The cache key of the validator of the schema whose JSON text is `text`. */
export const validatorKey = (text) => [VERSIONS, sourcesDigest(VALIDATOR_SOURCES), OPTIONS, text]
const isModule = (exports) => typeof exports?.v0 === 'function'

/** The validator of the schema whose JSON text is `text`, as the build compiles it (its standalone code sets `v0`). */
function validator (text) {
  return cachedModule('validators', validatorKey(text), () => standaloneCode(new Map([[text, JSON.parse(text)]]), OPTIONS).code, isModule).v0
}

/** What src/plugins/validation.ts reads of the build's Map: its size (not empty) and a validator by schema text. */
export const PRECOMPILED = { size: 1, get: validator }
