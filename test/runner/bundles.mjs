// Run by tap before the test files (package.json "tap.before"): the dependencies the test processes load as one
// module each, typebox, tap itself and semver (each file says why); test/runner/resolve-hooks.mjs resolves to them.
await import('./typebox-bundle.mjs')
await import('./tap-bundle.mjs')
await import('./semver-bundle.mjs')
