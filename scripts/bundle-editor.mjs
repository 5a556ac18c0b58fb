// Part of `npm run build`: bundles the scene editor's browser code (src/admin/ui/browser/editor/: the @excalidraw/excalidraw
// React component and the emulator's save and merge loop) into dist/ui-editor/, which the emulator serves at
// /_emulator/ui/editor/. The packages are devDependencies: only this output ships. What a page never loads is left
// out, to keep the installed package small (sizes printed at the end):
//   - the 55 lazily loaded translations but English (the editor is English only): a stand-in module;
//   - mermaid (3.5 MB of lazy chunks behind the Mermaid dialog): a stand-in that says it is not available;
//   - the CJK font (Xiaolai, 209 files, 12.7 MB): Chinese, Japanese and Korean text shows in the browser's own font.
//     `EDITOR_CJK_FONT=1 npm run build` keeps it.
// One rewrite: the package adds a CDN copy (esm.sh) behind every font face, which the page's CSP refuses (hundreds
// of violations per load); it is pointed at the emulator's own folder instead. The build fails if the package
// changed so that the rewrite no longer applies.
//   node scripts/bundle-editor.mjs [outdir]   (default dist/ui-editor)
import { cpSync, readdirSync, rmSync, statSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { basename, join, relative, resolve } from 'node:path'
import process from 'node:process'
import { URL, fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const SOURCE = join(ROOT, 'src/admin/ui/browser/editor')
const OUT_DIR = resolve(process.argv[2] ?? join(ROOT, 'dist/ui-editor'))
const PACKAGE_DIST = join(ROOT, 'node_modules/@excalidraw/excalidraw/dist/prod')
const KEEP_CJK = process.env.EDITOR_CJK_FONT === '1'
const LEFT_OUT_FONTS = KEEP_CJK ? [] : ['Xiaolai']

let fontRewrites = 0
const emulatorBuild = {
  name: 'emulator-editor',
  setup (esbuild) {
    const inPackage = /[\\/]@excalidraw[\\/]excalidraw[\\/]dist[\\/]prod[\\/]/
    esbuild.onResolve({ filter: /^@excalidraw\/mermaid-to-excalidraw$/ }, () => ({ path: join(SOURCE, 'stub-mermaid.ts') }))
    esbuild.onResolve({ filter: /^\.\/locales\// }, ({ path, importer }) =>
      inPackage.test(importer) && !/^en-/.test(basename(path)) ? { path: join(SOURCE, 'stub-locale.ts') } : undefined)
    esbuild.onLoad({ filter: /[\\/]@excalidraw[\\/]excalidraw[\\/]dist[\\/]prod[\\/][^\\/]+\.js$/ }, async ({ path }) => {
      const source = await readFile(path, 'utf8')
      const head = '"ASSETS_FALLBACK_URL",`https://esm.sh/'
      const tail = '/dist/prod/`'
      const at = source.indexOf(head)
      if (at < 0) return undefined
      fontRewrites++
      const rest = source.slice(source.indexOf(tail, at) + tail.length)
      return { loader: 'js', contents: source.slice(0, at) + '"ASSETS_FALLBACK_URL",globalThis.EXCALIDRAW_ASSET_PATH' + rest }
    })
  }
}

function sizeOf (path) {
  const stat = statSync(path)
  if (!stat.isDirectory()) return { files: 1, bytes: stat.size }
  return readdirSync(path).map((name) => sizeOf(join(path, name)))
    .reduce((a, b) => ({ files: a.files + b.files, bytes: a.bytes + b.bytes }), { files: 0, bytes: 0 })
}

const started = Date.now()
rmSync(OUT_DIR, { recursive: true, force: true })
await build({
  entryPoints: { editor: join(SOURCE, 'boot.ts') },
  outdir: OUT_DIR,
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  // ES modules: the package finds its font-subsetting worker through import.meta.url, and lazy chunks stay lazy.
  format: 'esm',
  splitting: true,
  minify: true,
  target: ['es2022'],
  jsx: 'automatic',
  legalComments: 'linked',
  // The package's export map has its CSS under the production condition only.
  conditions: ['production'],
  define: { 'process.env.NODE_ENV': '"production"' },
  // The stylesheet's url("./fonts/...") stays relative: the fonts are copied next to it below.
  external: ['./fonts/*'],
  tsconfig: join(SOURCE, '..', 'tsconfig.json'),
  plugins: [emulatorBuild],
  logLevel: 'warning'
})
if (fontRewrites !== 1) throw new Error(`the font fallback rewrite applied ${fontRewrites} times, not once: check the @excalidraw/excalidraw version`)
cpSync(join(PACKAGE_DIST, 'fonts'), join(OUT_DIR, 'fonts'), {
  recursive: true,
  filter: (path) => !LEFT_OUT_FONTS.includes(relative(join(PACKAGE_DIST, 'fonts'), path).split(/[\\/]/)[0])
})

const total = sizeOf(OUT_DIR)
const fonts = sizeOf(join(OUT_DIR, 'fonts'))
const mb = (bytes) => `${(bytes / 1e6).toFixed(2)} MB`
process.stdout.write(`editor bundle: ${relative(ROOT, OUT_DIR)} ${total.files} files, ${mb(total.bytes)} (fonts ${fonts.files} files, ${mb(fonts.bytes)}${KEEP_CJK ? ', CJK included' : ', no CJK font'}) in ${Date.now() - started} ms\n`)
