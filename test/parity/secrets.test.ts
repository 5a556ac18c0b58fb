// The one credential reader and mask of parity/ (secrets.ts), and its writers besides the shadow (whose canary test
// is shadow/secrets.test.ts): parity's report, recording and lines, an import's fixture set and lines, and a
// profile learned from a report that held a query credential in clear.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { learnCommand } from '../../src/parity/learn/command.js'
import { MASK, credentialsInBody, credentialsOf, maskCredentialParams, maskRequestByName, maskRequestPaths, secretMask } from '../../src/parity/secrets.js'
import { filesIn, importWorkspace, parity, startStandIn, startTarget, type Target } from './parity-helper.js'

const work = mkdtempSync(join(tmpdir(), 'parity-secrets-'))
t.teardown(() => rmSync(work, { recursive: true, force: true }))
let target: Target
t.before(async () => { target = await startTarget(t) })

const headers = (...pairs: string[]): string[] => pairs

t.test('credentialsOf and credentialsInBody: every header that carries one, the query, a JSON body; short values left to the by-name masks', async (t) => {
  const basic = Buffer.from('basic-user-01:basic-pass-02').toString('base64')
  t.same(credentialsOf({ url: '/api/v1/scenes', rawHeaders: headers('Authorization', 'Bearer bearer-key-01') }), ['Bearer bearer-key-01', 'bearer-key-01'])
  t.same(credentialsOf({ url: '/api/v1/scenes', rawHeaders: headers('authorization', 'bare-key-0001') }), ['bare-key-0001'], 'no scheme: the whole value')
  t.same(credentialsOf({ url: '/', rawHeaders: headers('Authorization', `Basic ${basic}`) }), [`Basic ${basic}`, basic, 'basic-user-01:basic-pass-02', 'basic-user-01', 'basic-pass-02'], 'Basic: decoded, both halves')
  t.same(credentialsOf({ url: '/', rawHeaders: headers('Proxy-Authorization', 'Token proxy-key-01', 'X-Api-Key', 'x-api-key-0001', 'Content-Type', 'application/json-long') }), ['Token proxy-key-01', 'proxy-key-01', 'x-api-key-0001'], 'any scheme; headers that carry none are not read')
  t.same(credentialsOf({ url: '/', rawHeaders: headers('Cookie', 'theme=dark; session=cookie%2Fvalue-01') }), ['cookie%2Fvalue-01', 'cookie/value-01'], 'each cookie value, as sent and decoded; "dark" is too short to search for')
  t.same(credentialsOf({ url: '/api/v1/scenes?limit=20&api_key=query-key-01&Access-Token=query-token-01&cursor=abcdefghijk', rawHeaders: [] }), ['query-key-01', 'query-token-01'], 'credential parameters only')
  t.same(credentialsInBody({ name: 'a scene name', auth: { apiKey: 'body-key-0001' }, list: [{ token: 'body-token-01' }, { key: 'short' }] }), ['body-key-0001', 'body-token-01'], 'a JSON body\'s credential fields at any depth')
  t.same(credentialsInBody(undefined), [], 'no body (or not JSON): nothing')
})

t.test('a credential header is a credential whatever its length; a short cookie value or field found by name is not searched for', async (t) => {
  t.same(credentialsOf({ url: '/', rawHeaders: headers('X-Api-Key', 'k5Zq9') }), ['k5Zq9'], 'a 5-character X-Api-Key')
  t.same(credentialsOf({ url: '/', rawHeaders: headers('Authorization', 'Bearer sk-12', 'Proxy-Authorization', 'px7') }), ['Bearer sk-12', 'sk-12', 'px7'], 'short Authorization and Proxy-Authorization values')
  t.same(credentialsOf({ url: '/', rawHeaders: headers('Authorization', 'Bearer') }), [], 'a scheme alone carries no credential')
  const basic = Buffer.from('api:pw').toString('base64')
  t.same(credentialsOf({ url: '/', rawHeaders: headers('Authorization', `Basic ${basic}`) }), [`Basic ${basic}`, basic, 'api:pw'], 'Basic whole, its short halves not (a user "api" would mask every /api/v1)')
  t.same(credentialsOf({ url: '/api/v1/scenes?api_key=abc', rawHeaders: headers('Cookie', 'theme=dark') }), [], 'a short query credential and cookie value: masked by name only')
  // Echoed by a target into an answer, the short key is masked wherever the report or recording holds it.
  const mask = secretMask(new Set(credentialsOf({ url: '/', rawHeaders: headers('X-Api-Key', 'k5Zq9') })))
  t.same(mask.value({ status: 401, message: 'Unknown key: k5Zq9' }), { status: 401, message: `Unknown key: ${MASK}` })
})

t.test('secretMask: every spelling, keys learned later, object keys; the by-name masks', async (t) => {
  const secrets = new Set(['key/with "quote"'])
  const mask = secretMask(secrets)
  t.equal(mask.text('a key/with "quote" b key%2Fwith%20%22quote%22 c key%2Fwith+%22quote%22 d key/with \\"quote\\"'), `a ${MASK} b ${MASK} c ${MASK} d ${MASK}`)
  secrets.add('later-secret-1')
  t.same(mask.value({ 'later-secret-1': ['x later-secret-1 y', 3, null] }), { [MASK]: [`x ${MASK} y`, 3, null] }, 'a secret added after the mask was made')
  t.equal(maskCredentialParams('/scenes?limit=2&token=abc&tokens=x&api%5Fkey=def'), `/scenes?limit=2&token=${encodeURIComponent(MASK)}&tokens=x&api%5Fkey=${encodeURIComponent(MASK)}`)
  t.equal(maskCredentialParams('/scenes/abc'), '/scenes/abc')
  t.same(maskRequestByName({ method: 'GET', path: '/x', query: { key: 'k', limit: '2' }, headers: { 'x-api-key': 'k', 'accept': 'a' }, body: { nested: { password: 'p' }, name: 'n' } }),
    { method: 'GET', path: '/x', query: { key: MASK, limit: '2' }, headers: { accept: 'a' }, body: { nested: { password: MASK }, name: 'n' } })
  t.same(maskRequestPaths({ seen: [{ path: '/a', requests: [{ path: '/scenes?token=abc' }] }] }), { seen: [{ path: '/a', requests: [{ path: `/scenes?token=${encodeURIComponent(MASK)}` }] }] })
})

t.test('parity: a key the target echoes is in no report, recording or line', async (t) => {
  const key = await target.mintKey()
  const echoing = await startStandIn(t, { upstream: target.url, rewrite: (method, path, body) => path === '/api/v1/workspaces' ? { ...(body as object), echoedKey: key } : body })
  const report = join(work, 'parity-report.json')
  const record = join(work, 'parity-recording')
  const run = await parity('--target', echoing.api, '--key', key, '--read-only', '--only', 'GET /api/v1/workspaces', '--report', report, '--record', record)
  t.equal(run.code, 1, run.err)
  const written = JSON.parse(readFileSync(report, 'utf8'))
  t.same(written.operations[0].differences.map((d: any) => [d.path, d.kind, d.target]), [['body/echoedKey', 'extra', MASK]], 'the difference is reported, masked')
  const holding = [...filesIn(work), { file: 'lines', text: `${run.out}\n${run.err}` }].filter((f) => f.text.includes(key)).map((f) => f.file)
  t.same(holding, [], 'nothing holds the key')
  t.match(run.out, /body\/echoedKey/, 'the table names it')

  const refusing = await startStandIn(t, { answer: () => ({ status: 401, body: { statusCode: 401, error: 'Unauthorized', message: `unknown key ${key}` } }) })
  const refused = await parity('--target', refusing.api, '--key', key)
  t.equal(refused.code, 2)
  t.notOk(`${refused.out}${refused.err}`.includes(key), refused.err)
})

t.test('import: a key the service echoes is masked in the fixture set and the lines', async (t) => {
  const key = await target.mintKey()
  const echoing = await startStandIn(t, { upstream: target.url, rewrite: (method, path, body) => path === '/api/v1/workspaces' ? { ...(body as object), name: `Acme of ${key}` } : body })
  const out = join(work, 'imported')
  const run = await importWorkspace('--from', echoing.api, '--key', key, '--out', out)
  t.equal(run.code, 0, run.err)
  const files = filesIn(out)
  t.same(files.filter((f) => f.text.includes(key)).map((f) => f.file), [], 'no fixture file holds the key')
  t.ok(files.some((f) => f.file.endsWith('workspace.json') && JSON.parse(f.text).name === `Acme of ${MASK}`), 'the echo is masked where it was')
  t.notOk(`${run.out}${run.err}`.includes(key))
})

t.test('learn: a report that held a query credential in clear gives a profile that does not', async (t) => {
  const report = join(work, 'clear-report.json')
  writeFileSync(report, JSON.stringify({
    target: 'https://service.example/api/v1',
    operations: [{ operation: 'GET /api/v1/scenes', differs: 1, differences: [{ path: 'header/x-new', kind: 'header', emulator: null, target: 'v', requests: [{ method: 'GET', path: '/scenes?api_key=clear-key-0001&limit=2', step: 1 }] }] }]
  }))
  const lines: string[] = []
  const code = await learnCommand(['--from', report, '--out', join(work, 'clear-profile.json')], { out: (text) => lines.push(text), err: (text) => lines.push(text), env: {}, version: '0.1.0' })
  t.equal(code, 0, lines.join('\n'))
  const profile = readFileSync(join(work, 'clear-profile.json'), 'utf8')
  t.notOk(profile.includes('clear-key-0001'))
  t.ok(profile.includes(`"path": "/scenes?api_key=${encodeURIComponent(MASK)}&limit=2"`), profile)
})
