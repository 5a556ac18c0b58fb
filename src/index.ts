// Package entry: startEmulator for a listening emulator inside a test suite, buildApp for inject-style use.
export { startEmulator, type EmulatorOptions, type RunningEmulator, type DemoKeys } from './emulator.js'
export { buildApp, type BuildOptions } from './app.js'
export { loadConfig, resolveConfig, ConfigError, type Config } from './config.js'
export { createClock, type Clock } from './lib/clock.js'
