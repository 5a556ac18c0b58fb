// The configuration's front door: what the rest of src/ imports from this folder. Its declarations name no schema
// library (the package's public types come through here); the schemas are compat-schema.ts's and settings.ts's.
export { loadConfig, resolveConfig, ConfigError } from './load.js'
export type { Config, ConfigOptions, LogLevel } from './types.js'
export { COMPAT_NAMES, DEFAULT_COMPAT, parseCompatList, readSwitchValues, type Compat, type CompatName, type PartialCompat } from './compat.js'
export { describeVariable, unknownVariableWarnings } from './variables.js'
export { CLI_OPTIONS, helpText, type CliOption } from './cli-options.js'
export { BUNDLED_FIXTURES, BUNDLED_FIXTURE_SETS, EDITOR_ASSETS, MINIMAL_FIXTURES, VERIFIED_FIXTURES_FILE, fixturesFolder } from '../package-files.js'
