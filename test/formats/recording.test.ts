// The recording format's round trip: what `parity --record` and a shadow session's `--record` write is read back by
// every reader (readRecording, and `parity --verify` through it) exactly as written, the shadow's verdict and an
// unreadable file's refusal line included.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { RECORDING_FORMAT, RECORDING_VERSION } from '../../src/formats/recording.js'
import { readRecording } from '../../src/parity/recording.js'
import { RunError } from '../../src/parity/types.js'
import { filesIn, parity } from '../parity/parity-helper.js'
import { send, startShadowFor, startTarget } from '../parity/shadow/shadow-helper.js'

const work = mkdtempSync(join(tmpdir(), 'formats-recording-'))
t.teardown(() => rmSync(work, { recursive: true, force: true }))

const json = (file: string): any => JSON.parse(readFileSync(file, 'utf8'))

/** The parser's own words for a text that is not JSON (they are Node's, not the format's). */
function parserSays (text: string): string {
  try {
    JSON.parse(text)
  } catch (error) {
    return (error as Error).message
  }
  throw new Error(`${text} is JSON`)
}

/** What the writer put on disk: the header and each step file, in file order. */
const onDisk = (dir: string): { header: any, steps: any[] } =>
  ({ header: json(join(dir, 'recording.json')), steps: filesIn(join(dir, 'steps')).map((f) => JSON.parse(f.text)) })

t.test('parity --record: readRecording returns the files as written, and --verify replays them', async (t) => {
  const target = await startTarget(t)
  const dir = join(work, 'parity')
  const made = await parity('--target', target.apiUrl, '--key', target.keys.full, '--record', dir, '--read-only')
  t.equal(made.code, 0, made.err)
  const read = readRecording(dir)
  t.same(read, onDisk(dir), 'the reader returns what the writer wrote')
  t.match(read.header, {
    format: RECORDING_FORMAT, version: RECORDING_VERSION, target: target.apiUrl, readOnly: true, includeMcp: false, redactedPeople: false,
    steps: read.steps.length
  })
  t.ok(read.steps.length > 10, `${read.steps.length} steps`)
  const verified = await parity('--verify', dir)
  t.equal(verified.code, 0, verified.err)
})

t.test('a shadow session\'s --record: its steps carry the live verdict, read back as written', async (t) => {
  const target = await startTarget(t)
  const page = await fetch(`${target.url}/_emulator/stubs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ method: 'POST', path: '/collections', status: 200, headers: { 'content-type': 'text/html' }, body: '<html>maintenance</html>' }) })
  t.ok(page.ok, await page.text())
  const dir = join(work, 'shadow')
  const shadowed = await startShadowFor(t, target.apiUrl, { record: dir })
  await send(shadowed.api, target.keys.full, 'GET', '/workspaces')
  await send(shadowed.api, target.keys.full, 'POST', '/collections', { name: 'made on the shadow side only' })
  t.equal(await shadowed.stop(), 0, 'the target\'s failure is no difference')
  const read = readRecording(dir)
  t.same(read, onDisk(dir), 'the reader returns what the writer wrote')
  t.match(read.header, { format: RECORDING_FORMAT, version: RECORDING_VERSION, source: 'shadow', reads: 'value', steps: 2 })
  t.same(read.steps.map((step) => [step.operation, step.verdict]), [
    ['GET /api/v1/workspaces', undefined],
    ['POST /api/v1/collections', { targetFailure: 'the target answered 200 with a body that is not JSON (text/html)' }]
  ])
  t.same(read.steps[0].request.auth, { kind: 'key', shape: { label: 'key 1', kind: 'workspace', permission: 'read', role: 'admin' } }, 'how the client authenticated, as a profile')
  const verified = await parity('--verify', dir)
  t.equal(verified.code, 0, verified.err)
  t.match(verified.out, /shadow recording of .* 2 requests replayed/)
})

t.test('a recording that cannot be read: one line naming the file and the problem', async (t) => {
  const target = await startTarget(t)
  const dir = join(work, 'edited')
  t.equal((await parity('--target', target.apiUrl, '--key', target.keys.full, '--record', dir, '--read-only')).code, 0)
  const { header } = onDisk(dir)
  const [first] = filesIn(join(dir, 'steps'))
  const headerFile = join(dir, 'recording.json')
  const cases: Array<[string, string, string]> = [
    [headerFile, '{"format": ', `${headerFile} is not JSON (${parserSays('{"format": ')})`],
    [headerFile, JSON.stringify({ ...header, format: 'a report' }), `${dir}/recording.json is not a parity recording`],
    [headerFile, JSON.stringify({ ...header, version: 2 }), `${dir} is format version 2, this drawing-api-emulator reads version 1: record it again with this version`],
    [headerFile, JSON.stringify({ ...header, steps: 'one' }), `${dir}/recording.json: recording/steps must be integer`],
    [headerFile, JSON.stringify({ ...header, steps: header.steps + 1 }), `${dir} should hold ${header.steps + 1 as number} steps and holds ${header.steps as number}`],
    [first.file, JSON.stringify({ ...JSON.parse(first.text), answer: { status: 200 } }), `${first.file} is not a recorded step (operation, request, answer)`],
    [first.file, '[1', `${first.file} is not JSON (${parserSays('[1')})`]
  ]
  for (const [file, text, line] of cases) {
    const kept = readFileSync(file, 'utf8')
    writeFileSync(file, text)
    t.throws(() => readRecording(dir), new RunError(`cannot read the recording: ${line}`), line)
    writeFileSync(file, kept)
  }
  t.same(readRecording(dir), onDisk(dir), 'each file put back: read again')
})
