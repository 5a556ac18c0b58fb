// The published-document check: differences where the target's answer breaks the document (a status it does not
// declare, a field it does not declare, a wrong type, a required field missing) are marked; the others are left as
// they are, and nothing is added.
import t from 'tap'
import { createComparer, type Comparable } from '../../../src/parity/compare/index.js'
import { createDocumentCheck, VIOLATES } from '../../../src/parity/compare/published.js'
import { responseSchemas } from '../../../src/parity/compare/shape.js'
import type { Answer } from '../../../src/parity/types.js'

const OPERATION = 'GET /api/v1/things/{id}'
const DOCUMENT = {
  paths: {
    '/api/v1/things/{id}': {
      get: {
        responses: {
          200: { content: { 'application/json': { schema: { type: 'object', required: ['id', 'size'], additionalProperties: false, properties: { id: { type: 'string' }, size: { type: 'number' }, label: { type: 'string' } } } } } },
          404: { content: { 'application/json': { schema: { type: 'object' } } } }
        }
      }
    }
  }
}

const answer = (body: unknown, status = 200): Answer => ({ status, headers: { 'content-type': 'application/json; charset=utf-8' }, body, json: true })
const step: Comparable = { mode: 'value', documentOperation: OPERATION }

function check (emulator: Answer, target: Answer) {
  const schemas = responseSchemas(DOCUMENT)
  const found = createComparer(schemas).compare(step, emulator, target)
  return createDocumentCheck(DOCUMENT, schemas).annotate(OPERATION, target, found)
}

t.test('the target breaks the document: each difference there says so', async (t) => {
  const emulator = answer({ id: 'a', size: 1, label: 'x' })
  t.same(check(emulator, answer({ id: 'a', size: '1', label: 'x', colour: 'red' })), [
    { path: 'body/size', kind: 'type', emulator: 1, target: '1', status: 200, document: `${VIOLATES}: /size must be number` },
    { path: 'body/colour', kind: 'extra', emulator: null, target: 'red', status: 200, document: `${VIOLATES}: a field the document does not declare` }
  ])
  t.same(check(emulator, answer({ id: 'a', label: 'x' })), [
    { path: 'body/size', kind: 'missing', emulator: 1, target: null, status: 200, document: `${VIOLATES}: a required field is missing` }
  ])
  t.same(check(emulator, answer({ id: 'a', size: 1 }, 201)), [
    { path: 'status', kind: 'status', emulator: 200, target: 201, status: 201, document: `${VIOLATES}: status 201 is not declared for ${OPERATION}` },
    { path: 'body/label', kind: 'missing', emulator: 'x', target: null, status: 201, document: `${VIOLATES}: status 201 is not declared for ${OPERATION}` }
  ])
})

t.test('the target keeps to the document: differences stay unmarked (the emulator may be the one that is wrong)', async (t) => {
  t.same(check(answer({ id: 'a', size: 1, label: 'x' }), answer({ id: 'a', size: 2 })), [
    { path: 'body/size', kind: 'value', emulator: 1, target: 2, status: 200 },
    { path: 'body/label', kind: 'missing', emulator: 'x', target: null, status: 200 }
  ])
  t.same(check(answer({ id: 'a', size: 1 }), answer({ id: 'a', size: 1 })), [], 'nothing added where the sides agree')
  const schemas = responseSchemas(DOCUMENT)
  const difference = { path: 'body/size', kind: 'value', emulator: 1, target: 2 }
  t.same(createDocumentCheck(DOCUMENT, schemas).annotate('GET /api/v1/elsewhere', answer({}, 500), [difference]), [difference], 'an operation the document does not have: left alone')
  t.same(createDocumentCheck(DOCUMENT, schemas).annotate(undefined, answer({}, 500), [difference]), [difference], 'an MCP step: left alone')
})
