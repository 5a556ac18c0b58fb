/* global process, console */
// Trims a production node_modules for the container image (run by the Dockerfile's `deps` stage after
// `npm ci --omit=dev`; plain Node, no dependencies). Every step is a no-op for packages that are not installed, so
// this file can sit ahead of dependencies that have not landed yet.
//
//   1. Packages nothing loads at run time. The production tree is walked from the app's own dependencies with
//      Node's resolution rules; two packages declare more than they load:
//        - @excalidraw/utils: dist/prod/index.js is a self-contained bundle (pako, roughjs, perfect-freehand, ...
//          are inlined), so its declared dependencies are only kept if the bundle names them in an import/require;
//        - better-sqlite3: node-addon-api is C++ headers for compiling the addon, lib/ never requires it.
//      Whatever the walk does not reach is removed.
//   2. The scene renderer's unused parts: @excalidraw/utils' development build and type declarations and every
//      font in dist/prod/assets except the ones the renderer loads (KEEP_FONTS); @resvg/resvg-js' native packages
//      for other platforms than this one.
//   3. What no package loads: type declarations, TypeScript sources, source maps, READMEs/CHANGELOGs (licences
//      stay) and package-root test/, docs/, example(s)/, benchmark(s)/ folders that the package's manifest does
//      not point into. The assets @fastify/swagger-ui serves are left whole.
//   4. Proof: every dependency of the app that could be imported before the prune is imported again, each in a
//      fresh process, and the files the renderer needs are checked. Any failure exits 1 (and fails the build).
//
// Usage: node prune-modules.mjs [app dir, default .]
import { spawnSync } from 'node:child_process'
import { existsSync, lstatSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'

const APP = process.argv[2] ?? '.'
const NM = join(APP, 'node_modules')
const KEEP_FONTS = ['Virgil.ttf', 'Liberation Sans.ttf']
const SERVED = join(NM, '@fastify/swagger-ui/static')
const JUNK_FILE = /(\.d\.[cm]?ts|\.[cm]?ts|\.map|^(readme|changelog|history)\.(md|markdown))$/i
const JUNK_DIRS = ['test', 'tests', '__tests__', 'docs', 'doc', 'example', 'examples', 'benchmark', 'benchmarks', 'bench', '.github']
// package -> [main file to scan or null for all of lib/, dependencies it may not need at run time (null: all)]
const NARROWER = {
  '@excalidraw/utils': ['dist/prod/index.js', null],
  'better-sqlite3': [null, ['node-addon-api']]
}
/** The SDK entry point src/api/v1/mcp imports (its only one); the proof step imports it after the prune. */
const SDK_MODULES = ['@modelcontextprotocol/server']

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'))

function sizeOf (path) {
  const st = lstatSync(path, { throwIfNoEntry: false })
  if (!st) return 0
  if (!st.isDirectory()) return st.size
  return readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0)
}

let removed = 0
function remove (path, why) {
  const bytes = sizeOf(path)
  if (bytes === 0 && !existsSync(path)) return
  removed += bytes
  rmSync(path, { recursive: true, force: true })
  if (why) console.log(`prune: ${relative(APP, path)} (${(bytes / 1e6).toFixed(2)} MB, ${why})`)
}

/** Every installed package directory, nested node_modules included. */
function packageDirs (nm = NM, out = []) {
  if (!existsSync(nm)) return out
  for (const name of readdirSync(nm)) {
    if (name.startsWith('.')) continue
    const dir = join(nm, name)
    if (name.startsWith('@')) { packageDirs(dir, out); continue }
    if (!existsSync(join(dir, 'package.json'))) continue
    out.push(dir)
    packageDirs(join(dir, 'node_modules'), out)
  }
  return out
}

/** Node's lookup: <dir>/node_modules/<name>, then each parent's, up to the app's. */
function resolveFrom (dir, name) {
  for (let at = dir; ; at = dirname(at)) {
    const candidate = join(at, 'node_modules', name)
    if (existsSync(join(candidate, 'package.json'))) return candidate
    if (relative(APP, at) === '' || at === dirname(at)) return null
  }
}

/** The bare specifiers a package's runtime files import or require. */
function specifiersIn (dir, mainFile) {
  const files = mainFile ? [join(dir, mainFile)] : jsFiles(join(dir, 'lib'))
  const found = new Set()
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*)["']([^"'./][^"']*)["']/g
  for (const file of files) {
    if (!existsSync(file)) return null // not the layout we know: keep every dependency
    for (const m of readFileSync(file, 'utf8').matchAll(pattern)) found.add(m[1].split('/').slice(0, m[1].startsWith('@') ? 2 : 1).join('/'))
  }
  return found
}

function jsFiles (dir) {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? jsFiles(join(dir, e.name)) : /\.[cm]?js$/.test(e.name) ? [join(dir, e.name)] : [])
}

function runtimeDependencies (dir, manifest) {
  const declared = [...new Set(Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies, ...manifest.peerDependencies }))]
  const narrower = NARROWER[manifest.name]
  if (!narrower) return declared
  const [mainFile, candidates] = narrower
  const used = specifiersIn(dir, mainFile)
  if (!used) return declared
  return declared.filter((name) => used.has(name) || (candidates && !candidates.includes(name)))
}

function pruneUnreachable () {
  const reachable = new Set()
  const queue = [APP]
  while (queue.length > 0) {
    const dir = queue.shift()
    const manifest = readJson(join(dir, 'package.json'))
    const deps = dir === APP
      ? Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies })
      : runtimeDependencies(dir, manifest)
    for (const name of deps) {
      const target = resolveFrom(dir, name)
      if (target && !reachable.has(target)) { reachable.add(target); queue.push(target) }
    }
  }
  for (const dir of packageDirs()) {
    if (!reachable.has(dir) && existsSync(dir)) remove(dir, 'not loaded at run time')
  }
}

function pruneRenderer () {
  const utils = join(NM, '@excalidraw/utils')
  if (existsSync(utils)) {
    remove(join(utils, 'dist/dev'), 'development build')
    remove(join(utils, 'dist/types'), 'type declarations')
    const assets = join(utils, 'dist/prod/assets')
    if (existsSync(assets)) {
      for (const font of readdirSync(assets)) if (!KEEP_FONTS.includes(font)) remove(join(assets, font), 'font the renderer does not load')
    }
  }
  const resvg = join(NM, '@resvg')
  if (existsSync(resvg)) {
    const here = `resvg-js-${platformSuffix()}`
    for (const name of readdirSync(resvg)) {
      if (name.startsWith('resvg-js-') && name !== here) remove(join(resvg, name), `not this platform (${here})`)
    }
  }
}

function platformSuffix () {
  const { platform, arch } = process
  if (platform !== 'linux') return `${platform}-${arch}`
  const glibc = process.report?.getReport()?.header?.glibcVersionRuntime
  return `${platform}-${arch}-${glibc ? 'gnu' : 'musl'}`
}

function pruneJunk () {
  for (const dir of packageDirs()) {
    const manifestText = readFileSync(join(dir, 'package.json'), 'utf8')
    for (const name of JUNK_DIRS) {
      const sub = join(dir, name)
      if (existsSync(sub) && statSync(sub).isDirectory() && !manifestText.includes(`"${name}/`) && !manifestText.includes(`"./${name}/`)) remove(sub)
    }
  }
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, e.name)
      if (path === SERVED) continue
      if (e.isDirectory()) { walk(path); if (readdirSync(path).length === 0) rmSync(path, { recursive: true }) } else if (JUNK_FILE.test(e.name)) remove(path)
    }
  }
  walk(NM)
}

function importable () {
  const manifest = readJson(join(APP, 'package.json'))
  const names = Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies })
  return new Set(names.filter(canImport))
}

function canImport (name) {
  return spawnSync(process.execPath, ['--input-type=module', '-e', `await import(${JSON.stringify(name)})`],
    { cwd: APP, stdio: 'ignore', env: { ...process.env, NODE_ENV: 'production' } }).status === 0
}

function check (before) {
  const problems = []
  const after = importable()
  for (const name of before) if (!after.has(name)) problems.push(`${name} no longer imports`)
  const utils = join(NM, '@excalidraw/utils')
  if (existsSync(utils)) {
    for (const file of ['dist/prod/index.js', ...KEEP_FONTS.map((f) => `dist/prod/assets/${f}`)]) {
      if (!existsSync(join(utils, file))) problems.push(`@excalidraw/utils/${file} is missing`)
    }
  }
  if (existsSync(join(NM, '@modelcontextprotocol/server'))) {
    for (const name of SDK_MODULES) if (!canImport(name)) problems.push(`${name} no longer imports`)
  }
  if (existsSync(join(NM, '@resvg/resvg-js')) && !existsSync(join(NM, `@resvg/resvg-js-${platformSuffix()}`))) {
    problems.push(`@resvg/resvg-js-${platformSuffix()} is missing`)
  }
  return { problems, imported: [...after] }
}

const total = sizeOf(NM)
const before = importable()
pruneUnreachable()
pruneRenderer()
pruneJunk()
rmSync(join(NM, '.package-lock.json'), { force: true }) // npm's cache of the tree, stale now; nothing reads it at run time
const { problems, imported } = check(before)
console.log(`prune: node_modules ${(total / 1e6).toFixed(1)} MB -> ${(sizeOf(NM) / 1e6).toFixed(1)} MB (${(removed / 1e6).toFixed(1)} MB removed)`)
console.log(`prune: imports after the prune: ${imported.sort().join(', ')}`)
if (problems.length > 0) {
  for (const p of problems) console.error(`prune: FAIL ${p}`)
  process.exit(1)
}
