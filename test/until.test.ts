// The shared wait of the tests: it resolves as soon as its condition holds and fails on its deadline, naming it.
import t from 'tap'
import { until } from './until.js'

t.test('resolves once the condition holds', async (t) => {
  let checks = 0
  await until(() => ++checks === 3, 'the third check')
  t.equal(checks, 3)
})

t.test('rejects after its deadline with what it waited for', async (t) => {
  await t.rejects(until(() => false, 'a worker that never answers', 50), { message: 'waited 50 ms for a worker that never answers, in vain' })
})
