// The one rule of the test runner's bundles (typebox, tap, semver): a stale bundle is removed before a new one is
// made, and a failed one is removed too, so the test processes then load the package itself and the run goes on,
// only slower.
import { rmSync } from 'node:fs'
import process from 'node:process'

/** Makes the bundle in `out` unless `isCurrent()`; on failure, none, and one line naming what the tests load instead. */
export async function refreshBundle (out, isCurrent, make, name) {
  try {
    if (isCurrent()) return
    rmSync(out, { recursive: true, force: true })
    await make()
  } catch (error) {
    rmSync(out, { recursive: true, force: true })
    process.stderr.write(`test/runner/${name}-bundle.mjs: no ${name} bundle, the tests load node_modules/${name} (${error.message})\n`)
  }
}
