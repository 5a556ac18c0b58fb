// The text log's flush: the lines logged before a stop reach stdout before the process exits, even when stdout is
// slow to take them (close-with-grace's process.exit does not wait for a write in flight; a busy CI machine lost the
// "received SIGINT, closing" line that way).
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import t from 'tap'
import { ROOT, TS } from '../processes.js'

const LINE_BYTES = 2 * 1024 * 1024

/** A process that logs one long line through the text log, waits for its flush, then exits at once. */
function child (): string {
  return `
import { createTextLog } from ${JSON.stringify(join(ROOT, 'src/lib/text-log.ts'))}
const log = createTextLog()
log.line(30, 'x'.repeat(${LINE_BYTES}))
await new Promise((resolve) => setImmediate(resolve))
await log.flush()
process.exit(0)
`
}

/** Runs the child with a stdout pipe nobody reads for 300 ms (a full pipe), then reads all of it. */
async function bytesReceived (): Promise<number> {
  const proc = spawn(process.execPath, [...TS, '--input-type=module', '-e', child()], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] })
  proc.stdout.pause()
  await new Promise((resolve) => setTimeout(resolve, 300))
  let received = 0
  proc.stdout.on('data', (chunk: Buffer) => { received += chunk.length })
  proc.stdout.resume()
  await new Promise((resolve) => proc.once('close', resolve))
  return received
}

// Without the flush (it was not there), the exit cut the line at the pipe's 64 KiB.
t.test('a flushed text log loses no byte of a line stdout was slow to take', async (t) => {
  const flushed = await bytesReceived()
  t.ok(flushed > LINE_BYTES, `the whole line arrives (${flushed} bytes)`)
})
