// The target's answers against the published OpenAPI document (the one the emulator serves, held equal to the
// service's own by test/contract/document.test.ts): a difference where the target breaks it (a status or field
// the document does not declare, a wrong type) is marked, so "the emulator is wrong" reads apart from "the service
// broke its contract". It marks differences the comparison found; it adds none.
import type { ErrorObject } from 'ajv'
import type { Answer, Difference } from '../types.js'
import { pointer } from './diff.js'
import { isObject } from '../../formats/read.js'
import type { ResponseSchemas } from './shape.js'

export const VIOLATES = 'target violates the published document'

export interface DocumentCheck {
  /** The differences of one answer pair, those where the target's answer breaks the document marked (`document`). */
  annotate (operation: string | undefined, target: Answer, differences: readonly Difference[]): Difference[]
}

/** Where an ajv error points, as a difference path (`body/data/0/sortOrder`), and what it says. */
function violation (error: ErrorObject): { path: string, text: string } {
  const at = error.instancePath
  if (error.keyword === 'additionalProperties') return { path: `body${pointer(at, String(error.params.additionalProperty))}`, text: 'a field the document does not declare' }
  if (error.keyword === 'required') return { path: `body${pointer(at, String(error.params.missingProperty))}`, text: 'a required field is missing' }
  return { path: `body${at}`, text: `${at === '' ? 'the body' : at} ${error.message ?? error.keyword}` }
}

const within = (path: string, prefix: string): boolean => path === prefix || path.startsWith(`${prefix}/`)

function declaredStatuses (document: unknown, operation: string): string[] | undefined {
  const [method, path] = operation.split(' ')
  const paths = isObject(document) && isObject(document.paths) ? document.paths : {}
  const item = paths[path]
  const op = isObject(item) ? item[method.toLowerCase()] : undefined
  return isObject(op) && isObject(op.responses) ? Object.keys(op.responses) : undefined
}

export function createDocumentCheck (document: unknown, schemas: ResponseSchemas): DocumentCheck {
  return {
    annotate (operation, target, differences) {
      if (operation === undefined || differences.length === 0 || target.notSent !== undefined) return [...differences]
      const statuses = declaredStatuses(document, operation)
      if (statuses === undefined) return [...differences]
      if (!statuses.includes(String(target.status))) {
        const note = `${VIOLATES}: status ${target.status} is not declared for ${operation}`
        return differences.map((d) => d.path === 'status' || d.path.startsWith('body') ? { ...d, document: note } : d)
      }
      const validate = target.json ? schemas.validator(operation, target.status) : undefined
      if (validate === undefined || validate(target.body)) return [...differences]
      const found = (validate.errors ?? []).map(violation)
      return differences.map((d) => {
        const hit = found.find((v) => within(d.path, v.path) || within(v.path, d.path))
        return hit === undefined ? d : { ...d, document: `${VIOLATES}: ${hit.text}` }
      })
    }
  }
}
