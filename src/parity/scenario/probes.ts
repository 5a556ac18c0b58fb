// The probes: one harmless request per operation, sent to the target first. Each needs the key's permission
// before anything else (a 403 answers before a 400 or 404), so together they show what the key may do; none
// can change anything (an id no workspace holds, or a body the service must refuse).
import { MISSING, learnCursor, learnId, rest, type Step } from './steps.js'

const PRIVATE = new Set(['private'])
const missing = (param: string): Record<string, string> => ({ [param]: MISSING })

/** A PUT body that is valid, sent to a scene that does not exist. */
const EMPTY_CONTENT = { type: 'excalidraw', version: 2, source: 'https://excalidraw.com', elements: [], appState: {}, files: {} }

export function probeSteps (readOnly: boolean): Step[] {
  const reads: Step[] = [
    rest('GET /workspaces', { mode: 'shape', learn: learnId('workspace') }),
    rest('GET /collections', { mode: 'shape', learn: learnId('firstCollection', PRIVATE) }),
    rest('GET /collections/{collectionId}', { mode: 'value', params: missing('collectionId') }),
    rest('GET /collections/{collectionId}/scenes', { mode: 'value', params: missing('collectionId') }),
    rest('GET /scenes', { mode: 'shape', learn: learnId('firstScene') }),
    rest('GET /scenes/{sceneId}', { mode: 'value', params: missing('sceneId') }),
    rest('GET /scenes/{sceneId}/content', { mode: 'value', params: missing('sceneId') }),
    rest('GET /workspaces/users', { mode: 'shape', learn: learnId('firstUser') }),
    rest('GET /workspaces/users/{userId}', { mode: 'value', params: missing('userId') }),
    rest('GET /workspaces/invites', { mode: 'shape', learn: learnId('firstInvite') }),
    rest('GET /workspaces/invites/{inviteId}', { mode: 'value', params: missing('inviteId') }),
    rest('GET /logs', { mode: 'shape', learn: learnCursor })
  ]
  if (readOnly) return reads
  return [...reads,
    rest('POST /collections', { mode: 'value', body: {} }),
    rest('PATCH /collections/{collectionId}', { mode: 'value', params: missing('collectionId'), body: { name: 'parity probe' } }),
    rest('DELETE /collections/{collectionId}', { mode: 'value', params: missing('collectionId') }),
    rest('POST /collections/{collectionId}/scenes', { mode: 'value', params: missing('collectionId'), body: {} }),
    rest('POST /scenes', { mode: 'value', body: {} }),
    rest('PATCH /scenes/{sceneId}', { mode: 'value', params: missing('sceneId'), body: { name: 'parity probe' } }),
    rest('DELETE /scenes/{sceneId}', { mode: 'value', params: missing('sceneId') }),
    rest('PUT /scenes/{sceneId}/content', { mode: 'value', params: missing('sceneId'), body: EMPTY_CONTENT }),
    rest('PATCH /scenes/{sceneId}/content', { mode: 'value', params: missing('sceneId'), body: { elements: [] } }),
    rest('PATCH /workspaces', { mode: 'value', body: { name: 5 } }),
    rest('PATCH /workspaces/users/{userId}', { mode: 'value', params: missing('userId'), body: { name: 'parity probe' } }),
    rest('DELETE /workspaces/users/{userId}', { mode: 'value', params: missing('userId') }),
    rest('POST /workspaces/invites', { mode: 'value', body: {} }),
    rest('PATCH /workspaces/invites/{inviteId}', { mode: 'value', params: missing('inviteId'), body: { role: 'member' } }),
    rest('DELETE /workspaces/invites/{inviteId}', { mode: 'value', params: missing('inviteId') })
  ]
}
