// The three reference samples (../shared/reference/samples, or $REFERENCE_SAMPLES) through replaceContent.
// They are read by path at test time and never copied into the repo.
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import t from 'tap'
import { DEFAULT_COMPAT } from '../../src/config/compat.js'
import { missingReference } from '../reference.js'
import { createIdFactory } from '../../src/lib/ids.js'
import { computeSceneVersion, mergeContent, replaceContent, validateStoredContent } from '../../src/content/index.js'
import type { PutSceneContentBody } from '../../src/schemas/scene-content.js'
import { rejects400 } from './element-builders.js'

const STRIP = { ...DEFAULT_COMPAT, unknownFields: 'strip' as const }

const repoRoot = resolve(fileURLToPath(import.meta.url), '../../..')
const samplesDir = resolve(process.env.REFERENCE_SAMPLES ?? resolve(repoRoot, '../shared/reference/samples'))
const STICKYNOTE = 'Bn6KfTj1sWqMz8RvXdC3L'

type Sample = PutSceneContentBody & { elements: Array<Record<string, unknown>> }

function load (name: string): Sample {
  return JSON.parse(readFileSync(resolve(samplesDir, name), 'utf8')) as Sample
}

/**
 * The hand-built samples' stickynote has no `baseHeight`, which the live service requires; the sample is not a
 * capture, so we keep the live rule and give the note one before round-tripping.
 */
function withBaseHeight (sample: Sample): Sample {
  return { ...sample, elements: sample.elements.map((e) => e.type === 'stickynote' ? { ...e, baseHeight: 100 } : e) }
}

if (!existsSync(samplesDir)) {
  missingReference(t, `reference samples not found: looked in ${samplesDir} (set REFERENCE_SAMPLES to the folder holding scene_content.json)`)
} else {
  for (const name of ['scene_content.json', 'scene_content_partial.json']) {
    t.test(`${name} round-trips through replaceContent`, async (t) => {
      const sample = load(name)
      rejects400(t, () => replaceContent(sample, createIdFactory(1), DEFAULT_COMPAT), `Element ${STICKYNOTE}: baseHeight is required`)
      const body = withBaseHeight(sample)
      const stored = replaceContent(body, createIdFactory(1), DEFAULT_COMPAT)
      t.same(stored.elements, body.elements, 'elements unchanged: canonical ids, customData, created, tombstone kept')
      t.same(stored.files, body.files)
      t.same(stored.appState, body.appState)
      t.same([stored.type, stored.version, stored.source], [body.type, body.version, body.source])
      t.not(computeSceneVersion(stored), body.sceneVersion, 'the sent sceneVersion is ignored')
      t.doesNotThrow(() => validateStoredContent(stored))
      t.same(replaceContent({ ...stored, sceneVersion: '1' }, createIdFactory(2), DEFAULT_COMPAT), stored, 'stable on a second PUT')
    })
  }

  t.test('native_export.json: PUT keeps the two stored appState keys under the default unknownFields=reject, PATCH refuses the grid keys', async (t) => {
    const sample = load('native_export.json')
    const stored = replaceContent(sample, createIdFactory(1), DEFAULT_COMPAT)
    t.same(stored.appState, { viewBackgroundColor: '#ffffff', lockedMultiSelections: {} }, 'grid keys dropped')
    t.same(stored.elements, sample.elements)
    rejects400(t, () => mergeContent(stored, { appState: sample.appState } as never, createIdFactory(1), DEFAULT_COMPAT),
      'appState has unrecognized key(s): gridSize, gridStep, gridModeEnabled')
  })

  t.test('native_export.json under unknownFields=strip: PUT keeps the two stored appState keys, PATCH still refuses', async (t) => {
    const sample = load('native_export.json')
    const stored = replaceContent(sample, createIdFactory(1), STRIP)
    t.same(stored.appState, { viewBackgroundColor: '#ffffff', lockedMultiSelections: {} }, 'grid keys dropped')
    t.same(stored.elements, sample.elements)
    t.same(stored.files, {})
    t.equal(stored.source, 'https://excalidraw.com')
    rejects400(t, () => mergeContent(stored, { appState: sample.appState } as never, createIdFactory(1), STRIP),
      'appState has unrecognized key(s): gridSize, gridStep, gridModeEnabled')
    const { appState: _stripped, ...rest } = sample
    t.same(replaceContent({ ...rest, appState: {} }, createIdFactory(1), DEFAULT_COMPAT).elements, sample.elements, 'elements pass without appState')
  })
}
