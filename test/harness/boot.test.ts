// Start-up's database decision: an empty database is seeded with the fixture set; one holding data is kept as it is
// and a seeded id stream continues from it (a fresh stream would mint the ids already stored).
import t from 'tap'
import { MINIMAL_FIXTURES } from '../../src/config/index.js'
import { prepareDatabase } from '../../src/harness/boot.js'
import { loadFixtureSet } from '../../src/harness/fixtures.js'
import { createIdFactory } from '../../src/lib/ids.js'
import { idDigest, openDatabase } from '../../src/store/database.js'
import { createStores } from '../../src/store/index.js'

t.test('empty: seeded, the id stream untouched; holding data: kept, the id stream continued', async (t) => {
  const fixtures = loadFixtureSet(MINIMAL_FIXTURES)
  const db = openDatabase(':memory:')
  t.teardown(() => db.close())
  const stores = createStores(db)
  const ids = createIdFactory(42)
  t.equal(prepareDatabase({ db, stores, ids }, fixtures), 'seeded')
  t.equal(ids.shortId(), createIdFactory(42).shortId(), 'seeding takes no ids from the stream')
  const stored = idDigest(db)
  t.ok(stored.length > 0)
  const restarted = createIdFactory(42)
  t.equal(prepareDatabase({ db, stores, ids: restarted }, fixtures), 'continued')
  t.equal(idDigest(db), stored, 'nothing seeded twice')
  const continued = createIdFactory(42)
  continued.continueFrom(stored)
  const first = restarted.shortId()
  t.equal(first, continued.shortId(), 'the stream continues from what is stored')
  t.not(first, createIdFactory(42).shortId(), 'not the fresh stream, whose ids are stored')
})
