// Each normalisation rule of src/parity/compare/rules.ts, through the comparer a run uses: what it lets differ,
// and what it still reports. The last test checks every rule has its test here.
import { readFileSync } from 'node:fs'
import t, { type Test } from 'tap'
import { createComparer, type Comparable } from '../../../src/parity/compare/index.js'
import { ALL_RULES } from '../../../src/parity/compare/rules.js'
import { responseSchemas } from '../../../src/parity/compare/shape.js'
import type { Answer, Difference } from '../../../src/parity/types.js'

const JSON_TYPE = 'application/json; charset=utf-8'
const RATE = { 'x-ratelimit-limit': '600', 'x-ratelimit-remaining': '590', 'x-ratelimit-reset': '59' }

function answer (body: unknown, status = 200, headers: Record<string, string> = {}): Answer {
  return { status, headers: { 'content-type': JSON_TYPE, ...RATE, ...headers }, body, json: true }
}

/** A small document: a scene list whose records have an enum, a required field and no other keys. */
const DOCUMENT = {
  paths: {
    '/api/v1/things': {
      get: {
        responses: {
          200: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['limit', 'offset', 'hasNextPage', 'data'],
                  additionalProperties: false,
                  properties: {
                    limit: { type: 'number' },
                    offset: { type: 'number' },
                    hasNextPage: { type: 'boolean' },
                    data: {
                      type: 'array',
                      items: {
                        type: 'object',
                        required: ['id', 'name', 'sharing'],
                        additionalProperties: false,
                        properties: {
                          id: { type: 'string' },
                          name: { type: 'string' },
                          sharing: { anyOf: [{ type: 'number', enum: [0] }, { type: 'number', enum: [1] }] },
                          pinned: { type: 'boolean' },
                          updated: { type: 'string', nullable: true }
                        }
                      }
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
  }
}

const value: Comparable = { mode: 'value' }
const shape: Comparable = { mode: 'shape', documentOperation: 'GET /api/v1/things' }
const comparer = () => createComparer(responseSchemas(DOCUMENT))
const kinds = (differences: Difference[]) => differences.map((d) => `${d.path} ${d.kind}`)
const tested = new Set<string>()
const rule = (name: string, fn: (t: Test) => Promise<void> | void) => {
  tested.add(name)
  return t.test(name, fn)
}

rule('error-messages', async (t) => {
  const c = comparer()
  const e = answer({ statusCode: 404, error: 'Not Found', message: 'Scene abc not found' }, 404)
  t.same(c.compare(value, e, answer({ statusCode: 404, error: 'Not Found', message: 'scene does not exist' }, 404)), [], 'another text is fine')
  t.same(kinds(c.compare(value, e, answer({ statusCode: 404, error: 'NotFound', message: 'x' }, 404))), ['body/error value'], 'error is compared by value')
  t.same(kinds(c.compare(value, e, answer({ statusCode: 404, error: 'Not Found', message: { text: 'x' } }, 404))), ['body/message type'])
  t.same(c.compare(value, answer({ error: 'Scene abc not found' }), answer({ error: 'gone' })), [], 'an MCP tool error text')
})

rule('people', async (t) => {
  const c = comparer()
  const user = (name: string, email: string | null) => ({ id: 'u1', uid: 'u1', name, email, picture: null })
  t.same(c.compare(value, answer(user('Ada', 'ada@a.example')), answer(user('Grace', 'grace@b.example'))), [])
  t.same(kinds(c.compare(value, answer(user('Ada', 'ada@a.example')), answer(user('Ada', null)))), ['body/email type'])
  t.same(c.compare(value, answer({ user_email: 'a@a.example', user_full_name: 'A' }), answer({ user_email: 'b@b.example', user_full_name: 'B' })), [])
  t.same(kinds(c.compare(value, answer({ id: 'c1', name: 'Product' }), answer({ id: 'c1', name: 'Design' }))), ['body/name value'], 'a collection\'s name is not a person\'s')
})

rule('ids', async (t) => {
  const c = comparer()
  t.same(c.compare(value, answer({ id: 'AAAAAAAAAAA', workspace: 'W1' }), answer({ id: 'BBBBBBBBBBB', workspace: 'W2' })), [], 'first appearance pairs them')
  t.same(c.compare(value, answer({ id: 'AAAAAAAAAAA', collection: 'AAAAAAAAAAA' }), answer({ id: 'BBBBBBBBBBB', collection: 'BBBBBBBBBBB' })), [], 'the pair holds')
  const broken = c.compare(value, answer({ sceneId: 'AAAAAAAAAAA' }), answer({ sceneId: 'CCCCCCCCCCC' }))
  t.same(broken, [{ path: 'body/sceneId', kind: 'id', emulator: 'AAAAAAAAAAA', target: 'CCCCCCCCCCC', status: 200 }], 'an emulator id already paired with another target id')
  t.same(kinds(c.compare(value, answer({ id: 'DDDDDDDDDDD' }), answer({ id: '5b3a9f1e-2f4c-4e8b-9a6d-1c2b3d4e5f60' }))), ['body/id format'])
  t.same(kinds(c.compare(value, answer({ id: 'DDDDDDDDDDD' }), answer({ id: 'scn_0123456789abcdef' }))), ['body/id format'], 'prefixed ids')
  t.same(kinds(c.compare(value, answer({ creator: null }), answer({ creator: 'u1' }))), ['body/creator type'], 'null against an id')
})

rule('workspace-counts', async (t) => {
  const c = comparer()
  const page = (hasNextPage: unknown, n: number) => ({ limit: 10, offset: 0, hasNextPage, data: Array.from({ length: n }, (_, i) => ({ id: `x${i}`, name: 'n', sharing: 0 })) })
  t.same(c.compare(shape, answer(page(true, 10)), answer(page(false, 3))), [], 'shape: counts and lengths follow the workspace')
  t.same(kinds(c.compare(shape, answer(page(true, 1)), answer(page('true', 1)))), ['body/hasNextPage type'])
  t.same(kinds(c.compare(shape, answer({ ...page(true, 0), limit: 10 }), answer({ ...page(true, 0), limit: 5 }))), ['body/limit value'], 'limit is the request\'s')
  t.same(kinds(createComparer(responseSchemas({})).compare(value, answer(page(true, 0)), answer(page(false, 0)))), ['body/hasNextPage value'], 'value mode: compared')
  t.same(c.compare(value, answer({ nextCursor: 'abc' }), answer({ nextCursor: 'xyz' })), [], 'cursors are opaque')
  t.same(c.compare({ mode: 'shape' }, answer({ nextCursor: 'abc' }), answer({ nextCursor: null })), [])
})

rule('scene-versions', async (t) => {
  const c = comparer()
  t.same(c.compare(value, answer({ sceneVersion: '3326011532' }), answer({ sceneVersion: '99' })), [])
  t.same(kinds(c.compare(value, answer({ sceneVersion: '3326011532' }), answer({ sceneVersion: 99 }))), ['body/sceneVersion type'])
  t.same(kinds(c.compare(value, answer({ contentEpoch: 1 }), answer({ contentEpoch: 2 }))), ['body/contentEpoch value'], 'contentEpoch is a count of the run\'s writes')
})

rule('timestamps', async (t) => {
  const c = comparer()
  t.same(c.compare(value, answer({ created: '2026-11-25T10:00:00.000Z' }), answer({ created: '2031-01-02T03:04:05.678Z' })), [])
  t.same(c.compare(value, answer({ created: '2026-11-25T10:00:00.000Z' }), answer({ created: '2026-11-25T10:00:00Z' })),
    [{ path: 'body/created', kind: 'format', emulator: 'dddd-dd-ddTdd:dd:dd.dddZ', target: 'dddd-dd-ddTdd:dd:ddZ', status: 200 }])
  t.same(kinds(c.compare(value, answer({ created: '2026-11-25T10:00:00.000Z' }), answer({ created: 1795600000000 }))), ['body/created type'])
})

rule('ip-addresses', async (t) => {
  const c = comparer()
  t.same(c.compare(value, answer({ ip_address: '127.0.0.1' }), answer({ ip_address: '203.0.113.9' })), [])
  t.same(c.compare(value, answer({ ip_address: '127.0.0.1' }), answer({ ip_address: '2001:db8::1' })),
    [{ path: 'body/ip_address', kind: 'format', emulator: 'ipv4', target: 'ipv6', status: 200 }])
})

rule('audit-sources', async (t) => {
  const c = comparer()
  const logs = (...sources: Array<string | null>) => answer({ logs: sources.map((source, i) => ({ id: `00000000-0000-4000-8000-00000000000${i}`, action: 'scene', operation: 'create', details: null, source_id: source })) })
  // The same fixture entry names one key on both sides; the run's own entries name each side's key.
  t.same(c.compare(value, logs('key_mdXGdBim8XJ', 'key_Ab3dE6gH9jK'), logs('key_mdXGdBim8XJ', 'key_mdXGdBim8XJ')), [], 'which key: not compared')
  t.same(c.compare(value, logs('key_Ab3dE6gH9jK', null), logs('key_demo_full', null)),
    [{ path: 'body/logs/0/source_id', kind: 'format', emulator: 'prefixed id', target: 'token id', status: 200 }], 'the id format is')
  t.same(c.compare(value, logs('key_Ab3dE6gH9jK'), logs(null)),
    [{ path: 'body/logs/0/source_id', kind: 'format', emulator: 'prefixed id', target: 'null', status: 200 }], 'null or not is')
})

rule('rate-limit-counters', async (t) => {
  const c = comparer()
  const e = answer({})
  t.same(c.compare(value, e, answer({}, 200, { 'x-ratelimit-remaining': '3', 'x-ratelimit-reset': '12', 'content-type': 'application/json;charset=UTF-8' })), [])
  t.same(c.compare(value, e, answer({}, 200, { 'x-ratelimit-reset': '1795600000' })),
    [{ path: 'header/x-ratelimit-reset', kind: 'header', emulator: 'delta-seconds', target: 'epoch-seconds', status: 200 }])
  t.same(kinds(c.compare(value, e, answer({}, 200, { 'x-ratelimit-limit': '300' }))), ['header/x-ratelimit-limit header'], 'the limit by value')
  t.same(kinds(c.compare(value, e, answer({}, 200, { deprecation: '@1788220800' }))), ['header/deprecation header'], 'a new header a client reads')
  const { 'x-ratelimit-remaining': _gone, ...noRemaining } = answer({}).headers
  t.same(kinds(c.compare(value, e, { ...answer({}), headers: noRemaining })), ['header/x-ratelimit-remaining header'])
})

rule('workspace-contents', async (t) => {
  const c = comparer()
  const emulator = answer({ limit: 10, offset: 0, hasNextPage: false, data: [{ id: 'AAAAAAAAAAA', name: 'a', sharing: 0, pinned: true }, { id: 'BBBBBBBBBBB', name: 'b', sharing: 1, pinned: false, updated: null }] })
  const target = (...data: unknown[]) => answer({ limit: 10, offset: 0, hasNextPage: true, data })
  t.same(c.compare(shape, emulator, target({ id: 'ZZZZZZZZZZZ', name: 'z', sharing: 1, pinned: true, updated: '2026-01-01T00:00:00Z' })), [], 'another workspace\'s record of the same shape')
  t.same(c.compare(shape, emulator, target({ id: 'ZZZZZZZZZZZ', name: 'z', sharing: 2, pinned: true, extra: 1 }, { id: 'YYYYYYYYYYY', name: 'y', sharing: 0 }, { id: 'scn_0123456789abcdef', name: 'p', sharing: 0, pinned: false })), [
    { path: 'body/data/2/id', kind: 'format', emulator: 'token id', target: 'prefixed id', status: 200 },
    { path: 'body/data/0/extra', kind: 'extra', emulator: null, target: 1, status: 200 },
    { path: 'body/data/0/sharing', kind: 'enum', emulator: '(one of [0,1])', target: 2, status: 200 }
  ], 'enum values, undeclared keys, id formats; an optional field left out is not reported')
  t.same(kinds(c.compare(shape, emulator, target({ id: 'AAAAAAAAAAA', name: 'renamed', sharing: 0, pinned: true }))), ['body/data/0/name value'], 'a record the emulator holds too: by value')
  t.same(kinds(c.compare(shape, emulator, answer({ limit: 10, offset: 0, hasNextPage: false, items: [] }))), ['body/data missing', 'body/items extra'], 'the envelope')
})

rule('audit-entries', async (t) => {
  const c = comparer()
  c.compare(value, answer({ id: 'AAAAAAAAAAA' }), answer({ id: 'TTTTTTTTTTT' }))
  const entry = (id: string, scene: string, status = 200) => ({ id, action: 'scene', operation: 'create', details: { sceneId: scene }, status })
  const foreign = { id: '00000000-0000-4000-8000-00000000000f', action: 'user:signup', operation: 'create', details: {}, status: 200 }
  const e = answer({ logs: [entry('5b3a9f1e-2f4c-4e8b-9a6d-1c2b3d4e5f60', 'AAAAAAAAAAA')] })
  t.same(c.compare({ mode: 'shape' }, e, answer({ logs: [entry('9c3a9f1e-2f4c-4e8b-9a6d-1c2b3d4e5f61', 'TTTTTTTTTTT'), foreign] })), [], 'paired by signature, other entries by shape')
  t.same(kinds(c.compare({ mode: 'shape' }, e, answer({ logs: [entry('9c3a9f1e-2f4c-4e8b-9a6d-1c2b3d4e5f61', 'TTTTTTTTTTT', 201)] }))), ['body/logs/0/status value'])
})

rule('record-order', async (t) => {
  const c = comparer()
  const list = (...ids: string[]) => answer({ data: ids.map((id) => ({ id, name: id })) })
  t.same(c.compare(value, list('AAAAAAAAAAA', 'BBBBBBBBBBB'), list('AAAAAAAAAAA', 'BBBBBBBBBBB')), [])
  t.same(c.compare(value, list('AAAAAAAAAAA', 'BBBBBBBBBBB'), list('BBBBBBBBBBB', 'AAAAAAAAAAA')),
    [{ path: 'body/data', kind: 'order', emulator: ['AAAAAAAAAAA', 'BBBBBBBBBBB'], target: ['BBBBBBBBBBB', 'AAAAAAAAAAA'], status: 200 }])
  t.same(kinds(c.compare(value, list('AAAAAAAAAAA'), list('AAAAAAAAAAA', 'CCCCCCCCCCC'))), ['body/data/1 extra'])
})

rule('mcp-own-words', async (t) => {
  const { mcpSteps } = await import('../../../src/parity/scenario/mcp.js')
  const [list, , , , , , , , , , , , , , , guide] = mcpSteps(false)
  const c = comparer()
  const tools = (description: string, type: string) => answer({ jsonrpc: '2.0', id: 1, result: { tools: [{ name: 'get_scene', description, inputSchema: { type: 'object', properties: { sceneId: { type, description } } } }] } })
  t.same(c.compare(list, tools('Returns a scene.', 'string'), tools('Get one scene by id', 'string')), [], 'descriptions are own words')
  t.same(kinds(c.compare(list, tools('a', 'string'), tools('a', 'number'))), ['body/result/tools/get_scene/inputSchema/properties/sceneId/type value'])
  const text = (body: string) => answer({ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: body }] } })
  t.same(c.compare(guide, text('# Our guide'), text('# Their guide')), [])
  t.same(kinds(c.compare(guide, text('{"a":1}'), text('{"a":2}'))), ['body/result/content/0/json/a value'], 'JSON texts are answers')
})

t.test('every rule has a test here', async (t) => {
  t.same(ALL_RULES.map((r) => r.name).filter((name) => !tested.has(name)), [])
})

t.test('docs/parity.md lists every rule with its description', async (t) => {
  const page = readFileSync(new URL('../../../docs/parity.md', import.meta.url), 'utf8')
  for (const { name, description } of ALL_RULES) t.ok(page.includes(`| \`${name}\` | ${description} |`), name)
})
