// The layout engine behind create_diagram: elkjs (the Eclipse Layout Kernel compiled to JavaScript, EPL-2.0, used
// unmodified) in a worker thread of its own, started on the first diagram and never at start: loading its 1.6 MB
// build takes about half a second, and a layout holds its thread for 0.1-2 s, which must not be the server's.
import { Worker } from 'node:worker_threads'
import { fileURLToPath } from 'node:url'
import type { ElkNode } from 'elkjs/lib/elk-api.js'
import { McpToolError } from '../tool-errors.js'

export type { ElkNode, ElkExtendedEdge } from 'elkjs/lib/elk-api.js'

/** INFER: far above what the largest diagram the tool accepts needs here (about 4 s on a busy 2-core machine). */
const LAYOUT_TIMEOUT_MS = 60_000
/** A pathological graph ends the worker (ERR_WORKER_OUT_OF_MEMORY), not the emulator. */
const WORKER_HEAP_MB = 512

// Plain CommonJS run as the worker's script: the single-file build, which needs no web-worker package.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const ELK = require(workerData.engine)
const elk = new ELK()
parentPort.on('message', ({ id, graph }) => elk.layout(graph).then(
  (laidOut) => parentPort.postMessage({ id, graph: laidOut }),
  (err) => parentPort.postMessage({ id, error: String((err && err.message) || err) })))
`

interface Answer { id: number, graph?: ElkNode, error?: string }

let worker: Worker | undefined
let queue: Promise<unknown> = Promise.resolve()
let nextId = 1

function spawn (): Worker {
  const engine = fileURLToPath(import.meta.resolve('elkjs/lib/elk.bundled.js'))
  // execArgv [] keeps the parent's loaders (tsx in development) out of a worker that runs plain JavaScript.
  const w = new Worker(WORKER_SOURCE, { eval: true, workerData: { engine }, execArgv: [], resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } })
  w.unref()
  w.on('exit', () => { if (worker === w) worker = undefined })
  return w
}

/** Lays `graph` out in the worker, one graph at a time; the answer carries the positions. */
export function runLayout (graph: ElkNode): Promise<ElkNode> {
  const result = queue.then(() => layoutOne(graph))
  queue = result.catch(() => undefined)
  return result
}

function layoutOne (graph: ElkNode): Promise<ElkNode> {
  const w = worker ??= spawn()
  const id = nextId++
  return new Promise<ElkNode>((resolve, reject) => {
    const finish = (): void => { clearTimeout(timer); w.off('message', onMessage); w.off('exit', onExit); w.unref() }
    const onMessage = (answer: Answer): void => {
      if (answer.id !== id) return
      finish()
      if (answer.graph !== undefined) resolve(answer.graph)
      else reject(new Error(`layout engine: ${answer.error}`))
    }
    const onExit = (): void => {
      finish()
      reject(tooLarge('the layout engine ran out of memory'))
    }
    const timer = setTimeout(() => {
      finish()
      if (worker === w) worker = undefined
      void w.terminate()
      reject(tooLarge(`the layout took longer than ${LAYOUT_TIMEOUT_MS / 1000} s`))
    }, LAYOUT_TIMEOUT_MS)
    w.on('message', onMessage)
    w.on('exit', onExit)
    w.ref()
    w.postMessage({ id, graph })
  })
}

function tooLarge (what: string): Error {
  return new McpToolError(`${what}: split the diagram into smaller ones`)
}
