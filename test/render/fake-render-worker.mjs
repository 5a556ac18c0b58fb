/* global process */
// A stand-in for src/render/worker.mjs that speaks its protocol, for the worker pool's tests: what it does with a
// job is written in the job's content ({hang}, {exit}, {heapBytes}, {deaf}: ignore being retired); it answers with its
// thread id, and exits with code 0 when retired.
import { parentPort, threadId } from 'node:worker_threads'

let deaf = false
parentPort.on('message', (msg) => {
  if (msg.type === 'retire') return deaf ? undefined : process.exit(0)
  const content = msg.content ?? {}
  if (content.deaf === true) deaf = true
  if (content.hang === true) return
  if (content.exit === true) process.exit(3)
  parentPort.postMessage({ id: msg.id, svg: `<svg data-thread="${threadId}"/>`, heapBytes: content.heapBytes ?? 1024 })
})
parentPort.postMessage({ type: 'ready' })
