// parity --compare's identity of a difference: operation, path pattern and kind, and for the kinds whose values are
// the difference (value, enum, status) the values too, so a value that moved on is new.
import t from 'tap'
import { compareReports } from '../../src/parity/compare-reports.js'
import type { Difference } from '../../src/parity/types.js'

const listed = (difference: Difference, operation = 'GET /api/v1/scenes') => ({ operation, difference })
const pageSize = (target: number): Difference => ({ path: 'body/limit', kind: 'value', emulator: 20, target })

t.test('a value on a known path that changed is new, and the old one gone', async (t) => {
  const changes = compareReports([listed(pageSize(50))], [listed(pageSize(100))])
  t.same(changes, { added: [listed(pageSize(100))], gone: [listed(pageSize(50))], kept: 0 })
  t.same(compareReports([listed(pageSize(50))], [listed(pageSize(50))]), { added: [], gone: [], kept: 1 }, 'the same value every night')
  const status = (target: number): Difference => ({ path: 'status', kind: 'status', emulator: 200, target })
  t.equal(compareReports([listed(status(201))], [listed(status(202))]).added.length, 1, 'a status that moved on')
})

t.test('kinds whose values vary run to run keep comparing by place: ids, formats, headers, added fields', async (t) => {
  const before = [
    listed({ path: 'body/data/0/id', kind: 'id', emulator: 'scnA', target: 'x1' }),
    listed({ path: 'body/data/0/updatedAt', pattern: 'body/data/*/updatedAt', kind: 'format', emulator: 'a', target: 'b' }),
    listed({ path: 'header/x-ratelimit-reset', kind: 'header', emulator: '60', target: '59' }),
    listed({ path: 'body/revision', kind: 'extra', emulator: null, target: 4 })
  ]
  const after = [
    listed({ path: 'body/data/0/id', kind: 'id', emulator: 'scnB', target: 'x2' }),
    listed({ path: 'body/data/3/updatedAt', pattern: 'body/data/*/updatedAt', kind: 'format', emulator: 'c', target: 'd' }),
    listed({ path: 'header/x-ratelimit-reset', kind: 'header', emulator: '60', target: '12' }),
    listed({ path: 'body/revision', kind: 'extra', emulator: null, target: 5 })
  ]
  t.same(compareReports(before, after), { added: [], gone: [], kept: 4 })
})
