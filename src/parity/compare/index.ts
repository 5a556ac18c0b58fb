// One pair of answers compared: status, the headers a client reads, then the bodies (by value, or by shape for
// reads of the workspace's own contents), every difference once.
import type { Answer, Difference } from '../types.js'
import { compareValue, type WalkContext } from './diff.js'
import { compareHeaders } from './headers.js'
import { createIdMap, type IdMap } from './id-map.js'
import type { Mode } from './rules.js'
import { documentDifferences, idFormatDifferences, type ResponseSchemas } from './shape.js'

export interface Comparable {
  /** The operation in the emulator's document (`GET /api/v1/scenes/{sceneId}`); MCP steps have none. */
  documentOperation?: string
  mode: Mode
  /** What of the body is compared (MCP steps unwrap their JSON-RPC answers). */
  view? (body: unknown): unknown
}

export interface Comparer {
  compare (step: Comparable, emulator: Answer, target: Answer): Difference[]
  readonly ids: IdMap
}

function describe (answer: Answer): string {
  if (answer.body === null) return 'no body'
  return answer.json ? 'JSON' : `not JSON (${answer.headers['content-type'] ?? 'no content type'})`
}

/** Body paths are reported below `body`: `body/data/0/metadata/linkSharing`. */
const inBody = (difference: Difference): Difference => ({ ...difference, path: `body${difference.path}` })

function unique (differences: Difference[]): Difference[] {
  const seen = new Set<string>()
  return differences.filter((d) => {
    const key = `${d.path}\n${d.kind}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

function compareBodies (step: Comparable, emulator: Answer, target: Answer, schemas: ResponseSchemas, ids: IdMap): Difference[] {
  if (emulator.json !== target.json) return [{ path: 'body', kind: 'body', emulator: describe(emulator), target: describe(target) }]
  if (!target.json) return []
  const view = step.view ?? ((body: unknown) => body)
  const e = view(emulator.body)
  const t = view(target.body)
  const ctx: WalkContext = { ids, differences: [], valuePaths: [], shapeChecks: [] }
  compareValue(e, t, { key: undefined, path: '', parent: undefined, mode: step.mode }, ctx)
  const found = [...ctx.differences]
  // Only records the emulator does not hold need the document (compiling its schemas is most of a run's work).
  if (step.mode === 'shape' && ctx.shapeChecks.length > 0) {
    const validate = step.documentOperation === undefined ? undefined : schemas.validator(step.documentOperation, target.status)
    found.push(...idFormatDifferences(ctx.shapeChecks))
    // The document names a place the walk already reported in its own words (an extra key is also "not an object").
    const reported = new Set(found.map((d) => d.path))
    const fromDocument = emulator.status === target.status ? documentDifferences(validate, t, ctx.valuePaths) : []
    found.push(...fromDocument.filter((d) => !reported.has(d.path)))
  }
  return found.map(inBody)
}

export function createComparer (schemas: ResponseSchemas, ids: IdMap = createIdMap()): Comparer {
  return {
    ids,
    compare (step, emulator, target) {
      if (emulator.notSent !== undefined || target.notSent !== undefined) {
        return [{ path: 'request', kind: 'not-sent', emulator: emulator.notSent ?? 'sent', target: target.notSent ?? 'sent' }]
      }
      const differences: Difference[] = []
      if (emulator.status !== target.status) differences.push({ path: 'status', kind: 'status', emulator: emulator.status, target: target.status })
      differences.push(...compareHeaders(emulator, target))
      differences.push(...compareBodies(step, emulator, target, schemas, ids))
      // Each difference says the status of the target's answer it was seen on: `learn` learns it for that status.
      return unique(differences).map((d) => ({ ...d, status: target.status }))
    }
  }
}
