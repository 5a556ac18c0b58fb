// GET /_emulator/ui/editor/*: the scene editor's browser bundle (dist/ui-editor/, written by `npm run build`:
// scripts/bundle-editor.mjs), served as it is. Only files listed in that folder are served, so no part of a URL
// ever becomes a file-system path. No CSP header on these files: the page has one, and the package's
// font-subsetting worker would take a script's policy as its own (its WebAssembly glue needs eval to run).
import { readdirSync, statSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { extname, join, relative, sep } from 'node:path'
import type { RouteFile } from '../../lib/route-file.js'
import { EDITOR_ASSETS } from '../../package-files.js'
import { fail } from '../../errors.js'

const TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8'
}

interface Asset { path: string, etag: string, type: string, immutable: boolean }

function listAssets (root: string): Map<string, Asset> {
  const assets = new Map<string, Asset>()
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name)
      if (entry.isDirectory()) { walk(path); continue }
      const name = relative(root, path).split(sep).join('/')
      const stat = statSync(path)
      // Chunk names carry a hash of their content; the entry, the stylesheet and the fonts keep fixed names.
      assets.set(name, { path, etag: `"${stat.size.toString(36)}-${Math.trunc(stat.mtimeMs).toString(36)}"`, type: TYPES[extname(name)] ?? 'application/octet-stream', immutable: name.startsWith('chunks/') })
    }
  }
  try { walk(root) } catch { /* not built: an empty list */ }
  return assets
}

let cached: Map<string, Asset> | undefined

/** The bundle's files, listed on first use (again while the folder is empty: a build may still be running). */
export function editorAssets (): Map<string, Asset> {
  if (cached === undefined || cached.size === 0) cached = listAssets(EDITOR_ASSETS)
  return cached
}

export const editorBuilt = (): boolean => editorAssets().has('editor.js')

const assetRoutes: RouteFile = async (app) => {
  app.get<{ Params: { '*': string } }>('/ui/editor/*', { schema: { hide: true } }, async (request, reply) => {
    const asset = editorAssets().get(request.params['*'])
    if (asset === undefined) fail('EMU_NOT_FOUND', 'Editor file', request.params['*'])
    reply.header('etag', asset.etag).header('x-content-type-options', 'nosniff')
      .header('cache-control', asset.immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
    if (request.headers['if-none-match'] === asset.etag) return await reply.code(304).send()
    return await reply.type(asset.type).send(await readFile(asset.path))
  })
}

export default assetRoutes
