// The writes of a full key, all on what the run makes itself (compared by value): a collection, two scenes in
// it, their content, a link invite nobody can redeem; refusals of bad bodies; then everything made is removed.
// The workspace itself and its users are never changed: their writes are compared through refusals only.
import { putContent, patchContent, putWithoutFile } from './drawing.js'
import { learnId, need, rest, runName, type Step } from './steps.js'

const COLLECTION = { kind: 'collection', var: 'collection' } as const
const SCENE_A = { kind: 'scene', var: 'sceneA' } as const
const SCENE_B = { kind: 'scene', var: 'sceneB' } as const
const INVITE = { kind: 'invite', var: 'invite' } as const

const collection = { collectionId: 'collection' }
const sceneA = { sceneId: 'sceneA' }

function collectionSteps (runId: string): Step[] {
  return [
    rest('POST /collections', { mode: 'value', body: { name: runName(runId, 'collection') }, learn: learnId('collection'), makes: COLLECTION }),
    rest('PATCH /collections/{collectionId}', { mode: 'value', params: collection, body: { name: runName(runId, 'collection, renamed') } }),
    rest('GET /collections/{collectionId}', { mode: 'value', params: collection }),
    rest('PATCH /collections/{collectionId}', { mode: 'value', params: collection, body: {} }),
    // An undeclared key: refused by the published contract; a service that drops it instead makes a collection.
    rest('POST /collections', {
      mode: 'value', body: { name: runName(runId, 'stray collection'), description: 'parity' }, learn: learnId('strayCollection'),
      makes: { kind: 'collection', var: 'strayCollection' }
    })
  ]
}

function sceneSteps (runId: string): Step[] {
  return [
    rest('POST /scenes', {
      mode: 'value', body: (v) => ({ name: runName(runId, 'scene A'), pinned: false, collectionId: need(v, 'collection') }),
      learn: learnId('sceneA'), makes: SCENE_A
    }),
    rest('POST /collections/{collectionId}/scenes', {
      mode: 'value', params: collection, body: { name: runName(runId, 'scene B'), pinned: true }, learn: learnId('sceneB'), makes: SCENE_B
    }),
    rest('POST /scenes', { mode: 'value', body: (v) => ({ name: runName(runId, 'refused scene'), pinned: 'yes', collectionId: need(v, 'collection') }) }),
    rest('GET /collections/{collectionId}/scenes', { mode: 'value', params: collection }),
    rest('GET /scenes', { mode: 'value', query: (v) => ({ collectionId: need(v, 'collection') }) }),
    rest('GET /scenes', { mode: 'value', query: (v) => ({ collectionId: need(v, 'collection'), limit: '1' }) }),
    rest('PATCH /scenes/{sceneId}', { mode: 'value', params: sceneA, body: { name: runName(runId, 'scene A, renamed'), pinned: true } }),
    rest('PATCH /scenes/{sceneId}', { mode: 'value', params: sceneA, body: (v) => ({ collectionId: need(v, 'collection') }) }),
    rest('GET /scenes/{sceneId}', { mode: 'value', params: sceneA })
  ]
}

function contentSteps (): Step[] {
  return [
    rest('PUT /scenes/{sceneId}/content', { mode: 'value', params: sceneA, body: putContent() }),
    rest('GET /scenes/{sceneId}/content', { mode: 'value', params: sceneA }),
    rest('GET /scenes/{sceneId}', { mode: 'value', params: sceneA }),
    rest('PATCH /scenes/{sceneId}/content', { mode: 'value', params: sceneA, body: patchContent() }),
    rest('PATCH /scenes/{sceneId}/content', { mode: 'value', params: sceneA, body: { appState: { viewBackgroundColor: '#fff5f5' } } }),
    rest('PATCH /scenes/{sceneId}/content', { mode: 'value', params: sceneA, body: { appState: { gridSize: 20 } } }),
    rest('PATCH /scenes/{sceneId}/content', { mode: 'value', params: sceneA, body: {} }),
    rest('GET /scenes/{sceneId}/content', { mode: 'value', params: sceneA }),
    rest('PUT /scenes/{sceneId}/content', { mode: 'value', params: sceneA, body: putWithoutFile() }),
    rest('PUT /scenes/{sceneId}/content', { mode: 'value', params: sceneA, body: putContent() }),
    rest('GET /scenes/{sceneId}', { mode: 'value', params: sceneA })
  ]
}

/** Admin writes: a link invite restricted to a domain nobody has, and refusals of bad bodies to real records. */
function adminSteps (): Step[] {
  const invite = { inviteId: 'invite' }
  return [
    rest('POST /workspaces/invites', {
      mode: 'value', body: { role: 'member', maxUses: 1, restrictedDomains: ['example.invalid'] }, learn: learnId('invite'), makes: INVITE
    }),
    rest('GET /workspaces/invites/{inviteId}', { mode: 'value', params: invite }),
    rest('PATCH /workspaces/invites/{inviteId}', { mode: 'value', params: invite, body: { maxUses: 2 } }),
    rest('GET /workspaces/invites', { mode: 'shape', query: { limit: '100' } }),
    rest('POST /workspaces/invites', { mode: 'value', body: { role: 'owner', maxUses: 1 } }),
    rest('DELETE /workspaces/invites/{inviteId}', { mode: 'value', params: invite, removes: INVITE }),
    rest('GET /workspaces/invites/{inviteId}', { mode: 'value', params: invite }),
    rest('PATCH /workspaces', { mode: 'value', body: { picture: 5 } }),
    rest('PATCH /workspaces/users/{userId}', { mode: 'value', params: { userId: 'firstUser' }, body: { role: 'owner' } })
  ]
}

/** Everything the run made goes, each removal checked like any other answer. */
function removalSteps (): Step[] {
  return [
    rest('GET /logs', { mode: 'shape', query: { limit: '20' } }),
    rest('DELETE /scenes/{sceneId}', { mode: 'value', params: sceneA, removes: SCENE_A }),
    rest('GET /scenes/{sceneId}', { mode: 'value', params: sceneA }),
    rest('DELETE /collections/{collectionId}', { mode: 'value', params: collection, removes: COLLECTION }),
    rest('GET /collections/{collectionId}', { mode: 'value', params: collection }),
    // trash-scenes or keep-scenes (see docs/emulated-api.md, compatibility switches): scene B answers 404 or 200.
    rest('GET /scenes/{sceneId}', { mode: 'value', params: { sceneId: 'sceneB' } }),
    rest('DELETE /scenes/{sceneId}', { mode: 'value', params: { sceneId: 'sceneB' }, removes: SCENE_B }),
    rest('DELETE /collections/{collectionId}', { mode: 'value', params: collection })
  ]
}

export function writeSteps (runId: string, admin: boolean): { made: Step[], removals: Step[] } {
  const made = [...collectionSteps(runId), ...sceneSteps(runId), ...contentSteps(), ...(admin ? adminSteps() : [])]
  return { made, removals: removalSteps() }
}
