// Envelope kinds: rename-envelope, unwrap-envelope, switch-paging, change-error-envelope.
import t from 'tap'
import { createRng } from '../../../src/lib/rng.js'
import {
  changeErrorEnvelope, cursorFor, errorCode, renameEnvelope, switchPaging, unwrapEnvelope
} from '../../../src/layers/drift/kinds/envelopes.js'
import type { DriftContext } from '../../../src/layers/drift/types.js'

const collection = {
  id: '77i8dL6qc5t', workspace: 'ws1', creator: 'u1', teams: null, created: '2026-09-01T10:00:00.000Z', name: 'Design', updated: null
}
const page = { limit: 2, offset: 4, hasNextPage: true, data: [collection] }
const lastPage = { limit: 2, offset: 6, hasNextPage: false, data: [] }
const logPage = { logs: [], nextCursor: null, hasMore: false, availableActions: ['scene'] }
const notFound = { statusCode: 404, error: 'Not Found', message: 'Collection nope not found' }

function ctx (body: unknown, extra: Partial<DriftContext> = {}): DriftContext {
  return { method: 'GET', route: '/api/v1/collections', statusCode: 200, body, rng: createRng(1), ...extra }
}

t.test('rename-envelope', async (t) => {
  const out = renameEnvelope.apply(ctx(page))
  t.same(out, {
    statusCode: 200,
    body: { limit: 2, offset: 4, hasNextPage: true, items: [collection] },
    headers: {},
    changes: ['rename-envelope /data']
  })
  t.same(Object.keys(out?.body as object), ['limit', 'offset', 'hasNextPage', 'items'], 'items stays where data was')
  t.equal(renameEnvelope.appliesTo(ctx(logPage, { route: '/api/v1/logs' })), false, 'the log page is not the offset envelope')
  t.equal(renameEnvelope.appliesTo(ctx(collection)), false)
  t.equal(renameEnvelope.apply(ctx(page, { statusCode: 500 })), null, 'null when it does not apply')
})

t.test('unwrap-envelope', async (t) => {
  t.same(unwrapEnvelope.apply(ctx(page)), {
    statusCode: 200,
    body: [collection],
    headers: {},
    changes: ['unwrap-envelope /data']
  })
  t.same(unwrapEnvelope.apply(ctx(lastPage))?.body, [], 'an empty page becomes []')
  t.equal(unwrapEnvelope.appliesTo(ctx(logPage)), false)
  t.equal(unwrapEnvelope.apply(ctx(collection)), null)
})

t.test('switch-paging', async (t) => {
  t.equal(cursorFor(5), Buffer.from('offset:5').toString('base64url'))
  t.same(switchPaging.apply(ctx(page)), {
    statusCode: 200,
    body: { limit: 2, nextCursor: 'b2Zmc2V0OjU', data: [collection] },
    headers: {},
    changes: ['switch-paging /offset', 'switch-paging /hasNextPage', 'switch-paging /nextCursor']
  })
  t.same(switchPaging.apply(ctx(lastPage))?.body, { limit: 2, nextCursor: null, data: [] }, 'null cursor on the last page')
  t.equal(switchPaging.appliesTo(ctx(logPage)), false, 'already cursor-paged')
  t.equal(switchPaging.apply(ctx(notFound, { statusCode: 404 })), null)
})

t.test('change-error-envelope', async (t) => {
  t.equal(errorCode('Not Found', 404), 'NOT_FOUND')
  t.equal(errorCode('Payload Too Large', 413), 'PAYLOAD_TOO_LARGE')
  t.equal(errorCode('', 418), 'HTTP_418')
  t.same(changeErrorEnvelope.apply(ctx(notFound, { statusCode: 404, route: '/api/v1/collections/:collectionId' })), {
    statusCode: 404,
    body: { error: { code: 'NOT_FOUND', message: 'Collection nope not found' } },
    headers: {},
    changes: ['change-error-envelope']
  })
  const tooLarge = { code: 'FST_ERR_CTP_BODY_TOO_LARGE', error: 'Payload Too Large', message: 'Request body is too large', statusCode: 413 }
  t.same(changeErrorEnvelope.apply(ctx(tooLarge, { statusCode: 413, method: 'PUT' }))?.body,
    { error: { code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' } }, 'Fastify\'s own 413 body too')
  t.equal(changeErrorEnvelope.appliesTo(ctx(notFound)), false, 'only on 4xx/5xx')
  t.equal(changeErrorEnvelope.appliesTo(ctx('<html>503</html>', { statusCode: 503 })), false, 'only on the JSON envelope')
  t.equal(changeErrorEnvelope.apply(ctx(page, { statusCode: 500 })), null)
})
