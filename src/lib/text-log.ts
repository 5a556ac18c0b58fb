// The default log format: pino's JSON lines turned into one readable line each, e.g.
//   14:02:11.042 INFO  POST /api/v1/collections 200 3.1ms key_demo_full MzPkz6jWA0f
// LOG_FORMAT=json keeps pino's JSON untouched for log collectors.
import { Writable } from 'node:stream'
import sonicBoom from 'sonic-boom'

const LEVELS: Readonly<Record<number, string>> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO ', 40: 'WARN ', 50: 'ERROR', 60: 'FATAL' }
/** pino's own fields, and the request line's (plugins/request-log.ts), which its message already says. */
const OWN_FIELDS = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId',
  'method', 'url', 'statusCode', 'responseTimeMs', 'keyId', 'workspaceId'])

let clockSecond = -1
let clockPrefix = ''
/** HH:MM:SS.mmm (UTC) of epoch ms; the "HH:MM:SS." part is formatted once per second, not once per line. */
function clockOf (time: unknown): string {
  if (typeof time !== 'number' || !Number.isFinite(time)) return ''
  const ms = Math.floor(time)
  const second = Math.floor(ms / 1000)
  if (second !== clockSecond) {
    clockSecond = second
    clockPrefix = new Date(second * 1000).toISOString().slice(11, 20)
  }
  const rest = ms - second * 1000
  return clockPrefix + (rest < 10 ? '00' : rest < 100 ? '0' : '') + String(rest)
}

function detailsOf (record: Record<string, unknown>): string {
  const rest = Object.entries(record).filter(([key]) => !OWN_FIELDS.has(key))
  if (rest.length === 0) return ''
  const text = rest.map(([key, value]) => {
    if (key === 'err' && value !== null && typeof value === 'object') {
      const err = value as { type?: string, message?: string, stack?: string }
      return `\n${err.stack ?? `${err.type ?? 'Error'}: ${err.message ?? ''}`}`
    }
    return ` ${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`
  })
  return text.join('')
}

/** One pino JSON line → one readable line; anything unparsable passes through as it came. */
export function formatLogLine (line: string): string {
  let record: Record<string, unknown>
  try {
    record = JSON.parse(line) as Record<string, unknown>
  } catch {
    return line
  }
  const level = LEVELS[record.level as number] ?? String(record.level)
  return `${clockOf(record.time)} ${level} ${String(record.msg ?? '')}${detailsOf(record)}\n`
}

/** Most log bytes waiting for a slow stdout; past it lines are dropped rather than memory growing without end. */
const MAX_PENDING_LOG_BYTES = 16 * 1024 * 1024

/** Where the text log writes: one `write` per call, as a stream takes it; `flush` waits for what is written so far. */
interface LineSink { write (text: string): unknown, flush?: () => Promise<void> }

/** How long a close waits by default for stdout to take the last lines: a stopped reader must never hold the stop. */
const FLUSH_WAIT_MS = 1000

/**
 * A buffered stdout, as pino's own default is: lines written while a write is in flight go out together. Lines
 * are also gathered over one turn of the event loop and handed over at its check phase as one write: under load
 * many requests finish in one turn, and one write (a threadpool job and a syscall) per line was most of what the
 * request line cost. A line still goes out in the turn it was logged, and at exit nothing gathered is lost.
 */
function bufferedStdout (): LineSink {
  // sonic-boom is CommonJS whose typings declare an ES default export; the constructor is the module itself.
  const SonicBoom = sonicBoom as unknown as typeof import('sonic-boom').SonicBoom
  const out = new SonicBoom({ fd: 1, sync: false, maxLength: MAX_PENDING_LOG_BYTES })
  let gathered = ''
  // A write in flight (a threadpool job): process.exit does not wait for it, so the close waits (flush).
  let writing = false
  out.on('drain', () => { writing = false })
  const handOver = (): void => {
    const text = gathered
    gathered = ''
    writing = true
    out.write(text)
  }
  // The last lines (a shutdown, an error) must not die in a buffer with the process.
  process.once('exit', () => {
    try {
      if (gathered !== '') handOver()
      out.flushSync()
    } catch { /* stdout already gone */ }
  })
  // A closed stdout (`npm start | head`, a stopped log collector) must cost the log lines, never the emulator.
  out.on('error', () => {})
  return {
    write (text: string): void {
      if (gathered === '') setImmediate(handOver)
      gathered += text
    },
    // The line a stop logs ("received SIGINT, closing") was lost when close-with-grace's process.exit came while its
    // write was still in flight on a busy machine; the app's close waits for it here.
    flush: async () => new Promise<void>((resolve) => {
      if (gathered !== '') handOver()
      if (!writing) return resolve()
      out.once('drain', () => { resolve() })
    })
  }
}

/** The text log: pino's lines and the request lines, in order, through one buffered stdout. */
export interface TextLog {
  /** Handed to Fastify's logger: each pino JSON line becomes one readable line. */
  readonly stream: Writable
  /**
   * Writes one readable line directly: the line of every request (plugins/request-log.ts) skips pino's JSON and
   * its parse here, the same text either way.
   */
  line (level: number, message: string): void
  /** Waits (at most `flushWaitMs`, a second by default) until stdout has taken every line logged so far: the app's close calls it. */
  flush (): Promise<void>
}

export interface TextLogOptions {
  /**
   * The longest a flush waits. A test that drains a long line through a full pipe on a loaded machine needs longer
   * (sonic-boom writes 16 KiB at a time and waits 100 ms each time the pipe is full: 0.66 to 0.96 s at load 10).
   */
  flushWaitMs?: number
}

/** The flush of `out`, given up after `waitMs`: it resolves either way, and its timer is cleared once it does. */
async function flushWithin (out: LineSink, waitMs: number): Promise<void> {
  if (out.flush === undefined) return
  let timer: NodeJS.Timeout | undefined
  const gaveUp = new Promise<void>((resolve) => { timer = setTimeout(resolve, waitMs) })
  try {
    await Promise.race([out.flush(), gaveUp])
  } finally {
    clearTimeout(timer)
  }
}

export function createTextLog (out: LineSink = bufferedStdout(), options: TextLogOptions = {}): TextLog {
  const flushWaitMs = options.flushWaitMs ?? FLUSH_WAIT_MS
  const stream = new Writable({
    write (chunk: Buffer, _encoding, done) {
      const lines = chunk.toString('utf8').split('\n').filter((line) => line !== '')
      out.write(lines.map(formatLogLine).join(''))
      done()
    }
  })
  return {
    stream,
    line: (level, message) => { out.write(`${clockOf(Date.now())} ${LEVELS[level] ?? String(level)} ${message}\n`) },
    flush: async () => flushWithin(out, flushWaitMs)
  }
}
