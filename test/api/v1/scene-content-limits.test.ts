// Size limits of scene content: a 10,000-element scene through PUT, GET and PATCH, and the 413 over the body limit.
import t from 'tap'
import { KEYS, build, call } from '../../helper.js'
import { putBody, rect, text } from '../../content/element-builders.js'

const CONTENT = '/api/v1/scenes/scnEmpty001/content'
const TOO_LARGE = { code: 'FST_ERR_CTP_BODY_TOO_LARGE', error: 'Payload Too Large', message: 'Request body is too large', statusCode: 413 }

/** `n` distinct canonical ids: `e000…0042` padded to 21 characters. */
const elementId = (i: number) => `e${String(i).padStart(20, '0')}`

t.test('a 10,000-element scene', async (t) => {
  const app = await build(t)
  const elements = Array.from({ length: 10_000 }, (_, i) => rect(elementId(i), { x: i, versionNonce: i + 1, isDeleted: i % 100 === 0 }))
  const put = await call(t, app, 'PUT', CONTENT, { body: putBody(elements) })
  t.equal(put.status, 200)
  t.equal(put.body.elements.length, 10_000)
  // One string comparison instead of a deep walk of 10,000 records: same content, same order.
  t.equal(JSON.stringify(put.body.elements), JSON.stringify(elements), 'PUT answers every element as sent')
  const get = await call(t, app, 'GET', CONTENT, { key: KEYS.read })
  t.equal(get.status, 200)
  t.equal(JSON.stringify(get.body), JSON.stringify(put.body), 'GET answers the same document')
  const metadata = (await call(t, app, 'GET', '/api/v1/scenes/scnEmpty001')).body.metadata
  t.match(metadata, { totalElements: 10_000, deletedElements: 100, contentEpoch: 1, sceneVersion: put.body.sceneVersion })

  const patch = await call(t, app, 'PATCH', CONTENT, { body: { elements: [rect(elementId(5), { x: -1, version: 2, versionNonce: 6 }), text(elementId(10_000))] } })
  t.equal(patch.status, 200)
  t.equal(patch.body.elements.length, 10_001)
  t.same([patch.body.elements[5], patch.body.elements[10_000]], [rect(elementId(5), { x: -1, version: 2, versionNonce: 6 }), text(elementId(10_000))])
  t.equal(JSON.stringify(patch.body.elements.slice(6, 10_000)), JSON.stringify(elements.slice(6)), 'the other elements are untouched')
})

t.test('413 over the body limit, with Fastify\'s own body', async (t) => {
  const app = await build(t, { bodyLimit: 1024 })
  const small = await call(t, app, 'PUT', CONTENT, { body: putBody([rect(elementId(1))]) })
  t.equal(small.status, 200, 'a body under the limit passes')
  const big = putBody([1, 2, 3, 4].map((i) => rect(elementId(i))))
  t.ok(JSON.stringify({ elements: big.elements }).length > 1024, 'both big bodies are over the limit')
  for (const method of ['PUT', 'PATCH']) {
    const res = await call(t, app, method, CONTENT, { body: method === 'PUT' ? big : { elements: big.elements } })
    t.same([res.status, res.body], [413, TOO_LARGE], method)
    t.match(res.headers['content-type'], /^application\/json/)
  }
  t.same((await call(t, app, 'GET', CONTENT)).body, small.body, 'nothing was written')
  const audit = app.stores.auditLog.listAll('wsMain00001').filter((e) => e.entry.action === 'scene' && e.entry.operation === 'update')
  t.equal(audit.length, 1, 'only the write under the limit is audited')
})
