// The docs' claim, with a client's own calls: against a service whose shape changed consistently (a field renamed
// on every item of a list, a field on its 404 bodies, a route it no longer has), shadow reports each change where
// it is, `learn` learns each for the status and items it was seen on, the same client through `shadow
// --drift-profile` leaves no difference, and the client prints offline exactly what it prints against the service.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t, { type Test } from 'tap'
import { startEmulator } from '../../../src/index.js'
import { learnCommand } from '../../../src/parity/learn/command.js'
import type { ShadowOptions } from '../../../src/parity/shadow/options.js'
import { send, startShadowFor } from './shadow-helper.js'

const work = mkdtempSync(join(tmpdir(), 'shadow-learn-consistent-'))
t.teardown(() => rmSync(work, { recursive: true, force: true }))

const KEY = 'sk-demo-full'
const SCENE = 'scnNope0001'

/** The service's change: every collection's sortOrder renamed, a code on every 404 of a scene. */
const SERVICE = {
  format: 'drawing-api-emulator drift profile',
  version: 1,
  operations: [
    { operation: 'GET /api/v1/collections', changes: [{ change: 'field-renamed', path: '/data/*/sortOrder', to: 'sort_order', status: 200 }] },
    { operation: 'GET /api/v1/scenes/{sceneId}', changes: [{ change: 'field-added', path: '/code', sample: 'scene_not_found', status: 404 }] }
  ]
}

/** And a route it no longer has: POST /workspaces/invites answers its router's not-found (a stub of the target). */
async function dropInvites (target: string): Promise<unknown> {
  const probe = await send(`${target}/api/v1`, KEY, 'GET', '/parityNoSuchRoute/parityNoSuchId0')
  const notFound = JSON.parse(probe.text.replaceAll('GET:/api/v1/parityNoSuchRoute/parityNoSuchId0', 'POST:/api/v1/workspaces/invites'))
  const stub = await fetch(`${target}/_emulator/stubs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ method: 'POST', path: '/workspaces/invites', status: 404, body: notFound }) })
  if (stub.status !== 201 && stub.status !== 200) throw new Error(`stub refused: ${stub.status} ${await stub.text()}`)
  return notFound
}

/** A client's own script: what it prints of each answer (no ids or times, which no two runs share). */
async function client (api: string): Promise<string[]> {
  const printed: string[] = []
  const collections = await send(api, KEY, 'GET', '/collections?limit=100')
  printed.push(`collections ${collections.status}: ${collections.body.data.map((c: any) => `${c.name} [${Object.keys(c).sort().join(' ')}]`).join('; ')}`)
  const made = await send(api, KEY, 'POST', '/collections', { name: 'client collection' })
  printed.push(`made ${made.status}: ${made.body.name}`)
  const missing = await send(api, KEY, 'GET', `/scenes/${SCENE}`)
  printed.push(`missing scene ${missing.status}: ${missing.text}`)
  const invites = (await send(api, KEY, 'GET', '/workspaces/invites')).body.data.length
  const invited = await send(api, KEY, 'POST', '/workspaces/invites', { email: 'new.person@example.com', role: 'member' })
  printed.push(`invite ${invited.status}: ${invited.text}`)
  printed.push(`invites ${invites} -> ${(await send(api, KEY, 'GET', '/workspaces/invites')).body.data.length as number}`)
  const again = await send(api, KEY, 'GET', '/collections?limit=100')
  printed.push(`collections again ${again.status}: ${again.body.data.map((c: any) => `${c.name}:${c.sort_order ?? c.sortOrder}`).join(' ')}`)
  return printed
}

async function learn (...argv: string[]): Promise<{ code: number, out: string }> {
  const lines: string[] = []
  const code = await learnCommand(argv, { out: (text) => lines.push(text), err: (text) => lines.push(text), env: {}, version: '0.1.0' })
  return { code, out: lines.join('\n') }
}

async function shadowRun (t: Test, target: string, name: string, options: Partial<ShadowOptions> = {}): Promise<{ report: any, printed: string[] }> {
  const file = join(work, `${name}.json`)
  const shadowed = await startShadowFor(t, `${target}/api/v1`, { report: file, ...options })
  const printed = await client(shadowed.api)
  await shadowed.stop()
  return { report: JSON.parse(readFileSync(file, 'utf8')), printed }
}

const brief = (report: any) => Object.fromEntries(report.operations.filter((op: any) => op.differs > 0)
  .map((op: any) => [op.operation, op.differences.map((d: any) => `${d.kind} ${d.pattern ?? d.path} @${d.status as number}`).sort()]))

t.test('a consistently changed service: learned for the status and items it was seen on, replayed with no difference left', async (t) => {
  const serviceFile = join(work, 'service.json')
  writeFileSync(serviceFile, JSON.stringify(SERVICE))
  // In this process, on a port of its own (the shadow reaches it over HTTP; its own process cost 0.9 s of CPU to start).
  const service = await startEmulator({ renderer: false, driftProfile: serviceFile })
  t.teardown(() => service.close())
  await dropInvites(service.url)

  const before = await shadowRun(t, service.url, 'before')
  t.same(before.report.shadow.failures, [])
  t.same(brief(before.report), {
    'GET /api/v1/collections': ['extra body/data/*/sort_order @200', 'missing body/data/*/sortOrder @200'],
    'GET /api/v1/scenes/{sceneId}': ['extra body/code @404'],
    // The shadow side took the invite the service refused: its list has one more (a list item, not a shape).
    'GET /api/v1/workspaces/invites': ['missing body/data/* @200'],
    'POST /api/v1/workspaces/invites': ['missing-route route @404']
  }, 'each change where it is: every item, the 404s, the route (not a status and every field)')
  // The import read the service's collections in the new shape: only the client's own one had the old name to lose.
  const removed = before.report.operations.find((op: any) => op.operation === 'GET /api/v1/collections').differences.find((d: any) => d.kind === 'missing')
  t.same([removed.path, removed.count], ['body/data/3/sortOrder', 1])

  const profile = join(work, 'learned.json')
  const learned = await learn('--from', join(work, 'before.json'), '--out', profile)
  t.equal(learned.code, 0, learned.out)
  const written = JSON.parse(readFileSync(profile, 'utf8'))
  t.same(written.operations.map((op: any) => [op.operation, op.changes.map(({ seen: _s, ...c }: any) => c)]), [
    ['GET /api/v1/collections', [{ change: 'field-renamed', path: '/data/*/sortOrder', to: 'sort_order', status: 200 }]],
    ['GET /api/v1/scenes/{sceneId}', [{ change: 'field-added', path: '/code', sample: 'scene_not_found', status: 404 }]],
    ['POST /api/v1/workspaces/invites', [{ change: 'route-missing', status: 404, body: '{"statusCode":404,"error":"Not Found","message":"Route <method>:<path> not found"}' }]]
  ])

  await fetch(`${service.url}/_emulator/reset`, { method: 'POST' })
  await dropInvites(service.url)
  // The shadow side from the fixtures the service runs (an import would read the renamed field under its new name).
  const after = await shadowRun(t, service.url, 'after', { driftProfile: profile, fixtures: 'fixtures/default' })
  t.same([brief(after.report), after.report.summary.differs, after.report.shadow.failures], [{}, 0, []], 'through shadow --drift-profile: no difference left')

  // The client against the service, then offline against an emulator with the learned profile: the same lines.
  await fetch(`${service.url}/_emulator/reset`, { method: 'POST' })
  await dropInvites(service.url)
  const online = await client(`${service.url}/api/v1`)
  t.same(online, after.printed, 'the shadow gave the client the service\'s answers')
  const offline = await startEmulator({ renderer: false, driftProfile: profile })
  t.teardown(() => offline.close())
  t.same(await client(offline.apiUrl), online, 'offline, the client prints what it prints against the service')
  t.match(online[3], /^invite 404: .*Route POST:\/api\/v1\/workspaces\/invites not found/)
  t.equal(online[4], 'invites 3 -> 3', 'the refused invite was written nowhere')
  const plain = await startEmulator({ renderer: false })
  t.teardown(() => plain.close())
  t.not((await client(plain.apiUrl)).join('\n'), online.join('\n'), 'without the profile the client prints something else')
})
