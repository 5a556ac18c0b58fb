// The official CLI's own example pair, replayed as the CLI sends it. `scenes create --file` on its
// labelled-rectangle asset (POST /scenes, then PUT the export), then `scenes content patch` with its
// update-and-delete asset, whose rectangle still lists the label `label-a` the patch does not send. The dangling
// entry is an unconfirmed rule, so by default the patch is accepted; danglingBoundElements=reject
// restores the 400.
import t, { type Test } from 'tap'
import type { FastifyInstance } from 'fastify'
import { KEYS, build, call, errorBody } from '../../helper.js'
import { NOW_ISO } from './audit-expect.js'
import { CANONICAL_ELEMENT_ID } from '../../../src/lib/ids.js'

/** What the CLI sends on every request. */
const CLI_HEADERS = { 'accept': 'application/json', 'content-type': 'application/json' }

const common = {
  angle: 0, strokeColor: '#1e1e1e', fillStyle: 'solid', strokeStyle: 'solid', opacity: 100,
  isDeleted: false, groupIds: [], frameId: null, link: null, locked: false
}

/** assets/labeled-rectangle.excalidraw: a rectangle and its label, with the CLI's short ids. */
const labelledRectangle = {
  type: 'excalidraw',
  version: 2,
  source: 'https://www.npmjs.com/package/@excalidraw/cli',
  appState: { viewBackgroundColor: '#ffffff' },
  files: {},
  elements: [
    {
      ...common, id: 'rect-a', type: 'rectangle', x: 100, y: 80, width: 220, height: 100, backgroundColor: '#a5d8ff',
      strokeWidth: 2, roughness: 1, roundness: { type: 3 }, seed: 123456, version: 1, versionNonce: 111, index: 'a0',
      boundElements: [{ id: 'label-a', type: 'text' }], updated: 1
    },
    {
      ...common, id: 'label-a', type: 'text', x: 100, y: 80, width: 220, height: 100, backgroundColor: 'transparent',
      strokeWidth: 1, roughness: 0, roundness: null, seed: 123457, version: 1, versionNonce: 112, index: 'a1',
      boundElements: null, updated: 1, text: 'Start', originalText: 'Start', fontSize: 20, fontFamily: 5, lineHeight: 1.25,
      textAlign: 'center', verticalAlign: 'middle', containerId: 'rect-a', autoResize: true, baseFontSize: null
    }
  ]
}

/** assets/patch-update-and-delete.json: the rectangle updated (still listing label-a), a rect-b tombstone. */
const updateAndDelete = {
  elements: [
    {
      ...common, id: 'rect-a', type: 'rectangle', x: 100, y: 80, width: 240, height: 100, backgroundColor: '#ffec99',
      strokeWidth: 2, roughness: 1, roundness: { type: 3 }, seed: 123456, version: 2, versionNonce: 987654, index: 'a0',
      boundElements: [{ id: 'label-a', type: 'text' }], updated: 2
    },
    {
      ...common, id: 'rect-b', type: 'rectangle', x: 400, y: 140, width: 160, height: 80, backgroundColor: 'transparent',
      strokeWidth: 2, roughness: 1, roundness: null, seed: 2, version: 2, versionNonce: 654321, index: 'a1', isDeleted: true,
      boundElements: null, updated: 2
    }
  ]
}

/** `excalidraw scenes create --name … --collection-id … --file labeled-rectangle.excalidraw`: POST, then PUT. */
async function createFromFile (t: Test, app: FastifyInstance, key: string) {
  const created = await call(t, app, 'POST', '/api/v1/scenes', { key, headers: CLI_HEADERS, body: { name: 'Labelled', pinned: false, collectionId: 'colDefault1' } })
  t.equal(created.status, 200, 'POST /scenes')
  const id = created.body.metadata.id as string
  const put = await call(t, app, 'PUT', `/api/v1/scenes/${id}/content`, { key, headers: CLI_HEADERS, body: labelledRectangle })
  t.equal(put.status, 200, 'PUT the export')
  const [rect, label] = put.body.elements
  t.match(rect.id, CANONICAL_ELEMENT_ID)
  t.same([rect.boundElements, label.containerId], [[{ id: label.id, type: 'text' }], rect.id], 'short ids rewritten together')
  return { id, stored: put.body }
}

t.test('the CLI example pair succeeds by default (danglingBoundElements=allow)', async (t) => {
  const app = await build(t)
  const { id, stored } = await createFromFile(t, app, KEYS.full)
  const patch = await call(t, app, 'PATCH', `/api/v1/scenes/${id}/content`, { headers: CLI_HEADERS, body: updateAndDelete })
  t.equal(patch.status, 200)
  const [oldRect, label, newRect, tombstone] = patch.body.elements
  t.same([oldRect, label], stored.elements, 'the stored pair is kept: the short ids minted fresh ids, so the patch inserts')
  t.match(newRect.id, CANONICAL_ELEMENT_ID)
  t.same(newRect, { ...updateAndDelete.elements[0], id: newRect.id }, 'the dangling entry label-a is stored as sent')
  t.same(tombstone, { ...updateAndDelete.elements[1], id: tombstone.id })
  t.same(patch.body, {
    type: 'excalidraw', version: 2, source: 'https://www.npmjs.com/package/@excalidraw/cli',
    appState: { viewBackgroundColor: '#ffffff', lockedMultiSelections: {} },
    elements: [oldRect, label, newRect, tombstone], sceneVersion: patch.body.sceneVersion, files: {}
  })
  t.same((await call(t, app, 'GET', `/api/v1/scenes/${id}/content`)).body, patch.body, 'GET answers the merged scene')
  t.equal((await call(t, app, 'GET', `/api/v1/scenes/${id}`)).body.metadata.updated, NOW_ISO)
})

t.test('danglingBoundElements=reject: the patch is a 400 and nothing changes', async (t) => {
  const app = await build(t, { compat: { danglingBoundElements: 'reject' } })
  const { id, stored } = await createFromFile(t, app, KEYS.full)
  const patch = await call(t, app, 'PATCH', `/api/v1/scenes/${id}/content`, { headers: CLI_HEADERS, body: updateAndDelete })
  t.same([patch.status, patch.body], [400, errorBody(400, 'Bad Request', 'Element rect-a: boundElements entry label-a does not reference an existing element')])
  t.same((await call(t, app, 'GET', `/api/v1/scenes/${id}/content`)).body, stored, 'content unchanged')
})
