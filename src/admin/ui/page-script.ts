// GET /_emulator/ui/app.js: the demo page's only script, the bundle `npm run build` makes of the browser code in
// browser/page/ (scripts/bundle-page.mjs, dist/ui-page/app.js), read once. A copy that was never built answers 404:
// the pages still show, without their polling and buttons.
import { readFile } from 'node:fs/promises'
import type { FastifyPluginAsync } from 'fastify'
import { fail } from '../../errors.js'
import { PAGE_SCRIPT } from '../../package-files.js'

let script: string | undefined

async function readScript (): Promise<string | undefined> {
  script ??= await readFile(PAGE_SCRIPT, 'utf8').catch(() => undefined)
  return script
}

const pageScript: FastifyPluginAsync = async (app) => {
  app.get('/ui/app.js', { schema: { hide: true } }, async (_request, reply) => {
    const text = await readScript()
    if (text === undefined) fail('EMU_NOT_FOUND', 'Page script', 'dist/ui-page/app.js')
    return await reply.type('text/javascript; charset=utf-8').send(text)
  })
}

export default pageScript
