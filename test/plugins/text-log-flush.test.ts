// The text log's flush: the lines logged before a stop reach stdout before the process exits, even when stdout is
// slow to take them (close-with-grace's process.exit does not wait for a write in flight; a busy CI machine lost the
// "received SIGINT, closing" line that way); and a stdout that never takes them holds the stop at most a second.
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { mock } from 'node:test'
import t from 'tap'
import { createTextLog } from '../../src/lib/text-log.js'
import { ROOT, TS } from '../processes.js'

// 8 times the pipe's 64 KiB: without the flush the exit cuts it there.
const LINE_BYTES = 512 * 1024
const MARKER = 'line written\n'

/**
 * A process that logs one long line through the text log, says so on stderr, waits for its flush, then exits at once.
 * Its flush may wait 30 s: draining through a full pipe took up to 0.96 s at load 10, past the 1 s default's margin.
 */
function child (): string {
  return `
import { createTextLog } from ${JSON.stringify(join(ROOT, 'src/lib/text-log.ts'))}
const log = createTextLog(undefined, { flushWaitMs: 30000 })
log.line(30, 'x'.repeat(${LINE_BYTES}))
await new Promise((resolve) => setImmediate(resolve))
process.stderr.write(${JSON.stringify(MARKER)})
await log.flush()
process.exit(0)
`
}

/** Runs the child with a stdout pipe nobody reads until 300 ms after its line is written (a full pipe), then reads all. */
async function bytesReceived (): Promise<number> {
  const proc = spawn(process.execPath, [...TS, '--input-type=module', '-e', child()], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
  proc.stdout.pause()
  // Listened for from the spawn: a child that exits without its flush can close before the reading starts.
  const closed = new Promise((resolve) => proc.once('close', resolve))
  let stderr = ''
  // Timed from the marker, not the spawn: under load the child's start-up alone can outlast 300 ms.
  await new Promise<void>((resolve) => {
    proc.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8')
      if (stderr.includes(MARKER)) resolve()
    })
    void closed.then(() => resolve())
  })
  await new Promise((resolve) => setTimeout(resolve, 300))
  let received = 0
  proc.stdout.on('data', (chunk: Buffer) => { received += chunk.length })
  proc.stdout.resume()
  await closed
  return received
}

t.test('a flushed text log loses no byte of a line stdout was slow to take', async (t) => {
  const flushed = await bytesReceived()
  t.ok(flushed > LINE_BYTES, `the whole line arrives (${flushed} bytes)`)
})

t.test('a flush gives up after a second (by default) on a sink that never drains', async (t) => {
  mock.timers.enable({ apis: ['setTimeout'] })
  t.teardown(() => { mock.timers.reset() })
  const log = createTextLog({ write: () => {}, flush: async () => new Promise<void>(() => {}) })
  let done = false
  const flushed = log.flush().then(() => { done = true })
  mock.timers.tick(999)
  await new Promise((resolve) => setImmediate(resolve))
  t.equal(done, false, 'still waiting at 999 ms')
  mock.timers.tick(1)
  await flushed
  t.equal(done, true, 'done at 1 s')
})

t.test('the wait is the flushWaitMs given', async (t) => {
  mock.timers.enable({ apis: ['setTimeout'] })
  t.teardown(() => { mock.timers.reset() })
  const log = createTextLog({ write: () => {}, flush: async () => new Promise<void>(() => {}) }, { flushWaitMs: 5000 })
  let done = false
  const flushed = log.flush().then(() => { done = true })
  mock.timers.tick(4999)
  await new Promise((resolve) => setImmediate(resolve))
  t.equal(done, false, 'still waiting at 4999 ms')
  mock.timers.tick(1)
  await flushed
  t.equal(done, true, 'done at 5 s')
})
