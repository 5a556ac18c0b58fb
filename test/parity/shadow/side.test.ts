// What the shadow side learns of the client's key from the import: each list it read, and each it could not read
// answered as the target answered it (403: the key may not; 404: the service has no such route).
import t from 'tap'
import { importObservations } from '../../../src/parity/shadow/side.js'

t.test('the import\'s lists as answers: read ones 200, unread ones with the status the target gave', async (t) => {
  const observed = importObservations({
    workspace: { id: 'ws1' }, users: null, collections: [{ id: 'c1' }], scenes: [], invites: null, logs: null,
    unread: { users: 404, invites: 403 }
  })
  t.same(observed.map(({ route, answer }) => [route, answer.status, answer.body]), [
    ['GET /workspaces', 200, { id: 'ws1' }],
    ['GET /collections', 200, { data: [{ id: 'c1' }] }],
    ['GET /workspaces/users', 404, null],
    ['GET /workspaces/invites', 403, null],
    ['GET /logs', 403, null]
  ])
})
