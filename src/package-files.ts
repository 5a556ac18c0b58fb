// Files the package ships, found from this module's own place: the same from src/ (tests) and from the bundle in
// dist/ (a module below src/ cannot find files through import.meta.url once bundled, so these live at the root).
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** True in a checkout of the repository (src/ beside dist/); an installed package has no src/. */
export const RUNS_FROM_CHECKOUT = existsSync(fileURLToPath(new URL('../src', import.meta.url)))

/** The bundled demo workspace set. */
export const BUNDLED_FIXTURES = fileURLToPath(new URL('../fixtures/default', import.meta.url))
export const MINIMAL_FIXTURES = fileURLToPath(new URL('../fixtures/minimal', import.meta.url))
/** The fixture sets that ship with the emulator, by the names EMULATOR_FIXTURES and `fixturesDir` accept. */
export const BUNDLED_FIXTURE_SETS: Readonly<Record<string, string>> = Object.freeze({ default: BUNDLED_FIXTURES, minimal: MINIMAL_FIXTURES })

/** A bundled set's name (`default`, `minimal`) is that set; anything else is a folder (`./default` for one of that name). */
export function fixturesFolder (value: string): string {
  return Object.hasOwn(BUNDLED_FIXTURE_SETS, value) ? BUNDLED_FIXTURE_SETS[value] : value
}
/** The scene editor's browser bundle (scripts/bundle-editor.mjs); the same folder from src/ and dist/: `npm run build` writes it. */
export const EDITOR_ASSETS = fileURLToPath(new URL('../dist/ui-editor/', import.meta.url))
/** The demo page's script (scripts/bundle-page.mjs), served as /_emulator/ui/app.js: `npm run build` writes it. */
export const PAGE_SCRIPT = fileURLToPath(new URL('../dist/ui-page/app.js', import.meta.url))
/** Digests of the fixture sets `npm run build` checked (harness/verified-fixtures.ts); absent when run from src/. */
export const VERIFIED_FIXTURES_FILE = fileURLToPath(new URL('./verified-fixtures.json', import.meta.url))
/** Database images of the bundled fixture sets, made by `npm run build` (harness/fixture-images.ts); absent from src/. */
export const FIXTURE_IMAGES_DIR = fileURLToPath(new URL('./fixture-images/', import.meta.url))
