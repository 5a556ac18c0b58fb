// A worker that starts and never says it is ready: the pool's start-up limit is what ends it.
import { parentPort } from 'node:worker_threads'

parentPort.on('message', () => {})
