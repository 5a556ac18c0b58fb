// The comparisons give way to the clients' answers (session.ts): a comparison step waits while an answer is under
// way and goes on once it is through; a backlog past its bound, or an answer that never ends, does not hold it.
import t from 'tap'
import { GATE, createClientGate } from '../../../src/parity/shadow/gate.js'

/** What happened first: the step (the gate let it through) or a macrotask queued at the same moment. */
async function firstOf (step: Promise<void>): Promise<string[]> {
  const order: string[] = []
  await Promise.all([step.then(() => order.push('step')), new Promise((resolve) => setImmediate(resolve)).then(() => order.push('immediate'))])
  return order
}

t.test('a step waits while an answer is under way, and goes on as soon as it is through', async (t) => {
  const gate = createClientGate()
  t.same(await firstOf(gate.idle()), ['step', 'immediate'], 'no answer under way: at once')
  const answered = gate.answering()
  const order: string[] = []
  const step = gate.idle().then(() => order.push('step'))
  await new Promise((resolve) => setTimeout(resolve, 5))
  order.push('answered')
  answered()
  answered() // a second call is the same answer, not another one
  await step
  t.same(order, ['answered', 'step'], 'the step went on once the answer was through')
  t.same(await firstOf(gate.idle()), ['step', 'immediate'], 'and the next step does not wait')
})

t.test('past the backlog a step does not wait', async (t) => {
  const gate = createClientGate()
  const compared = Array.from({ length: GATE.maxBacklog + 1 }, () => gate.queued())
  gate.answering()
  t.same(await firstOf(gate.idle()), ['step', 'immediate'], 'a queue that long is compared at once')
  for (const done of compared) done()
  t.same(await firstOf(gate.idle()), ['immediate', 'step'], 'once it is drained, a step waits again')
})

t.test('an answer that never ends holds the steps back once, for maxWaitMs', async (t) => {
  const gate = createClientGate()
  gate.answering() // an event stream held open
  await gate.idle() // resolves after maxWaitMs (else the test times out)
  t.same(await firstOf(gate.idle()), ['step', 'immediate'], 'the open answer no longer counts')
})
