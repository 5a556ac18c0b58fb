// Package entry: startEmulator for a listening emulator inside a test suite, buildApp for inject-style use.
import { buildApp as buildFastifyApp } from './app.js'
import { resolveConfig } from './config/load.js'
import { startEmulator as startListening } from './emulator.js'
import type { BuildOptions, EmulatorApp, EmulatorOptions, RunningEmulator } from './emulator-types.js'

// Declared with the package's own types (emulator-types.ts), so that the declarations a consumer's type-check reads
// from here never reach Fastify's (the assignments check that the app is what EmulatorApp says).
/**
 * Starts an emulator inside a Node process (a test suite's setup), on a random free port by default.
 * @example const emulator = await startEmulator(); … fetch(`${emulator.apiUrl}/scenes`, …); await emulator.close()
 */
export const startEmulator: (options?: EmulatorOptions) => Promise<RunningEmulator> = startListening
/**
 * The app without listening, for inject-style tests: `await (await buildApp()).inject({ url: '/_emulator/health' })`.
 * Silent unless `config.logLevel` says otherwise, as startEmulator is: a test's output is the test's, not a line per request.
 */
export const buildApp: (options?: BuildOptions) => Promise<EmulatorApp> = async ({ config, ...seams } = {}) =>
  buildFastifyApp(resolveConfig({ logLevel: 'silent', ...config }), seams)
export type { BuildOptions, DemoKeys, EmulatorApp, EmulatorOptions, InjectRequest, InjectResponse, RunningEmulator } from './emulator-types.js'
export type { ShadowSource } from './schemas/shadow-report.js'
// Straight from the configuration's TypeBox-free modules, so these declarations name no schema library.
export { loadConfig, resolveConfig, ConfigError } from './config/load.js'
export type { Config, ConfigOptions } from './config/types.js'
export { BUNDLED_FIXTURE_SETS } from './package-files.js'
export { DEFAULT_COMPAT, type Compat, type PartialCompat } from './config/compat.js'
export { createClock, type Clock } from './lib/clock.js'
export {
  HarnessError, ShadowDifferencesError, shadowHelpers, CoverageGapsError, coverageHelpers, type CoverageHelpers, type CoverageReport,
  type OperationCoverage, type CoverageRequirements, type CoverageGap, type CoverageCheck, type HarnessHelpers, type ShadowHelpers, type ShadowReport,
  type ShadowOperation, type ShadowDifference, type ShadowFailure, type ShadowState, type ShadowAcceptedDifference, type ShadowKey, type ShadowRequestRef,
  type CreateWorkspaceOptions, type ProvisionedWorkspace, type Snapshot, type FaultRule,
  type FaultSettingsInput, type DriftSettingsInput, type RequestQuery, type JournaledRequest, type JournaledBody,
  type StubRule, type Stub, type CompatSettings, type InviteRecord, type JournaledFault, type JournaledMcp, type ClockState,
  type CreateKeyOptions, type AdminKey, type CreatedKey, type WorkspaceReset
} from './harness-client.js'
