// older-shape: records in the shape the older docs showed.
import t from 'tap'
import { createRng } from '../../../src/lib/rng.js'
import { olderShapeKind } from '../../../src/layers/drift/kinds/older-shape.js'
import type { DriftContext } from '../../../src/layers/drift/types.js'

function metadata (id: string): Record<string, unknown> {
  return {
    id, workspace: 'ws1', name: 'Roadmap', isUntitled: false, created: '2026-09-01T10:00:00.000Z', updated: null,
    isPrivate: false, sceneVersion: '15', contentEpoch: 2, linkSharing: 0, readComments: true, writeComments: true,
    allowCalls: false, collection: '77i8dL6qc5t', totalElements: 3, pinned: false, isSlidesSharingEnabled: false
  }
}
const older = {
  workspace: 'ws1', name: 'Roadmap', created: '2026-09-01T10:00:00.000Z', updated: null, sceneVersion: '15',
  linkSharing: 0, collection: '77i8dL6qc5t', totalElements: 3, pinned: false
}
const record = (id: string): Record<string, unknown> => ({ metadata: metadata(id), readOnlyLinks: [], sharedSlidesLinks: [] })

function ctx (body: unknown, extra: Partial<DriftContext> = {}): DriftContext {
  return { method: 'GET', route: '/api/v1/scenes', statusCode: 200, body, rng: createRng(1), ...extra }
}

t.test('older-shape', async (t) => {
  const page = { limit: 10, offset: 0, hasNextPage: false, data: [record('4towcktqVl9'), record('APdEs2LYqDr')] }
  t.same(olderShapeKind.apply(ctx(page)), {
    statusCode: 200,
    body: {
      limit: 10,
      offset: 0,
      hasNextPage: false,
      data: [
        { metadata: { id: '4towcktqVl9', ...older }, readOnlyLinks: [], sharedSlidesLinks: [] },
        { metadata: { id: 'APdEs2LYqDr', ...older }, readOnlyLinks: [], sharedSlidesLinks: [] }
      ]
    },
    headers: {},
    changes: ['older-shape /data/0/metadata', 'older-shape /data/1/metadata']
  }, 'every scene in the page, one change per record')

  const invite = {
    id: 'inv1', created: '2026-09-01T10:00:00.000Z', type: 'link', status: 'pending', email: null, role: 'member',
    resolvedAt: null, redeemedBy: null, maxUses: 'unlimited', uses: 0, restrictedDomains: null
  }
  t.same(olderShapeKind.apply(ctx(invite, { route: '/api/v1/workspaces/invites/:inviteId' })), {
    statusCode: 200,
    body: { ...invite, id: null },
    headers: {},
    changes: ['older-shape']
  }, 'an invite shows id null')

  const user = {
    created: '2026-09-01T10:00:00.000Z', uid: 'auth0|1', id: 'u1', picture: null, email: 'ada@example.com', name: 'Ada',
    updated: null, workspaceTeams: {}, preferences: { theme: 'dark', ossAutoRedirect: true, locale: 'en' }, role: 'admin'
  }
  t.same(olderShapeKind.apply(ctx(user, { route: '/api/v1/workspaces/users/:userId' }))?.body, {
    created: '2026-09-01T10:00:00.000Z', uid: 'auth0|1', id: 'u1', picture: null, email: 'ada@example.com', name: 'Ada',
    updated: null, workspaceTeams: {}, preferences: { ossAutoRedirect: true }
  }, 'a user loses role and the newer preferences')

  const workspace = {
    id: 'ws1', users: ['u1'], roles: { u1: 'admin' }, name: 'Acme', subscriptionStatus: 'active',
    preferences: { disableAi: false, userApiKeysEnabled: true }
  }
  t.same(olderShapeKind.apply(ctx(workspace, { route: '/api/v1/workspaces' })), {
    statusCode: 200,
    body: { ...workspace, preferences: { disableAi: false } },
    headers: {},
    changes: ['older-shape']
  })

  const collection = { id: '77i8dL6qc5t', workspace: 'ws1', creator: null, teams: null, created: '2026-09-01T10:00:00Z', name: 'D', updated: null }
  t.equal(olderShapeKind.appliesTo(ctx(collection, { route: '/api/v1/collections/:collectionId' })), false,
    'collections did not change shape')
  t.equal(olderShapeKind.appliesTo(ctx({ ...workspace, preferences: { disableAi: false } })), false, 'already old')
  t.equal(olderShapeKind.apply(ctx(invite, { statusCode: 404 })), null, 'not on errors')
})
