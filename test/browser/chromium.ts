// What every browser test shares: Debian's chromium and the flags it runs with here, where screenshots go, and the
// rule for a machine without chromium (a failure under CI or REQUIRE_BROWSER=1, else one visible skip line).
import { existsSync } from 'node:fs'
import type { Test } from 'tap'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const ARTEFACTS = new URL('../../.tap/artefacts/', import.meta.url)
/** Without the background-networking flags chromium's connections are refused by this closed network. */
export const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync']

/** True when chromium is there; otherwise says so on `t` (a failure where it is required) and answers false. */
export function chromiumAvailable (t: Test): boolean {
  if (existsSync(CHROMIUM)) return true
  const required = process.env.CI === 'true' || process.env.REQUIRE_BROWSER === '1'
  if (required) t.fail(`chromium is missing at ${CHROMIUM}: .ci/run installs Debian's chromium`)
  else t.comment(`# SKIP browser test: no chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`)
  return false
}
