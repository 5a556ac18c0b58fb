// The configuration's front door: what the rest of src/ imports from this folder. Its declarations name no schema
// library (the package's public types come through here); the schemas are compat-schema.ts's and settings.ts's.
export { loadConfig, resolveConfig, ConfigError } from './load.js'
export type { Config, ConfigOptions } from './types.js'
export type { Compat, PartialCompat } from './compat.js'
export { describeVariable, unknownVariableWarnings } from './variables.js'
export { BUNDLED_FIXTURES, MINIMAL_FIXTURES, fixturesFolder } from '../package-files.js'
