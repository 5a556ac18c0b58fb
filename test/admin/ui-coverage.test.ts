// The demo page's Coverage view through app.inject: its nav entry, the table (operations down, outcomes across,
// counts, gaps marked), the required outcomes and workspace a person picks, and the fragment the page polls.
// The browser side is test/browser/coverage-view.test.ts.
import t from 'tap'
import { build, KEYS } from '../helper.js'

const UI = '/_emulator/ui'
const app = await build(t, { renderer: false })
const page = async (url: string) => await app.inject({ url, headers: { accept: 'text/html' } })
const get = async (url: string, headers: Record<string, string> = {}, key: string = KEYS.full) =>
  await app.inject({ url, headers: { authorization: `Bearer ${key}`, ...headers } })
t.beforeEach(async () => { t.equal((await app.inject({ method: 'POST', url: '/_emulator/reset' })).statusCode, 200) })

t.test('every page links the Coverage view; with nothing counted it says how to fill it', async (t) => {
  t.match((await page(UI)).body, `<a href="${UI}/switches">Drift &amp; faults</a><a href="${UI}/coverage">Coverage</a>`)
  const view = await page(`${UI}/coverage`)
  t.equal(view.statusCode, 200)
  t.match(view.headers['content-security-policy'], "script-src 'self'")
  t.match(view.body, '<h1>Failure coverage</h1>')
  t.match(view.body, 'The sweep is off')
  t.match(view.body, '<input name="outcomes" value="429, 503, drop, drift" size="28">')
  t.match(view.body, '<div id="coverage-holder"><p class="muted" id="coverage-empty">No answer counted yet')
})

t.test('the table: counts per outcome, each required outcome an operation lacks marked as a gap', async (t) => {
  await get('/api/v1/collections')
  await get('/api/v1/collections', { 'x-emulator-fault': '503' })
  await get('/api/v1/scenes', { 'x-emulator-drift': 'rename-field' })
  const table = (await page(`${UI}/coverage/table`)).body
  t.equal(table, [
    '<p class="warn" id="coverage-summary">6 gaps in 2 of 2 operations.</p>',
    '<table id="coverage"><thead><tr><th>operation</th><th>calls</th>',
    '<th class="">200</th><th class="required">429</th><th class="required">503</th><th class="required">drop</th>',
    '<th class="required">drift (any kind)</th><th class="">drift:rename-field</th></tr></thead><tbody>',
    '<tr><td><code>GET /api/v1/collections</code></td><td>2</td><td>1</td><td class="gap" title="never received">gap</td><td>1</td>',
    '<td class="gap" title="never received">gap</td><td class="gap" title="never received">gap</td><td class="muted">·</td></tr>',
    '<tr><td><code>GET /api/v1/scenes</code></td><td>1</td><td>1</td><td class="gap" title="never received">gap</td>',
    '<td class="gap" title="never received">gap</td><td class="gap" title="never received">gap</td><td>1</td><td>1</td></tr>',
    '</tbody></table>'
  ].join(''))
  const met = (await page(`${UI}/coverage/table?outcomes=200`)).body
  t.match(met, '<p class="ok" id="coverage-summary">Every called operation received 200.</p>')
  t.notMatch(met, 'class="gap"')
})

t.test('only keyless calls and unknown URLs: no operation was called, so the view says the check has nothing to pass', async (t) => {
  await get('/api/v1/collections', {}, 'sk-nobody')
  await get('/api/v1/no-such-thing')
  const table = (await page(`${UI}/coverage/table`)).body
  t.match(table, '<p class="warn" id="coverage-summary">No operation was called with a valid key yet: a check has nothing to pass.</p>')
  t.notMatch(table, 'class="gap"', 'no row is marked: those operations are counted, not called')
})

t.test('a workspace and required outcomes a person picks; what a check cannot name is left out; nothing breaks on odd queries', async (t) => {
  await get('/api/v1/collections')
  await get('/api/v1/collections', {}, KEYS.other)
  const other = (await page(`${UI}/coverage?workspaceId=wsOther0001&outcomes=200,%20teapot,slow`)).body
  t.match(other, '<input name="outcomes" value="200, slow" size="28">')
  t.match(other, '<input name="workspaceId" value="wsOther0001"')
  t.match(other, '<p class="warn" id="coverage-summary">1 gap in 1 of 1 operations.</p>')
  t.match(other, '<tr><td><code>GET /api/v1/collections</code></td><td>1</td>')
  const escaped = (await page(`${UI}/coverage?workspaceId=%22%3E%3Cscript%3Ex%3C/script%3E`)).body
  t.match(escaped, 'value="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"', 'the workspace typed is shown escaped')
  for (const query of ['outcomes=a&outcomes=b', 'workspaceId=a&workspaceId=b', 'outcomes=']) {
    const res = await page(`${UI}/coverage/table?${query}`)
    t.equal(res.statusCode, 200, query)
  }
})

t.test('with the sweep on, the view requires the sweep\'s outcomes', async (t) => {
  const sweeping = await build(t, { renderer: false, chaos: 'sweep', chaosOutcomes: ['503', 'drift:null-field'] })
  const body = (await sweeping.inject({ url: `${UI}/coverage` })).body
  t.match(body, 'The sweep is on: each operation a client calls gets 503, drift:null-field once each, a normal answer between two.')
  t.match(body, '<input name="outcomes" value="503, drift:null-field" size="28">')
})
