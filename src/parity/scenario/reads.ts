// Reads of what the workspace already holds (compared by shape: rule workspace-contents) and the refusals of
// malformed reads (compared by value). Only sent for routes the key may call.
import { MISSING_ID, learnCursor, need, rest, type Step } from './steps.js'

export function readSteps (): Step[] {
  return [
    rest('GET /scenes', { mode: 'shape', query: { limit: '2', offset: '1' } }),
    rest('GET /collections', { mode: 'shape', query: { limit: '100' } }),
    rest('GET /collections/{collectionId}', { mode: 'shape', params: { collectionId: 'firstCollection' } }),
    rest('GET /collections/{collectionId}/scenes', { mode: 'shape', params: { collectionId: 'firstCollection' }, query: { limit: '3' } }),
    rest('GET /scenes', { mode: 'shape', query: (v) => ({ collectionId: need(v, 'firstCollection'), limit: '3' }) }),
    rest('GET /scenes/{sceneId}', { mode: 'shape', params: { sceneId: 'firstScene' } }),
    rest('GET /scenes/{sceneId}/content', { mode: 'shape', params: { sceneId: 'firstScene' } }),
    rest('GET /workspaces/users/{userId}', { mode: 'shape', params: { userId: 'firstUser' } }),
    rest('GET /workspaces/invites/{inviteId}', { mode: 'shape', params: { inviteId: 'firstInvite' } }),
    rest('GET /logs', { mode: 'shape', query: { limit: '5' }, learn: learnCursor }),
    rest('GET /logs', { mode: 'shape', query: (v) => ({ cursor: need(v, 'logCursor'), limit: '5' }) }),
    rest('GET /logs', { mode: 'shape', query: { page: '1', limit: '5' } }),
    rest('GET /scenes', { mode: 'value', query: { limit: '0' } }),
    rest('GET /collections', { mode: 'value', query: { offset: '-1' } }),
    rest('GET /scenes', { mode: 'value', query: { collectionId: MISSING_ID } }),
    rest('GET /logs', { mode: 'value', query: { dateFrom: 'yesterday' } }),
    rest('GET /collections/{collectionId}', { mode: 'value', params: { collectionId: '=private' } })
  ]
}
