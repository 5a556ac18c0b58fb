// Compiled code that test processes share through node_modules/.cache: a module's CommonJS text, made by the first
// process that needs it and required by every later one, under a name that is the hash of everything the text depends
// on (test/runner/precompiled-validators.mjs and precompiled-serializers.mjs say what that is for theirs).
import { createHash, randomUUID } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'

const ROOT = join(import.meta.dirname, '../..')
const CACHE = join(ROOT, 'node_modules/.cache/drawing-api-emulator/standalone')
// The cached files require the runtime helpers of the packages that wrote them (ajv's, fast-json-stringify's): from here,
// the repository's node_modules, the copies the app itself loads.
const require = createRequire(join(ROOT, 'package.json'))
const readVersion = (name) => require(`${name}/package.json`).version
const sha256 = (text) => createHash('sha256').update(text).digest('hex')

/** The installed versions of `names`, for a key: another version may write other code. */
export const versionsOf = (names) => Object.fromEntries(names.map((name) => [name, readVersion(name)]))

const digests = new Map()
/**
 * A sha256 of the text of the files at `paths` (from the repository root), for a key: the code that writes an entry
 * (a generator script, the engine's set-up) may change while every package version stays. Read once per process.
 */
export function sourcesDigest (paths) {
  const id = JSON.stringify(paths)
  if (!digests.has(id)) digests.set(id, sha256(paths.map((path) => readFileSync(join(ROOT, path), 'utf8')).join('\0')))
  return digests.get(id)
}

/** The cache file of `kind` for `key`. */
export const entryFile = (kind, key) => join(CACHE, kind, `${sha256(JSON.stringify(key))}.cjs`)

/** Writes `text` to `file` through a temporary name (so a process never reads half a file) unique across hosts. */
function writeEntry (file, text) {
  mkdirSync(join(file, '..'), { recursive: true })
  // A pid alone is not unique: two containers sharing node_modules may both run a process 42.
  const temp = `${file}.${randomUUID()}.tmp`
  writeFileSync(temp, text)
  renameSync(temp, file)
}

/** The exports of `file`, or undefined when it fails to load or `valid` refuses them (a truncated or empty entry). */
function load (file, valid) {
  try {
    const exports = require(file)
    if (valid(exports)) return exports
  } catch {
    // A truncated entry fails to parse: the caller writes it again, so the error says nothing a reader needs.
  }
  delete require.cache[file]
  return undefined
}

/**
 * The exports of the CommonJS text `make()` writes for `key` (a JSON-able value naming all its text depends on): the
 * cached file when there is one and it loads with exports `valid` accepts, else written now. A corrupt entry (a process
 * killed mid-write on a file system without atomic rename, a disk full) is written again once, so it breaks one use,
 * not every later run.
 */
export function cachedModule (kind, key, make, valid) {
  const file = entryFile(kind, key)
  if (existsSync(file)) {
    const exports = load(file, valid)
    if (exports !== undefined) return exports
    rmSync(file, { force: true })
  }
  writeEntry(file, make())
  const exports = load(file, valid)
  if (exports === undefined) throw new Error(`${file}: the code just written does not load as a ${kind} module`)
  return exports
}
