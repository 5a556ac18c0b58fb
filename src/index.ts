// Package entry: startEmulator for a listening emulator inside a test suite, buildApp for inject-style use.
export { startEmulator, type EmulatorOptions, type RunningEmulator, type DemoKeys } from './emulator.js'
export { buildApp, type BuildOptions } from './app.js'
export type { ShadowSource } from './schemas/shadow-report.js'
// Straight from the configuration's TypeBox-free modules, so these declarations name no schema library.
export { loadConfig, resolveConfig, ConfigError } from './config/load.js'
export type { Config, ConfigOptions } from './config/types.js'
export { BUNDLED_FIXTURE_SETS } from './package-files.js'
export { DEFAULT_COMPAT, type Compat, type PartialCompat } from './config/compat.js'
export { createClock, type Clock } from './lib/clock.js'
export {
  HarnessError, ShadowDifferencesError, shadowHelpers, type HarnessHelpers, type ShadowHelpers, type ShadowReport, type ShadowOperation,
  type ShadowDifference, type ShadowFailure, type ShadowState, type ShadowAcceptedDifference, type ShadowKey, type ShadowRequestRef, type CreateWorkspaceOptions, type ProvisionedWorkspace, type Snapshot, type FaultRule,
  type FaultSettingsInput, type DriftSettingsInput, type RequestQuery, type JournaledRequest, type JournaledBody,
  type StubRule, type Stub, type CompatSettings, type InviteRecord, type JournaledFault, type JournaledMcp, type ClockState,
  type CreateKeyOptions, type AdminKey, type CreatedKey, type WorkspaceReset
} from './harness-client.js'
