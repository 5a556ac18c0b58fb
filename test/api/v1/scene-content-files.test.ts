// Files that cannot be served (filesFailedToEmbed) and the reference samples through PUT and GET.
// Samples are read from ../shared/reference/samples (or $REFERENCE_SAMPLES) at test time, never copied into the repo.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import t, { type Test } from 'tap'
import { MINIMAL_FIXTURES } from '../../../src/config/index.js'
import { build, call, errorBody, sharedApp } from '../../helper.js'
import { missingReference } from '../../reference.js'
import { file, image, putBody } from '../../content/element-builders.js'

const repoRoot = resolve(fileURLToPath(import.meta.url), '../../../..')
const samplesDir = resolve(process.env.REFERENCE_SAMPLES ?? resolve(repoRoot, '../shared/reference/samples'))
const CONTENT = (id: string) => `/api/v1/scenes/${id}/content`
const IMAGE_FILE = 'abfa45992a57fe6bad54151ea0d7f8c5c9a7b54c'
const SAMPLE_FILE = 'file-abc_123'
const STICKYNOTE = 'Bn6KfTj1sWqMz8RvXdC3L'

type Sample = Record<string, any> & { elements: Array<Record<string, unknown>> }
const loadSample = (name: string): Sample => JSON.parse(readFileSync(resolve(samplesDir, name), 'utf8'))

/**
 * The hand-built samples' stickynote lacks `baseHeight`, which the live service requires;
 * the raw sample is a 400 and the round trip uses a copy with one.
 */
const withBaseHeight = (sample: Sample): Sample =>
  ({ ...sample, elements: sample.elements.map((e) => e.type === 'stickynote' ? { ...e, baseHeight: 100 } : e) })

/** The document a GET answers for `sent`: the PUT body without the keys writes ignore, with the new sceneVersion. */
function stored (sent: Sample, sceneVersion: string) {
  const { filesFailedToEmbed: _ignored, ...rest } = sent
  return { ...rest, sceneVersion }
}

/**
 * A copy of fixtures/minimal in a temporary folder where scnImage001's image file is unavailable (plus an id
 * that names no file) and, when the samples are there, scnSample01 holds scene_content.json with its file unavailable.
 */
function fixturesWithUnavailableFiles (t: Test): string {
  const dir = mkdtempSync(join(tmpdir(), 'scene-content-fixtures-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  cpSync(MINIMAL_FIXTURES, dir, { recursive: true })
  const scenesFile = join(dir, 'main', 'scenes.json')
  const scenes = JSON.parse(readFileSync(scenesFile, 'utf8'))
  scenes.find((s: { id: string }) => s.id === 'scnImage001').unavailableFiles = ['no-such-file', IMAGE_FILE]
  if (existsSync(samplesDir)) {
    const { sceneVersion: _derived, ...content } = withBaseHeight(loadSample('scene_content.json'))
    writeFileSync(join(dir, 'content', 'sample.excalidraw'), JSON.stringify(content))
    scenes.push({ id: 'scnSample01', name: 'Sample', collection: 'colDefault1', content: 'sample.excalidraw', created: '2026-02-06T00:00:00.000Z', creator: null, unavailableFiles: [SAMPLE_FILE] })
  }
  writeFileSync(scenesFile, JSON.stringify(scenes))
  return dir
}

const fresh = sharedApp(t)
/** fixtures/minimal with unavailable files (above), shared by the tests that read them. */
const withUnavailableFiles = sharedApp(t, { fixturesDir: fixturesWithUnavailableFiles(t) })

t.test('filesFailedToEmbed: GET leaves unavailable files out and lists them', async (t) => {
  const app = await withUnavailableFiles()
  const full = JSON.parse(readFileSync(join(MINIMAL_FIXTURES, 'content', 'with-image.excalidraw'), 'utf8'))
  const { sceneVersion } = (await call(t, app, 'GET', '/api/v1/scenes/scnImage001')).body.metadata
  const res = await call(t, app, 'GET', CONTENT('scnImage001'))
  t.equal(res.status, 200)
  t.same(res.body, {
    type: 'excalidraw', version: 2, source: full.source, appState: full.appState, elements: full.elements,
    sceneVersion, files: {}, filesFailedToEmbed: [IMAGE_FILE]
  }, 'ids that name no file of the scene are not listed')
  t.same(Object.keys(res.body).slice(-2), ['files', 'filesFailedToEmbed'])

  const roundTrip = await call(t, app, 'PUT', CONTENT('scnImage001'), { body: res.body })
  t.same([roundTrip.status, roundTrip.body], [400, errorBody(400, 'Bad Request', `Referenced file ${IMAGE_FILE} is missing from scene files`)],
    'PUT files are authoritative: sending a GET body back without the failed file is refused')

  const patched = await call(t, app, 'PATCH', CONTENT('scnImage001'), { body: { appState: { viewBackgroundColor: '#000000' } } })
  t.same(Object.keys(patched.body), ['type', 'version', 'source', 'appState', 'elements', 'sceneVersion', 'files'], 'never in PATCH responses')
  t.same(patched.body.files, full.files, 'the PATCH response carries the stored files')
  t.same((await call(t, app, 'GET', CONTENT('scnImage001'))).body.filesFailedToEmbed, [IMAGE_FILE], 'a write that does not re-send the file leaves it unavailable')

  const resent = await call(t, app, 'PATCH', CONTENT('scnImage001'), { body: { files: full.files } })
  t.equal(resent.status, 200)
  const after = (await call(t, app, 'GET', CONTENT('scnImage001'))).body
  t.same(after, { ...resent.body, files: full.files }, 'a file re-sent in a PATCH becomes available')
  t.notOk('filesFailedToEmbed' in after)
})

t.test('filesFailedToEmbed: a PUT leaves nothing unavailable', async (t) => {
  const app = await withUnavailableFiles()
  const img = image('EmHej7FEMmlMr4JLM0RdK', IMAGE_FILE)
  const put = await call(t, app, 'PUT', CONTENT('scnImage001'), { body: putBody([img], { files: { [IMAGE_FILE]: file(IMAGE_FILE) } }) })
  t.same(Object.keys(put.body), ['type', 'version', 'source', 'appState', 'elements', 'sceneVersion', 'files'], 'never in PUT responses')
  t.same((await call(t, app, 'GET', CONTENT('scnImage001'))).body, put.body, 'the re-sent file is served')
  const dropped = await call(t, app, 'PUT', CONTENT('scnImage001'), { body: putBody([]) })
  t.same((await call(t, app, 'GET', CONTENT('scnImage001'))).body, dropped.body, 'files not sent are gone, and so is their entry')
})

if (!existsSync(samplesDir)) {
  missingReference(t, `reference samples not found: looked in ${samplesDir} (set REFERENCE_SAMPLES to the folder holding scene_content.json)`)
} else {
  t.test('scene_content.json and scene_content_partial.json round-trip through PUT and GET', async (t) => {
    const app = await fresh()
    for (const name of ['scene_content.json', 'scene_content_partial.json']) {
      const raw = loadSample(name)
      const refused = await call(t, app, 'PUT', CONTENT('scnEmpty001'), { body: raw })
      t.same([refused.status, refused.body], [400, errorBody(400, 'Bad Request', `Element ${STICKYNOTE}: baseHeight is required`)], `${name} as published: 400 on the stickynote`)
      const body = withBaseHeight(raw)
      const res = await call(t, app, 'PUT', CONTENT('scnEmpty001'), { body })
      t.equal(res.status, 200, name)
      t.same(res.body, stored(body, res.body.sceneVersion), `${name}: PUT answers the sample (ids already canonical)`)
      t.not(res.body.sceneVersion, raw.sceneVersion, `${name}: the sent sceneVersion is recomputed`)
      t.same((await call(t, app, 'GET', CONTENT('scnEmpty001'))).body, res.body, `${name}: GET answers the same`)
    }
  })

  t.test('native_export.json (default unknownFields=reject): PUT accepts it and drops the grid keys; PATCH refuses them', async (t) => {
    const app = await fresh()
    const sample = loadSample('native_export.json')
    const put = await call(t, app, 'PUT', CONTENT('scnEmpty001'), { body: sample })
    t.same([put.status, put.body], [200, {
      type: 'excalidraw', version: 2, source: 'https://excalidraw.com',
      appState: { viewBackgroundColor: '#ffffff', lockedMultiSelections: {} },
      elements: sample.elements, sceneVersion: put.body.sceneVersion, files: {}
    }], 'the editor export uploads as the official CLI sends it')
    t.same((await call(t, app, 'GET', CONTENT('scnEmpty001'))).body, put.body, 'GET answers what PUT stored')
    const patch = await call(t, app, 'PATCH', CONTENT('scnEmpty001'), { body: { appState: sample.appState } })
    t.same([patch.status, patch.body], [400, errorBody(400, 'Bad Request', "body/appState must NOT have additional property 'gridSize'")])
    t.same((await call(t, app, 'GET', CONTENT('scnEmpty001'))).body, put.body, 'the refused PATCH stored nothing')
  })

  t.test('native_export.json under unknownFields=strip (the official CLI\'s reading): PUT and PATCH drop the grid keys', async (t) => {
    const app = await build(t, { compat: { unknownFields: 'strip' } })
    const sample = loadSample('native_export.json')
    const res = await call(t, app, 'PUT', CONTENT('scnEmpty001'), { body: sample })
    t.equal(res.status, 200)
    t.same(res.body, {
      type: 'excalidraw', version: 2, source: 'https://excalidraw.com',
      appState: { viewBackgroundColor: '#ffffff', lockedMultiSelections: {} },
      elements: sample.elements, sceneVersion: res.body.sceneVersion, files: {}
    })
    t.same((await call(t, app, 'GET', CONTENT('scnEmpty001'))).body, res.body)
    const patch = await call(t, app, 'PATCH', CONTENT('scnEmpty001'), { body: { appState: sample.appState } })
    t.same([patch.status, patch.body], [200, res.body], 'only the stored keys are kept, and they did not change')
  })

  t.test('scene_content.json with its file unavailable GETs as scene_content_partial.json', async (t) => {
    const app = await withUnavailableFiles()
    const { sceneVersion } = (await call(t, app, 'GET', '/api/v1/scenes/scnSample01')).body.metadata
    const partial = withBaseHeight(loadSample('scene_content_partial.json'))
    t.same((await call(t, app, 'GET', CONTENT('scnSample01'))).body, { ...partial, sceneVersion })
  })
}
