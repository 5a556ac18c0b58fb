/* global process */
// A stand-in for src/render/worker.mjs that speaks its protocol, for the worker pool's tests: what it does with a
// job is written in the job's content ({hang}, {exit}, {heapBytes}); it answers with its thread id.
import { parentPort, threadId } from 'node:worker_threads'

parentPort.on('message', (msg) => {
  const content = msg.content ?? {}
  if (content.hang === true) return
  if (content.exit === true) process.exit(3)
  parentPort.postMessage({ id: msg.id, svg: `<svg data-thread="${threadId}"/>`, heapBytes: content.heapBytes ?? 1024 })
})
parentPort.postMessage({ type: 'ready' })
