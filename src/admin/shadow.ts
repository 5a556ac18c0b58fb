// GET/DELETE /_emulator/shadow: the report of the shadow proxy that runs this emulator as its shadow side.
import type { RouteFile } from '../lib/route-file.js'
import { fail } from '../errors.js'
import { adminResponses } from '../schemas/admin.js'
import { ShadowReportSchema } from '../schemas/shadow.js'
import type { ShadowSource } from '../schemas/shadow-report.js'

/** The running shadow's report source; a plain emulator has none and answers 404. */
export function shadowSourceOf (source: ShadowSource | undefined): ShadowSource {
  if (source === undefined) fail('EMU_NOT_A_SHADOW')
  return source
}

const shadow: RouteFile = async (app) => {
  app.get('/shadow', {
    schema: {
      summary: 'The shadow report so far: per operation, how the emulator\'s answers compared with the target\'s',
      response: adminResponses(ShadowReportSchema, 404)
    }
  }, async () => shadowSourceOf(app.shadowSource).report())

  app.delete('/shadow', {
    schema: { summary: 'Clear the shadow report (the id mapping and the shadow side\'s data are kept)', response: adminResponses(ShadowReportSchema, 404) }
  }, async () => {
    const source = shadowSourceOf(app.shadowSource)
    source.clear()
    return source.report()
  })
}

export default shadow
