// Waiting in a test for something another part does on its own time (a worker answering, a timer being armed).
import { setTimeout as sleep } from 'node:timers/promises'

/**
 * Resolves once `ready()` holds, checking every 5 ms without spinning; rejects after `withinMs` naming `what` it
 * waited for, so a test that never gets there fails with its own line instead of the file's timeout.
 */
export async function until (ready: () => boolean, what: string, withinMs = 5_000): Promise<void> {
  const deadline = performance.now() + withinMs
  while (!ready()) {
    if (performance.now() > deadline) throw new Error(`waited ${withinMs} ms for ${what}, in vain`)
    await sleep(5)
  }
}
