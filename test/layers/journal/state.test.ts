// The journal's bounds (entries and bytes) and its records: what a record keeps, and the entry it becomes on read.
import t from 'tap'
import { createJournalControl, type JournalRecord } from '../../../src/layers/journal/state.js'
import { RECORD_OVERHEAD_BYTES, createBodyKeeper, type KeptBody } from '../../../src/layers/journal/record.js'

const none: KeptBody = { text: null, contentType: null, cut: null }
function record (url: string, response = none): JournalRecord {
  return {
    at: Date.parse('2026-06-01T12:00:00.000Z'), method: 'GET', url, route: null, status: 200, durationMs: 1, keyId: null,
    workspaceId: null, latencyMs: 0, fault: null, drift: null, chaos: null, mcp: null, request: none, response
  }
}
const ids = (journal: ReturnType<typeof createJournalControl>) => journal.list({}).data.map((e) => e.id)

t.test('bounded in entries and in bytes: the oldest go first, the newest always stays', async (t) => {
  const byCount = createJournalControl({ journalSize: 3, journalBodyBytes: 100, journalMaxBytes: 1e9 })
  for (let i = 0; i < 5; i++) byCount.push(record(`/api/v1/scenes?i=${i}`))
  t.same(ids(byCount), [5, 4, 3])

  // Each record below holds about RECORD_OVERHEAD_BYTES + 2 * (14 + 50) bytes: two fit in the bound, not three.
  const body = 'x'.repeat(50)
  const size = RECORD_OVERHEAD_BYTES + 2 * ('/api/v1/scenes'.length + body.length)
  const byBytes = createJournalControl({ journalSize: 1000, journalBodyBytes: 100, journalMaxBytes: 2 * size + 10 })
  const keep = createBodyKeeper(100)
  for (let i = 0; i < 5; i++) byBytes.push(record('/api/v1/scenes', keep(body, 'text/plain')))
  t.same(ids(byBytes), [5, 4])

  const tiny = createJournalControl({ journalSize: 1000, journalBodyBytes: 100, journalMaxBytes: 0 })
  tiny.push(record('/api/v1/a'))
  tiny.push(record('/api/v1/b'))
  t.same(ids(tiny), [2], 'a bound smaller than one entry keeps the newest')
  t.equal(tiny.clear(), 1)
  t.same(ids(tiny), [])
})

t.test('a record becomes the entry of before: ISO time, path, redacted query, measured and cut bodies', async (t) => {
  const journal = createJournalControl({ journalSize: 10, journalBodyBytes: 8, journalMaxBytes: 1e9 })
  journal.push(record('/api/v1/scenes?limit=2&api_key=sk-x&tag=a&tag=b', journal.keepResponseBody('héllo', 'text/plain')))
  journal.push(record('/api/v1/scenes', journal.keepResponseBody('0123456789', 'application/json')))
  const [long, short] = journal.list({}).data
  t.equal(short.time, '2026-06-01T12:00:00.000Z')
  t.equal(short.path, '/api/v1/scenes')
  t.same(short.query, { limit: '2', api_key: '[redacted]', tag: ['a', 'b'] })
  t.same(short.response, { text: 'héllo', bytes: 6, truncated: false, contentType: 'text/plain' })
  t.same(long.response, { text: '01234567', bytes: 10, truncated: true, contentType: 'application/json' })
  t.same(journal.list({ path: '/scenes', limit: 1 }).total, 2)
})

t.test('the same long body is cut once and shared; each keeps its own content type', async (t) => {
  const keep = createBodyKeeper(4)
  const page = 'abcdefgh'
  const a = keep(page, 'application/json')
  const b = keep(page, 'text/plain')
  t.equal(a.text, 'abcd')
  t.equal(b.text, a.text)
  t.same([a.contentType, b.contentType], ['application/json', 'text/plain'])
  t.same(keep('abcdefgh!', null).cut, { bytes: 9, truncated: true })
})

t.test('a body sent as bytes is kept like its text: cut on a character boundary, the same bytes cut once', async (t) => {
  const keep = createBodyKeeper(4)
  const body = Buffer.from('abcé€', 'utf8')
  const a = keep(body, 'application/json')
  t.same(a, { text: 'abc', contentType: 'application/json', cut: { bytes: 8, truncated: true } }, 'é starts at byte 3 and does not fit whole')
  t.equal(keep(body, null).text, a.text, 'the same buffer again gives the same cut')
  t.same(keep(Buffer.from('éé'), null), { text: 'éé', contentType: null, cut: null }, 'a buffer of 4 bytes is kept whole, measured on read')
  t.same(keep(Buffer.from('abcdé'), null), { text: 'abcd', contentType: null, cut: { bytes: 6, truncated: true } })
  t.same(keep(Buffer.from('abcdé'), null), keep('abcdé', null), 'bytes and text of one body are kept alike')
})

t.test('a short page sent as bytes again and again is decoded once; other bytes of its length are decoded again', async (t) => {
  const keep = createBodyKeeper(64)
  const page = Buffer.from('{"items":["🚀"]}')
  const first = keep(page, 'application/json')
  t.same(first, { text: '{"items":["🚀"]}', contentType: 'application/json', cut: null })
  t.equal(keep(page, null).text, first.text, 'the same text')
  t.same(keep(Buffer.from('{"items":["🚀"]}'), 'text/plain'), { text: '{"items":["🚀"]}', contentType: 'text/plain', cut: null }, 'equal bytes, another buffer')
  const other = Buffer.from('{"items":["🛸"]}')
  t.equal(other.length, page.length)
  t.same(keep(other, null), { text: '{"items":["🛸"]}', contentType: null, cut: null }, 'bytes of the same length that differ are not the last text')
  t.same(keep('{"items":[1]}', null), { text: '{"items":[1]}', contentType: null, cut: null }, 'a short text is kept as it is')
  t.same(keep(page, null).text, '{"items":["🚀"]}', 'and the page after it is decoded again')
})

t.test('new bytes that cut alike share the last cut; a difference the cut reads makes a new one', async (t) => {
  const keep = createBodyKeeper(4)
  // A kept MCP answer: new bytes each call, differing only in the id near their end.
  const first = keep(Buffer.from('abcdefgh"id":1}'), 'text/event-stream')
  const again = keep(Buffer.from('abcdefgh"id":2}'), null)
  t.same(first, { text: 'abcd', contentType: 'text/event-stream', cut: { bytes: 15, truncated: true } })
  t.same(again, { text: 'abcd', contentType: null, cut: { bytes: 15, truncated: true } })
  t.same(keep(Buffer.from('abcdefgh"id":10}'), null).cut, { bytes: 16, truncated: true }, 'another length is measured again')
  t.same(keep(Buffer.from('abcXefgh"id":10}'), null).text, 'abcX', 'a difference inside the cut is cut again')
  // The byte just past the cut decides where a character starts: after c3, a continuation byte (a9: 'é') backs the
  // cut off to 3 bytes, any other leaves it at 4. Both bodies are 7 bytes and differ only there.
  const lone = keep(Buffer.from([0x61, 0x62, 0x63, 0xc3, 0x41, 0x41, 0x41]), null)
  t.same(lone.cut, { bytes: 7, truncated: true })
  t.equal(lone.text, 'abc\ufffd')
  t.same(keep(Buffer.from([0x61, 0x62, 0x63, 0xc3, 0xa9, 0x41, 0x41]), null), { text: 'abc', contentType: null, cut: { bytes: 7, truncated: true } },
    'the same length, a difference only at the byte past the cut')
})
