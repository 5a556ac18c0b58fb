// Part of `npm run build`: bundles the demo page's browser code (src/admin/ui/browser/page/, type-checked by
// `npm run typecheck`) into dist/ui-page/app.js, which the emulator serves at /_emulator/ui/app.js (the page's
// Content-Security-Policy allows no inline script). One small classic script, not minified: what a person reads
// in the browser's developer tools is the source, without its types.
//   node scripts/bundle-page.mjs [outdir]   (default dist/ui-page)
import { rmSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import process from 'node:process'
import { URL, fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const SOURCE = join(ROOT, 'src/admin/ui/browser/page')
const OUT_DIR = resolve(process.argv[2] ?? join(ROOT, 'dist/ui-page'))

rmSync(OUT_DIR, { recursive: true, force: true })
await build({
  entryPoints: { app: join(SOURCE, 'main.ts') },
  outdir: OUT_DIR,
  entryNames: '[name]',
  bundle: true,
  format: 'iife',
  target: ['es2022'],
  minify: false,
  legalComments: 'none',
  tsconfig: join(SOURCE, '..', 'tsconfig.json'),
  logLevel: 'warning'
})
const out = join(OUT_DIR, 'app.js')
process.stdout.write(`page script: ${relative(ROOT, out)} ${statSync(out).size} bytes\n`)
