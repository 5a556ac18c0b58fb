// Compiled code that test processes share through node_modules/.cache: a module's CommonJS text, made by the first
// process that needs it and required by every later one, under a name that is the hash of everything the text depends
// on (test/runner/precompiled-validators.mjs and precompiled-serializers.mjs say what that is for theirs).
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import process from 'node:process'

const ROOT = join(import.meta.dirname, '../..')
const CACHE = join(ROOT, 'node_modules/.cache/drawing-api-emulator/standalone')
// The cached files require the runtime helpers of the packages that wrote them (ajv's, fast-json-stringify's): from here,
// the repository's node_modules, the copies the app itself loads.
const require = createRequire(join(ROOT, 'package.json'))
const readVersion = (name) => require(`${name}/package.json`).version

/** The installed versions of `names`, for a key: another version may write other code. */
export const versionsOf = (names) => Object.fromEntries(names.map((name) => [name, readVersion(name)]))

/**
 * The exports of the CommonJS text `make()` writes for `key` (a JSON-able value naming all its text depends on): the
 * cached file when there is one, else written now (through a temporary name, so a process never reads half a file).
 */
export function cachedModule (kind, key, make) {
  const file = join(CACHE, kind, `${createHash('sha256').update(JSON.stringify(key)).digest('hex')}.cjs`)
  if (!existsSync(file)) {
    mkdirSync(join(CACHE, kind), { recursive: true })
    writeFileSync(`${file}.${process.pid}.tmp`, make())
    renameSync(`${file}.${process.pid}.tmp`, file)
  }
  return require(file)
}
