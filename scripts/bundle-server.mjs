// Part of `npm run build`, after tsc: bundles what the package runs into a few files, so that installing it pulls
// almost nothing (README, Install). Three entries share their code through chunk-*.js files beside them:
//   dist/server.js   what `npm start` and the image run (src/start.ts: the compile cache on, then src/server.ts);
//   dist/index.js    the library (startEmulator, buildApp, ...) a test suite imports;
//   dist/cli.js      the `drawing-api-emulator` command;
// plus dist/testcontainers.js (the Testcontainers module, `drawing-api-emulator/testcontainers`) and its .d.ts.
// Node loads modules file by file, and resolving, reading and compiling some 1,200 of them (typebox alone has 680)
// was most of the start-up; one file is read and compiled once. What is imported on demand (the MCP SDK, the docs
// app, the renderer plugin's module) goes to chunks read on first use.
//
// Every package the sources import is bundled, except the ones that cannot be (RUN_TIME_PACKAGES, each with its
// reason): those, and the optional peers needed for their types alone (TYPES_ONLY_PACKAGES), are the package's
// `dependencies` and `peerDependencies`; everything bundled is a devDependency. The build fails when package.json
// and this rule disagree, naming the package and what to do.
//   node scripts/bundle-server.mjs [outdir]   (default dist/; the smoke test bundles into a folder of its own)
import { createHash } from 'node:crypto'
import { chmodSync, copyFileSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import console from 'node:console'
import process from 'node:process'
import { URL, fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { precompiledSerializersModule } from './precompile-serializers.mjs'
import { precompiledValidatorsModule } from './precompile-validators.mjs'
import { lazyRouterCode } from './lazy-router-code.mjs'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const SRC = join(ROOT, 'src')
// The folder must sit at the depth of dist/: bundled modules find ../fixtures and ../package.json from it.
const OUT_DIR = resolve(process.argv[2] ?? join(ROOT, 'dist'))

/** Packages loaded from node_modules at run time, and why each cannot be bundled. */
const RUN_TIME_PACKAGES = {
  'better-sqlite3': 'a native addon (its package holds the prebuilt binary for each platform)',
  '@resvg/resvg-js': 'the renderer (optional peer): a native addon per platform',
  'jsdom': 'the renderer (optional peer): loaded by the render worker thread, reads files next to itself',
  '@excalidraw/utils': 'the renderer (optional peer): loaded by the render worker thread with its fonts',
  '@fastify/swagger-ui': 'the interactive /docs page (optional peer): serves the files next to itself',
  'testcontainers': 'the Testcontainers module (optional peer): the user\'s own copy, whose engine settings apply'
}

/**
 * Optional peers for their types alone: the code is bundled, the declarations name the package's types. None: the
 * public types are the package's own (src/emulator-types.ts), so a consumer's type-check needs nothing else.
 */
const TYPES_ONLY_PACKAGES = {}

/**
 * Package files a module loads by path (`import.meta.resolve('<file>')`, e.g. as a worker thread's script), copied
 * into dist/vendor/ with the package's licence, so the package need not install all of it: in the bundle each such
 * call names the copy instead. elkjs: create_diagram's layout engine (mcp/core/elk.ts) needs its 1.6 MB
 * single-file build of the 7.9 MB package.
 */
const VENDORED_FILES = { 'elkjs/lib/elk.bundled.js': 'LICENSE.md' }
/** The copy's path below dist/vendor/: CommonJS files become .cjs, as the package is an ES module one. */
const vendoredPath = (file) => file.replace(/\.js$/, '.cjs')

/**
 * Own folders kept as tsc wrote them, imported from the bundle at run time: their modules find files next to
 * themselves through import.meta.url, which in a bundle would name the bundle's folder instead.
 */
const KEPT_FOLDERS = ['render']

/** As long as a sha256 in hex, so stamping the digest in its place moves no column the source maps name. */
const BUILD_ID_PLACEHOLDER = 'emulator-build-id-placeholder'.padEnd(64, '-')

/**
 * Replaces the build id placeholder in the bundle's files with the digest of those files (placeholder in place): the
 * same sources give the same id, and any change to what was bundled (code, migrations, bundled packages) another one.
 * It does not cover what loads from node_modules (better-sqlite3 and its SQLite): a fixture image's key adds the
 * SQLite version itself (src/harness/fixture-images.ts).
 */
function stampBuildId (files) {
  const hash = createHash('sha256')
  for (const file of [...files].sort()) hash.update(relative(OUT_DIR, file)).update('\0').update(readFileSync(file)).update('\0')
  const id = hash.digest('hex')
  for (const file of files) {
    const text = readFileSync(file, 'utf8')
    if (text.includes(BUILD_ID_PLACEHOLDER)) writeFileSync(file, text.replaceAll(BUILD_ID_PLACEHOLDER, id))
  }
}

const packageOf = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/')
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))

/** package.json against RUN_TIME_PACKAGES: the one place a wrong section is caught, with the fix named. */
function checkManifest () {
  const problems = []
  for (const name of Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies })) {
    if (!(name in RUN_TIME_PACKAGES) && !(name in TYPES_ONLY_PACKAGES)) problems.push(`${name} is a dependency of the package, but the bundle carries it: move it to devDependencies (npm install -D ${name}), or, if it must load from node_modules, add it with the reason to RUN_TIME_PACKAGES in scripts/bundle-server.mjs`)
  }
  for (const name of Object.keys(TYPES_ONLY_PACKAGES)) {
    if (!manifest.peerDependenciesMeta?.[name]?.optional || !manifest.devDependencies?.[name]) problems.push(`${name} is needed for its types only: an optional peer dependency, and a devDependency (the bundle carries its code)`)
  }
  for (const name of Object.keys(RUN_TIME_PACKAGES)) {
    if (!(name in { ...manifest.dependencies, ...manifest.peerDependencies })) problems.push(`${name} loads from node_modules at run time but package.json does not declare it in dependencies or peerDependencies`)
  }
  return problems
}

/**
 * Imports of the kept folders' compiled files: a package loads from node_modules, so it must be declared; an own
 * module outside the kept folders loads from dist/ as tsc wrote it, so package.json's `files` must name it.
 */
function undeclaredKeptImports () {
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*)["']([^"']+)["']/g
  const problems = []
  for (const folder of KEPT_FOLDERS) {
    const dir = join(ROOT, 'dist', folder)
    for (const file of readdirSync(dir, { recursive: true }).filter((name) => /\.m?js$/.test(name))) {
      for (const [, specifier] of readFileSync(join(dir, file), 'utf8').matchAll(pattern)) {
        if (specifier.startsWith('.')) {
          const target = relative(ROOT, resolve(dir, dirname(file), specifier)).split(sep).join('/')
          const inKept = KEPT_FOLDERS.some((kept) => target.startsWith(`dist/${kept}/`))
          if (!inKept && !manifest.files.includes(target)) problems.push(`dist/${folder}/${file} imports ${target}: add it to package.json's files`)
          continue
        }
        const name = packageOf(specifier)
        if (!specifier.startsWith('node:') && !(name in RUN_TIME_PACKAGES)) problems.push(`dist/${folder}/${file} imports ${name} at run time: declare it (RUN_TIME_PACKAGES and package.json)`)
      }
    }
  }
  return problems
}

/** The routes' query, path and header validators compiled now (precompile-validators.mjs), set before bundling. */
let precompiledValidators
/** The routes' response serializers compiled now (precompile-serializers.mjs), set before bundling. */
let precompiledSerializers

const layout = {
  name: 'emulator-layout',
  setup (esbuild) {
    // The bundle's table of validators compiled at build, in place of the empty one the sources hold.
    esbuild.onLoad({ filter: /[\\/]src[\\/]plugins[\\/]precompiled-validators\.ts$/ }, () =>
      ({ contents: precompiledValidators, loader: 'js', resolveDir: join(SRC, 'plugins') }))
    // Its build id: a placeholder here, the digest of the bundle's files once they are written (stampBuildId).
    esbuild.onLoad({ filter: /[\\/]src[\\/]lib[\\/]build-id\.ts$/ }, () =>
      ({ contents: `export const BUILD_ID = ${JSON.stringify(BUILD_ID_PLACEHOLDER)}`, loader: 'js' }))
    // And its table of response serializers compiled at build.
    esbuild.onLoad({ filter: /[\\/]src[\\/]plugins[\\/]precompiled-serializers\.ts$/ }, () =>
      ({ contents: precompiledSerializers, loader: 'js', resolveDir: join(SRC, 'plugins') }))
    esbuild.onResolve({ filter: /^[^./]/ }, ({ path }) =>
      path.startsWith('node:') || packageOf(path) in RUN_TIME_PACKAGES ? { path, external: true } : undefined)
    esbuild.onResolve({ filter: /^\./ }, ({ path, resolveDir, importer }) => {
      if (!importer.startsWith(SRC)) return undefined
      const target = join(resolveDir, path).replace(/\.js$/, '.ts')
      if (!KEPT_FOLDERS.includes(relative(SRC, target).split(sep)[0])) return undefined
      // tsc wrote it to the same place under dist/ as it has under src/.
      const compiled = join(ROOT, 'dist', relative(SRC, target)).replace(/\.ts$/, '.js')
      return { path: './' + relative(OUT_DIR, compiled).split(sep).join('/'), external: true }
    })
    // A bundled module below src/ that reads import.meta.url would look for its files in the wrong folder.
    esbuild.onLoad({ filter: /\.ts$/ }, ({ path }) => {
      const source = readFileSync(path, 'utf8')
      if (dirname(path) !== SRC && source.includes('import.meta.url')) {
        return { errors: [{ text: `${relative(ROOT, path)} uses import.meta.url: add its folder to KEPT_FOLDERS in scripts/bundle-server.mjs` }] }
      }
      // The bundle's modules sit in dist/ itself, so the copy is ./vendor/<file> from each of them.
      const contents = Object.keys(VENDORED_FILES).reduce((text, file) =>
        text.replaceAll(`import.meta.resolve('${file}')`, `new URL('./vendor/${vendoredPath(file)}', import.meta.url).href`), source)
      return { contents, loader: 'ts' }
    })
  }
}

const problems = [...checkManifest(), ...undeclaredKeptImports()]
if (problems.length > 0) {
  for (const problem of problems) console.error(`bundle: ${problem}`)
  process.exit(1)
}

// From the app tsc has just written to dist/: its routes' schemas, compiled with the server's own ajv options.
precompiledValidators = await precompiledValidatorsModule(join(ROOT, 'dist'))
precompiledSerializers = await precompiledSerializersModule(join(ROOT, 'dist'))
mkdirSync(OUT_DIR, { recursive: true })
for (const name of readdirSync(OUT_DIR, { withFileTypes: true })) {
  if (/^chunk-.*\.js(\.map|\.LEGAL\.txt)?$|^(server|index|cli|testcontainers|build-fixture-images)\.js(\.map|\.LEGAL\.txt)$/.test(name.name)) rmSync(join(OUT_DIR, name.name))
}
const common = {
  outdir: OUT_DIR,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: 'linked',
  // The map names each line's source file; the sources themselves are in src/ and node_modules (not in the package).
  sourcesContent: false,
  legalComments: 'linked',
  // The router's generated code made on first use, not when a route is added (lazy-router-code.mjs).
  plugins: [layout, lazyRouterCode],
  logLevel: 'warning'
}
// CommonJS packages in an ES module still call require() for Node's own modules.
const banner = { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" }
const { metafile } = await build({
  ...common,
  metafile: true,
  // dist/server.js is src/start.ts, which turns on Node's compile cache before it imports the server (a chunk).
  entryPoints: [{ in: join(SRC, 'start.ts'), out: 'server' }, ...['index', 'cli'].map((name) => join(SRC, `${name}.ts`))],
  // Chunks beside the entries, at the same depth, for the same reason as the entries themselves.
  chunkNames: 'chunk-[hash]',
  splitting: true,
  banner,
  // A third less text to parse at every start (2.2 MB to 1.5 MB, 10-20 ms here); names are kept, so a stack trace
  // still names its functions, and `node --enable-source-maps` maps it back to src/ through server.js.map.
  minifyWhitespace: true,
  minifySyntax: true
})
// dist/build-fixture-images.js makes the bundled sets' database images (fixture-images.mjs) from the same sources in
// one file of its own: as an entry of the build above it would split the start's chunks into more files.
const images = await build({
  ...common, metafile: true, banner, entryPoints: [{ in: join(SRC, 'harness', 'fixture-images.ts'), out: 'build-fixture-images' }]
})
stampBuildId([metafile, images.metafile].flatMap(({ outputs }) => Object.keys(outputs)).filter((file) => file.endsWith('.js')).map((file) => resolve(file)))
for (const [file, licence] of Object.entries(VENDORED_FILES)) {
  const target = join(OUT_DIR, 'vendor', vendoredPath(file))
  mkdirSync(dirname(target), { recursive: true })
  copyFileSync(join(ROOT, 'node_modules', file), target)
  copyFileSync(join(ROOT, 'node_modules', packageOf(file), licence), join(OUT_DIR, 'vendor', packageOf(file), licence))
}
// The command is executable as an install makes it, so node_modules/.bin/drawing-api-emulator can link to this build.
chmodSync(join(OUT_DIR, 'cli.js'), 0o755)
// The Testcontainers module stands alone: a user's suite imports it without loading the emulator.
await build({ ...common, entryPoints: [join(SRC, 'testcontainers.ts')] })
writeFileSync(join(OUT_DIR, 'testcontainers.d.ts'), await testcontainersDeclarations())

/**
 * tsc leaves src/testcontainers.ts out (the repo does not install testcontainers: scripts/check-package.sh
 * type-checks it against the real package); its declarations need no type information, as its exports are typed
 * explicitly (isolatedDeclarations).
 */
async function testcontainersDeclarations () {
  const { default: ts } = await import('typescript')
  const source = readFileSync(join(SRC, 'testcontainers.ts'), 'utf8')
  const { outputText, diagnostics } = ts.transpileDeclaration(source, {
    fileName: 'testcontainers.ts',
    compilerOptions: { isolatedDeclarations: true, declaration: true, module: ts.ModuleKind.NodeNext, target: ts.ScriptTarget.ES2022 }
  })
  if (diagnostics?.length) {
    for (const d of diagnostics) console.error(`bundle: src/testcontainers.ts: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`)
    process.exit(1)
  }
  return outputText
}
