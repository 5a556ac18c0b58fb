// Shared set-up of the guarded admin scope: the test-harness services (provisioning, snapshots), built once per app
// so the workspace, reset and snapshot routes see the same in-memory baselines, and a lenient JSON body parser.
import fp from 'fastify-plugin'
import { createSnapshotStore } from '../store/snapshot-store.js'
import { createProvisioning, type Provisioning } from '../harness/provisioning.js'
import { createSnapshotService, type SnapshotService } from '../harness/snapshots.js'

export interface Harness {
  provisioning: Provisioning
  snapshots: SnapshotService
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Admin scope only (src/admin/harness.ts). */
    harness: Harness
  }
}

export default fp(async (app) => {
  const { stores, clock, ids, fixtures } = app
  // Built here rather than in plugins/stores.ts: only the admin scope dumps and restores raw rows.
  const snapshotStore = createSnapshotStore(app.db)
  const provisioning = createProvisioning({ stores, snapshots: snapshotStore, clock, ids, fixtures })
  const snapshots = createSnapshotService({ stores, snapshots: snapshotStore, clock, provisioning })
  app.decorate('harness', { provisioning, snapshots })

  // Test clients often POST with `content-type: application/json` and no body at all (curl -H, fetch with
  // default headers). Fastify answers 400 to that; admin routes take it as "no body" (routes with an optional
  // body then read `{}`). Anything else goes through the same bounded parser as the public API.
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, app.jsonBodyParser({ emptyAsUndefined: true }))
}, { name: 'admin-harness', dependencies: ['stores', 'runtime', 'json-body'] })
