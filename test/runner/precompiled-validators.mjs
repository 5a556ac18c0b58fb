// src/plugins/precompiled-validators.ts in test processes (test/runner/resolve-hooks.mjs resolves it here): the same
// table the build puts in the bundle, ajv's standalone code of each query, path and header schema from
// scripts/precompile-validators.mjs, so a test process neither compiles those validators nor, for most files, makes
// the coercing engine; and the tests run the validators the shipped server runs. The build makes the table from every
// route at once; here each schema's code is made the first time a test process needs it and kept (standalone-cache.mjs),
// keyed by the schema's text, the coercing engine's options (src/lib/ajv.ts) and ajv's and ajv-formats' versions.
import { AJV_OPTIONS } from '../../src/lib/ajv.js'
import { standaloneCode } from '../../scripts/precompile-validators.mjs'
import { cachedModule, versionsOf } from './standalone-cache.mjs'

const OPTIONS = { ...AJV_OPTIONS, coerceTypes: 'array' }
const VERSIONS = versionsOf(['ajv', 'ajv-formats'])

/** The validator of the schema whose JSON text is `text`, as the build compiles it (its standalone code sets `v0`). */
function validator (text) {
  return cachedModule('validators', [VERSIONS, OPTIONS, text], () => standaloneCode(new Map([[text, JSON.parse(text)]]), OPTIONS).code).v0
}

/** What src/plugins/validation.ts reads of the build's Map: its size (not empty) and a validator by schema text. */
export const PRECOMPILED = { size: 1, get: validator }
