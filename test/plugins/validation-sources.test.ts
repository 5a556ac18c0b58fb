// The sources' own compile of query, path and header validators and of response serializers
// (src/plugins/validation.ts), which `npm run dev` runs: test processes otherwise take every one from the runner's
// table (test/runner/precompiled-*.mjs), so an app built with tables that hold none keeps this path covered.
import t from 'tap'
import { buildApp } from '../../src/app.js'
import { MINIMAL_FIXTURES, resolveConfig } from '../../src/config/index.js'
import { KEYS, NOW, call, errorBody } from '../helper.js'

const general = {
  id: 'colDefault1', isDefault: true, workspace: 'wsMain00001', creator: 'usrAdmin001', updater: null, teams: [],
  created: '2026-01-01T00:00:00.000Z', sortOrder: null, name: 'General', updated: null, isDeleted: false, emoji: null
}

/** Tables of the build's shape that hold no schema: empty ones, and ones that are asked and miss (a stale dist/). */
function tablesOf (kind: 'empty' | 'missing', asked: string[]) {
  if (kind === 'empty') return { validators: new Map(), serializers: new Map() }
  const miss = (text: string): undefined => { asked.push(text); return undefined }
  return { validators: { size: 1, get: miss }, serializers: { size: 1, get: miss } }
}

for (const kind of ['empty', 'missing'] as const) {
  t.test(`an app whose compiled tables are ${kind} compiles its own validators and serializers`, async (t) => {
    const asked: string[] = []
    const config = resolveConfig({ fixturesDir: MINIMAL_FIXTURES, logLevel: 'silent', seed: 42, clockStart: NOW })
    const app = await buildApp(config, { compiledTables: tablesOf(kind, asked) })
    t.teardown(() => app.close())

    // limit=1 is coerced to a number (the page says 1, not "1"); null fields are serialised as null.
    const page = await call(t, app, 'GET', '/api/v1/collections?limit=1', { key: KEYS.full })
    t.same([page.status, page.body], [200, { limit: 1, offset: 0, hasNextPage: true, data: [general] }])
    t.equal(page.raw.body.slice(0, 29), '{"limit":1,"offset":0,"hasNex', 'the page serialised with limit a number')
    t.equal(page.headers['content-type'], 'application/json; charset=utf-8')

    const bad = await call(t, app, 'GET', '/api/v1/collections?limit=abc', { key: KEYS.full })
    t.same([bad.status, bad.body], [400, errorBody(400, 'Bad Request', 'querystring/limit must be integer')])

    // The tables given are the ones asked: for the query's validator and the page's serializer (empty ones never are).
    const isQuery = (text: string): boolean => text.includes('"offset"') && !text.includes('hasNextPage')
    t.same([asked.some(isQuery), asked.some((text) => text.includes('hasNextPage'))], kind === 'missing' ? [true, true] : [false, false])
  })
}
