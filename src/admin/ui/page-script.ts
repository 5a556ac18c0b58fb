// GET /_emulator/ui/app.js: the demo page's only script, the bundle `npm run build` makes of the browser code in
// browser/page/ (scripts/bundle-page.mjs, dist/ui-page/app.js), read once. A copy that was never built answers 404:
// the pages still show, without their polling and buttons.
import { readFile } from 'node:fs/promises'
import type { RouteFile } from '../../lib/route-file.js'
import { fail } from '../../errors.js'
import { PAGE_SCRIPT } from '../../package-files.js'

/** Where the bundle is read from: the build's (tests give a path of their own). */
export interface PageScriptOptions { file?: string }

const pageScript: RouteFile<PageScriptOptions> = async (app, { file = PAGE_SCRIPT } = {}) => {
  let script: string | undefined
  app.get('/ui/app.js', { schema: { hide: true } }, async (_request, reply) => {
    // Read on first use and kept; a miss is read again, so a build made while the server runs is served.
    script ??= await readFile(file, 'utf8').catch(() => undefined)
    if (script === undefined) fail('EMU_NOT_FOUND', 'Page script', 'dist/ui-page/app.js')
    return await reply.type('text/javascript; charset=utf-8').send(script)
  })
}

export default pageScript
