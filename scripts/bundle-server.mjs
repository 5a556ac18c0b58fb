// Part of `npm run build`, after tsc: replaces dist/server.js (what `npm start` and the CLI run) with one file holding
// the emulator's own modules and its ES-module dependencies. Node loads an ES module file by file, and the start-up
// spent most of its time resolving and linking some 850 of them (issue 13); one file is read and linked once.
// CommonJS packages (fastify, ajv, better-sqlite3, ...) stay in node_modules and load exactly as before, and so does
// the library (dist/index.js and the rest of dist/, which tsc wrote).
import { readFileSync, rmSync } from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'
import { URL, fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const SRC = join(ROOT, 'src')
const OUT = join(ROOT, 'dist', 'server.js')

/** ES-module packages worth bundling: the type builder's 680 files, and what the MCP endpoint loads on demand. */
const BUNDLED_PACKAGES = ['typebox', 'nanoid', '@modelcontextprotocol/sdk', 'zod', 'zod-to-json-schema']

/**
 * Own folders kept as tsc wrote them, imported from the bundle at run time: their modules find files next to
 * themselves through import.meta.url, which in a bundle would name dist/server.js instead.
 */
const KEPT_FOLDERS = ['render']

const packageOf = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/')

const layout = {
  name: 'emulator-layout',
  setup (esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, ({ path }) =>
      path.startsWith('node:') || !BUNDLED_PACKAGES.includes(packageOf(path)) ? { path, external: true } : undefined)
    esbuild.onResolve({ filter: /^\./ }, ({ path, resolveDir, importer }) => {
      if (!importer.startsWith(SRC)) return undefined
      const target = join(resolveDir, path).replace(/\.js$/, '.ts')
      const folder = relative(SRC, target).split(sep)[0]
      if (!KEPT_FOLDERS.includes(folder)) return undefined
      // tsc wrote it to the same place under dist/ as it has under src/, and the bundle is dist/server.js.
      return { path: './' + relative(SRC, target).split(sep).join('/').replace(/\.ts$/, '.js'), external: true }
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

rmSync(`${OUT}.map`, { force: true })
await build({
  entryPoints: [join(SRC, 'server.ts')],
  outfile: OUT,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  legalComments: 'linked',
  plugins: [layout],
  logLevel: 'warning'
})
