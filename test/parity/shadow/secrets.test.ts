// No credential a client sends is ever written: a distinct canary through each channel a key can take (Authorization
// Bearer, bare and Basic, X-Api-Key (a long and a 5-character one), Cookie, Proxy-Authorization, ?api_key=, ?token=, a key where an id belongs, a
// body field), through a shadow with --report and --record in front of a target that echoes unknown keys in its
// 401s; then `learn` from the report and from a `parity --verify` of the recording. Every byte written or answered
// is searched: the files, the lines printed, the report and pages the shadow serves, the shadow side's journal.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t, { type Test } from 'tap'
import { learnCommand } from '../../../src/parity/learn/command.js'
import { filesIn, parity } from '../parity-helper.js'
import { ACME, startShadowFor, startTarget } from './shadow-helper.js'

const work = mkdtempSync(join(tmpdir(), 'shadow-secrets-'))
t.teardown(() => rmSync(work, { recursive: true, force: true }))

const CANARY = {
  bearer: 'canary-bearer-7Qx1Lp',
  bare: 'canary-bare-8Rk2Vd',
  basicUser: 'canary-basic-user-3Zp',
  basicPassword: 'canary-basic-pass-9Lm',
  xApiKey: 'canary-xapikey-4Tn5',
  /** A credential header's value is one whatever its length (a short one is searched for too). */
  shortKey: 'Qz7k9',
  cookie: 'canary-cookie-6Wq8',
  proxy: 'canary-proxyauth-2Hd4',
  apiKeyParam: 'canary-query-apikey-5Vb',
  tokenParam: 'canary-query-token-1Jc',
  pathKey: 'canary-path-key-0Ms9',
  bodyField: 'canary-body-field-8Ae'
}
const BASIC = Buffer.from(`${CANARY.basicUser}:${CANARY.basicPassword}`).toString('base64')

/** Every spelling of every canary a file could hold. */
const FORBIDDEN = [...new Set([...Object.values(CANARY).flatMap((c) => [c, encodeURIComponent(c)]), BASIC])]

/**
 * The live service as the shadow sees it: the two canaries that are keys here (the Bearer one and the one a client
 * also puts in the path) stand for a real key of the emulator behind; any other credential gets a 401 whose
 * message echoes every credential (Basic's decoded too) and the URL it came with, as some services do. Its other answers carry no
 * rate-limit headers and a Deprecation header: shape differences on every operation (an unknown route's too), which
 * `learn` learns with the requests that showed them.
 */
async function echoingTarget (t: Test, upstream: string, realKey: string): Promise<string> {
  const real = new Map([[`Bearer ${CANARY.bearer}`, realKey], [`Bearer ${CANARY.pathKey}`, realKey]])
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const key = real.get(req.headers.authorization ?? '')
      if (key === undefined) {
        const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1]
        const decoded = basic === undefined ? undefined : `(user:password ${Buffer.from(basic, 'base64').toString('utf8')})`
        const echoed = [req.headers.authorization, decoded, req.headers['x-api-key'], req.headers.cookie, req.url].filter((v) => v !== undefined).join(' ')
        res.writeHead(401, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ statusCode: 401, error: 'Unauthorized', message: `Unknown key: ${echoed}` }))
        return
      }
      const body = Buffer.concat(chunks)
      fetch(`${upstream}${req.url ?? '/'}`, { method: req.method, headers: { 'authorization': `Bearer ${key}`, 'content-type': req.headers['content-type'] ?? 'application/json' }, body: body.length === 0 ? undefined : body })
        .then(async (answer) => { res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json', 'deprecation': '@1788220800' }).end(Buffer.from(await answer.arrayBuffer())) })
        .catch(() => res.destroy())
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()) }))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`
}

interface Raw { status: number, text: string }

/** One request with exactly these headers (node:http: fetch will not send Proxy-Authorization as given). */
function rawSend (url: string, method: string, headers: Record<string, string>, body?: unknown): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body)
    const req = httpRequest(url, { method, headers: { ...headers, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }))
    })
    req.on('error', reject)
    req.end(payload)
  })
}

const bearer = (key: string): Record<string, string> => ({ authorization: `Bearer ${key}` })

/** A client that hands the shadow its keys every way a client can. */
async function canaryClient (api: string): Promise<Raw[]> {
  const collections = await rawSend(`${api}/collections?limit=100`, 'GET', bearer(CANARY.bearer))
  const collection = (JSON.parse(collections.text) as { data: Array<{ id: string }> }).data.find((c) => c.id !== 'private')?.id ?? 'private'
  return [
    collections,
    await rawSend(`${api}/scenes`, 'GET', { authorization: CANARY.bare }),
    await rawSend(`${api}/scenes`, 'GET', { authorization: `Basic ${BASIC}` }),
    await rawSend(`${api}/scenes`, 'GET', { 'x-api-key': CANARY.xApiKey }),
    await rawSend(`${api}/scenes`, 'GET', { 'x-api-key': CANARY.shortKey }),
    await rawSend(`${api}/workspaces`, 'GET', { cookie: `theme=dark; session=${CANARY.cookie}` }),
    await rawSend(`${api}/workspaces`, 'GET', { ...bearer(CANARY.bearer), 'proxy-authorization': `Bearer ${CANARY.proxy}` }),
    await rawSend(`${api}/scenes?api_key=${CANARY.apiKeyParam}&limit=2`, 'GET', bearer(CANARY.bearer)),
    await rawSend(`${api}/scenes?token=${CANARY.tokenParam}`, 'GET', {}),
    await rawSend(`${api}/scenes/${CANARY.pathKey}`, 'GET', bearer(CANARY.pathKey)),
    // A route neither side has: its operation is named by its path.
    await rawSend(`${api}/keys/${CANARY.pathKey}`, 'GET', bearer(CANARY.pathKey)),
    await rawSend(`${api}/collections/${collection}/scenes`, 'POST', bearer(CANARY.bearer), { name: 'canary scene', pinned: false, apiKey: CANARY.bodyField }),
    // The client's own key in its data: stored by the target and by the shadow side, whose pages show it.
    await rawSend(`${api}/collections/${collection}/scenes`, 'POST', bearer(CANARY.bearer), { name: `scene of ${CANARY.bearer}`, pinned: false })
  ]
}

async function learn (...argv: string[]): Promise<{ code: number, lines: string[] }> {
  const lines: string[] = []
  const code = await learnCommand(argv, { out: (text) => lines.push(text), err: (text) => lines.push(text), env: {}, version: '0.1.0' })
  return { code, lines }
}

/** What the shadow serves while running: the report, its page, the demo overview, the shadow side's journal. */
async function served (origin: string): Promise<Array<{ file: string, text: string }>> {
  const paths = ['/_emulator/shadow', '/_emulator/ui/shadow', '/_emulator/ui', `/_emulator/ui/workspaces/${ACME}`, '/_emulator/ui/journal', '/_emulator/requests', '/_emulator/ui/api/requests', '/_emulator/ui/api/shadow']
  return await Promise.all(paths.map(async (path) => ({ file: `GET ${path}`, text: `${(await fetch(`${origin}${path}`)).status} ${await (await fetch(`${origin}${path}`)).text()}` })))
}

const holding = (written: ReadonlyArray<{ file: string, text: string }>): string[] =>
  written.flatMap(({ file, text }) => FORBIDDEN.filter((canary) => text.includes(canary)).map((canary) => `${file}: ${canary}`))

t.test('a canary through every channel a key can take is in no byte written or answered', async (t) => {
  const target = await startTarget(t)
  const api = await echoingTarget(t, target.url, target.keys.full)
  const report = join(work, 'report.json')
  const record = join(work, 'recording')
  const shadowed = await startShadowFor(t, api, { report, record })
  const answers = await canaryClient(shadowed.api)
  t.same(answers.map((a) => a.status), [200, 401, 401, 401, 401, 401, 200, 200, 401, 404, 404, 400, 200], 'the target answered each request')
  t.ok(answers[1].text.includes(CANARY.bare), 'the client gets the target\'s answer as it was (the echo included)')
  await shadowed.shadow.session.settled()
  const live = await served(shadowed.shadow.url)
  t.equal(await shadowed.stop(), 1, 'the echoing 401s differ from the emulator\'s')

  const written = JSON.parse(readFileSync(report, 'utf8'))
  const paths = written.operations.flatMap((op: any) => op.differences.flatMap((d: any) => d.requests.map((r: any) => r.path)))
  t.ok(paths.includes('/scenes?api_key=%5Bthe%20key%5D&limit=2'), 'a query credential is masked in the report\'s requests')
  const steps = filesIn(join(record, 'steps'))
  t.equal(steps.length, 13, 'every request is recorded')
  const refs = written.operations.flatMap((op: any) => [...op.differences, ...op.accepted].flatMap((d: any) => d.requests.map((r: any) => r.file)))
  t.same(refs.filter((file: string) => !steps.some((step) => step.file === join(record, file))), [], 'each request names its step file as written (an unknown route\'s too)')
  t.ok(written.operations.some((op: any) => op.operation === 'GET /api/v1/keys/[the key]'), 'an unknown route is named by its path, masked')
  t.ok(steps.some((f) => f.text.includes('Unknown key: [the key]')), 'an echoed key is masked where it was')

  const learned = await learn('--from', report, '--out', join(work, 'from-report.json'))
  t.equal(learned.code, 0, learned.lines.join('\n'))
  const verified = await parity('--verify', record, '--report', join(work, 'verify.json'))
  t.ok(verified.code === 0 || verified.code === 1, verified.err)
  const relearned = await learn('--from', join(work, 'verify.json'), '--out', join(work, 'from-verify.json'))
  t.equal(relearned.code, 0, relearned.lines.join('\n'))
  const profile = readFileSync(join(work, 'from-report.json'), 'utf8')
  t.ok(profile.includes('"path": "/scenes?api_key=%5Bthe%20key%5D&limit=2"') && profile.includes('"path": "/scenes/[the key]"'), 'the profile names the requests, masked')
  t.ok(readFileSync(join(work, 'from-verify.json'), 'utf8').includes('"path": "/scenes?api_key=%5Bthe%20key%5D&limit=2"'), 'so does the one learned from the replay (learn masks the parameter by name again)')

  const everything = [
    ...live,
    ...filesIn(work),
    { file: 'shadow stdout and stderr', text: [...shadowed.lines.out, ...shadowed.lines.err].join('\n') },
    { file: 'learn lines', text: [...learned.lines, ...relearned.lines].join('\n') },
    { file: 'parity --verify lines', text: `${verified.out}\n${verified.err}` }
  ]
  t.ok(everything.length > 15, `${everything.length} files and answers searched`)
  t.same(holding(everything), [], 'no canary anywhere')
})
