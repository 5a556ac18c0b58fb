// The shared wait of the tests: it resolves as soon as its condition holds, synchronous or not, and fails on its
// deadline naming it; a check that fails ends the wait with its own error.
import t from 'tap'
import { setTimeout as sleep } from 'node:timers/promises'
import { until } from './until.js'

t.test('resolves once the condition holds', async (t) => {
  let checks = 0
  await until(() => ++checks === 3, 'the third check')
  t.equal(checks, 3)
})

t.test('rejects after its deadline with what it waited for', async (t) => {
  await t.rejects(until(() => false, 'a worker that never answers', 50), { message: 'waited 50 ms for a worker that never answers, in vain' })
})

t.test('an asynchronous check: resolves once it answers true', async (t) => {
  let checks = 0
  await until(async () => { await sleep(1); return ++checks === 3 }, 'the third answer')
  t.equal(checks, 3)
})

t.test('an asynchronous check that stays false: rejects at its deadline, naming it', async (t) => {
  let checks = 0
  const started = performance.now()
  await t.rejects(until(async () => { checks++; await sleep(1); return false }, 'a journal entry that never comes', 60),
    { message: 'waited 60 ms for a journal entry that never comes, in vain' })
  const took = performance.now() - started
  t.ok(took >= 60 && took < 1_000, `at the deadline, not before (${Math.round(took)} ms)`)
  t.ok(checks > 1, `checked again and again meanwhile (${checks} times)`)
})

t.test('a check that never settles fails at the deadline, not as the file\'s timeout', async (t) => {
  await t.rejects(until(() => new Promise<boolean>(() => {}), 'an answer that hangs', 50), { message: 'waited 50 ms for an answer that hangs, in vain' })
})

t.test('a check that rejects or throws ends the wait with its own error', async (t) => {
  await t.rejects(until(async () => { throw new Error('the target refused the connection') }, 'the journal'), { message: 'the target refused the connection' })
  await t.rejects(until(() => { throw new Error('no such file') }, 'the report'), { message: 'no such file' })
})

t.test('what it waited for may be read at the deadline (a process\'s output so far)', async (t) => {
  let output = ''
  setTimeout(() => { output = 'Error: port in use' }, 5)
  await t.rejects(until(() => false, () => `the listening line:\n${output}`, 40), { message: 'waited 40 ms for the listening line:\nError: port in use, in vain' })
})

t.test('checks every everyMs: a slow poll is not a busy one', async (t) => {
  let checks = 0
  await t.rejects(until(() => { checks++; return false }, 'nothing', 120, 50))
  t.ok(checks >= 2 && checks <= 4, `about one check per 50 ms over 120 ms (${checks})`)
})
