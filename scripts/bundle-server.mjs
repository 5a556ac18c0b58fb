// Part of `npm run build`, after tsc: replaces dist/server.js (what `npm start` and the CLI run) with one file holding
// the emulator and its dependencies. Node loads modules file by file, and resolving, reading and compiling some 1,200
// of them (typebox alone has 680) was most of the start-up (issue 13); one file is read and compiled once. What is
// imported on demand (the MCP SDK and zod, the docs app, the renderer plugin's module) goes to chunk-*.js files
// beside it, read on first use. The library (dist/index.js and the rest of dist/, which tsc wrote) is untouched.
//   node scripts/bundle-server.mjs [outdir]   (default dist/; the smoke test bundles into a folder of its own)
import { mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import process from 'node:process'
import { URL, fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const SRC = join(ROOT, 'src')
// The folder must sit at the depth of dist/: bundled modules find ../fixtures and ../package.json from it.
const OUT_DIR = resolve(process.argv[2] ?? join(ROOT, 'dist'))
const OUT = join(OUT_DIR, 'server.js')

/**
 * Packages loaded from node_modules as before: the SQLite addon and the renderer's native and browser-side code,
 * and the docs packages, which read files next to themselves and load on the first /docs request only.
 */
const EXTERNAL_PACKAGES = ['better-sqlite3', '@fastify/swagger', '@fastify/swagger-ui', '@resvg/resvg-js', 'jsdom', '@excalidraw/utils']

/**
 * Own folders kept as tsc wrote them, imported from the bundle at run time: their modules find files next to
 * themselves through import.meta.url, which in a bundle would name the bundle's folder instead.
 */
const KEPT_FOLDERS = ['render']

const packageOf = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/')

const layout = {
  name: 'emulator-layout',
  setup (esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, ({ path }) =>
      path.startsWith('node:') || EXTERNAL_PACKAGES.includes(packageOf(path)) ? { path, external: true } : undefined)
    esbuild.onResolve({ filter: /^\./ }, ({ path, resolveDir, importer }) => {
      if (!importer.startsWith(SRC)) return undefined
      const target = join(resolveDir, path).replace(/\.js$/, '.ts')
      if (!KEPT_FOLDERS.includes(relative(SRC, target).split(sep)[0])) return undefined
      // tsc wrote it to the same place under dist/ as it has under src/.
      const compiled = join(ROOT, 'dist', relative(SRC, target)).replace(/\.ts$/, '.js')
      return { path: './' + relative(dirname(OUT), compiled).split(sep).join('/'), external: true }
    })
    // A bundled module below src/ that reads import.meta.url would look for its files in the wrong folder.
    esbuild.onLoad({ filter: /\.ts$/ }, ({ path }) => {
      const source = readFileSync(path, 'utf8')
      if (dirname(path) !== SRC && source.includes('import.meta.url')) {
        return { errors: [{ text: `${relative(ROOT, path)} uses import.meta.url: add its folder to KEPT_FOLDERS in scripts/bundle-server.mjs` }] }
      }
      return { contents: source, loader: 'ts' }
    })
  }
}

mkdirSync(OUT_DIR, { recursive: true })
for (const name of readdirSync(OUT_DIR, { withFileTypes: true })) {
  if (/^(chunk-.*\.js|server\.js)(\.map|\.LEGAL\.txt)?$/.test(name.name) && name.name !== 'server.js') rmSync(join(OUT_DIR, name.name))
}
await build({
  entryPoints: [join(SRC, 'server.ts')],
  outdir: OUT_DIR,
  // Chunks beside the entry, at the same depth, for the same reason as the entry itself.
  chunkNames: 'chunk-[hash]',
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  // The map names each line's source file; the sources themselves are in src/ and node_modules.
  sourcesContent: false,
  legalComments: 'linked',
  // CommonJS packages in an ES module still call require() for Node's own modules.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  plugins: [layout],
  // A third less text to parse at every start (2.2 MB to 1.5 MB, 10-20 ms here); names are kept, so a stack trace
  // still names its functions, and `node --enable-source-maps` maps it back to src/ through server.js.map.
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning'
})
