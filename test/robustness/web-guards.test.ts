// What a web page, a foreign Host, an odd URL or a secret in the query string gets.
import t from 'tap'
import { createHostCheck, hostnameOf } from '../../src/plugins/request-guard.js'
import { redactUrl } from '../../src/lib/redact.js'
import { KEYS, build, call, errorBody, sharedApp } from '../helper.js'
import { startProcess, stopProcess } from '../processes.js'

const fresh = sharedApp(t)

const foreignHost = (host: string) => errorBody(403, 'Forbidden',
  `Host "${host}" is not served: only loopback names, IP addresses and the bound host are, add it to EMULATOR_ALLOWED_HOSTS to serve it`)
const crossSite = (path: string) => errorBody(403, 'Forbidden',
  `Cross-site request refused: POST ${path} changes emulator state and is only accepted from the emulator's own origin or from non-browser clients`)

t.test('hosts served: loopback, *.localhost, IP literals, the bound host and the allow-list', async (t) => {
  t.equal(hostnameOf('[::1]:4000'), '::1')
  t.equal(hostnameOf('Example.TEST.:80'), 'example.test')
  const served = createHostCheck('0.0.0.0', ['emulator'])
  for (const host of ['localhost:4000', 'LOCALHOST', '127.0.0.1:4000', '[::1]:4000', 'app.localhost', '10.0.0.7:4000', '172.17.0.1', 'emulator:4000', undefined]) {
    t.ok(served(host), `${host} is served`)
  }
  for (const host of ['attacker.example:4000', 'localhost.attacker.example', 'emulator.example', '']) t.notOk(served(host), `${host} is refused`)
  t.ok(createHostCheck('devbox.lan', [])('devbox.lan:4000'), 'the bound host is served')
  t.ok(createHostCheck('127.0.0.1', ['*'])('anything.example'), "'*' serves any host")
})

t.test('a foreign Host is refused on every route before auth, and leaves no trace in the data', async (t) => {
  const app = await fresh()
  const headers = { host: 'attacker.example:4000' }
  const reads = await call(t, app, 'GET', '/api/v1/collections', { headers })
  t.same([reads.status, reads.body], [403, foreignHost('attacker.example')])
  const keys = await app.inject({ method: 'POST', url: '/_emulator/keys', headers, payload: { workspaceId: 'wsMain00001' } })
  t.same([keys.statusCode, keys.json()], [403, foreignHost('attacker.example')], 'the admin API does not mint keys for it')
  const journal = await app.inject({ method: 'GET', url: '/_emulator/requests', headers })
  t.equal(journal.statusCode, 403, 'nor reads the journal')
  const allowed = await build(t, { allowedHosts: ['attacker.example'] })
  t.equal((await call(t, allowed, 'GET', '/api/v1/collections', { headers })).status, 200, 'EMULATOR_ALLOWED_HOSTS serves it')
})

t.test('admin writes from another origin are refused; curl, same-origin pages and reads pass', async (t) => {
  const app = await fresh()
  const before = (await call(t, app, 'GET', '/api/v1/collections')).body
  await call(t, app, 'POST', '/api/v1/collections', { body: { name: 'Keep me' } })
  const attacks: Array<Record<string, string>> = [
    { origin: 'http://evil.example' },
    { origin: 'null' },
    { 'sec-fetch-site': 'cross-site' },
    { 'sec-fetch-site': 'same-site', 'origin': 'http://localhost:5173' },
    { 'origin': 'http://localhost:5173', 'content-type': 'text/plain' }
  ]
  for (const headers of attacks) {
    for (const path of ['/_emulator/reset', '/_emulator/workspaces/wsMain00001/reset', '/_emulator/workspaces']) {
      const res = await app.inject({ method: 'POST', url: path, headers, payload: headers['content-type'] ? 'x' : undefined })
      t.same([res.statusCode, res.json()], [403, crossSite(path)], `${JSON.stringify(headers)} ${path}`)
    }
  }
  const after = (await call(t, app, 'GET', '/api/v1/collections')).body
  t.equal(after.data.length, before.data.length + 1, 'nothing was reset')
  const read = await app.inject({ method: 'GET', url: '/_emulator/requests', headers: { origin: 'http://evil.example' } })
  t.equal(read.statusCode, 200, 'reads are not writes (CORS keeps their answers from the page)')
  const sameOrigin = await app.inject({ method: 'POST', url: '/_emulator/reset', headers: { 'origin': 'http://localhost:80', 'sec-fetch-site': 'same-origin' } })
  t.equal(sameOrigin.statusCode, 200, "the emulator's own pages may write")
  t.equal((await app.inject({ method: 'POST', url: '/_emulator/reset' })).statusCode, 200, 'curl without browser headers may write')
})

t.test('odd URLs get declared statuses in the usual envelope (14.8)', async (t) => {
  const app = await fresh()
  const longId = 'x'.repeat(150)
  const unauthorised = await call(t, app, 'GET', `/api/v1/scenes/${longId}`, { key: 'sk-not-a-key' })
  t.same([unauthorised.status, unauthorised.body], [401, errorBody(401, 'Unauthorized', 'Invalid API key')], 'auth before anything else')
  const missing = await call(t, app, 'GET', `/api/v1/scenes/${longId}`)
  t.same([missing.status, missing.body], [404, errorBody(404, 'Not Found', `Scene ${longId} not found`)], 'then the lookup')
  const badEncoding = await call(t, app, 'GET', '/api/v1/scenes/%E0%A4%A', { key: KEYS.read })
  t.same([badEncoding.status, badEncoding.body], [400, errorBody(400, 'Bad Request',
    'The URL path /api/v1/scenes/%E0%A4%A has malformed percent-encoding: encode each reserved byte as %XX')])
})

t.test('keys in a query string are redacted in the journal', async (t) => {
  t.equal(redactUrl('/api/v1/scenes?api_key=sk-1&limit=2&Access-Token=x&key'), '/api/v1/scenes?api_key=[redacted]&limit=2&Access-Token=[redacted]&key')
  t.equal(redactUrl('/api/v1/scenes'), '/api/v1/scenes')
  const app = await fresh()
  await call(t, app, 'GET', `/api/v1/collections?api_key=${KEYS.full}&key=${KEYS.read}&limit=1`)
  const page = (await app.inject({ method: 'GET', url: '/_emulator/requests' })).json()
  t.same(page.data[0].query, { api_key: '[redacted]', key: '[redacted]', limit: '1' })
  t.notOk(JSON.stringify(page).includes(KEYS.full), 'the secret appears nowhere')
})

t.test('one warning line at start when listening beyond loopback without an admin token', async (t) => {
  const exposed = await startProcess('src/server.ts', [], { HOST: '0.0.0.0', LOG_LEVEL: 'warn' })
  t.teardown(() => stopProcess(exposed.child))
  await new Promise((resolve) => setTimeout(resolve, 200))
  const warnings = exposed.output().split('\n').filter((line) => line.includes('without EMULATOR_ADMIN_TOKEN'))
  t.equal(warnings.length, 1)
  const guarded = await startProcess('src/server.ts', [], { HOST: '0.0.0.0', LOG_LEVEL: 'warn', EMULATOR_ADMIN_TOKEN: 'secret' })
  t.teardown(() => stopProcess(guarded.child))
  await new Promise((resolve) => setTimeout(resolve, 200))
  t.notMatch(guarded.output(), /without EMULATOR_ADMIN_TOKEN/, 'no warning with a token')
})
