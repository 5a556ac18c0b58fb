// Waiting in a test for something another part does on its own time (a worker answering, a timer being armed, a
// process printing a line, a port coming free).
import { setTimeout as sleep } from 'node:timers/promises'

/** One check, settled or not by the deadline: a check still pending then fails the wait as a false one would. */
async function checked (check: boolean | Promise<boolean>, deadline: number, late: () => Error): Promise<boolean> {
  if (typeof check === 'boolean') return check
  let timer: NodeJS.Timeout | undefined
  const overdue = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(late()), Math.max(0, deadline - performance.now()))
  })
  try {
    return await Promise.race([check, overdue])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Resolves once `ready()` holds (a boolean, or a promise of one), checking every `everyMs` without spinning; rejects
 * after `withinMs` naming `what` it waited for (a function is read then: a process's output so far), so a test that
 * never gets there fails with its own line instead of the file's timeout. A check that throws or rejects ends the
 * wait with its error.
 */
export async function until (ready: () => boolean | Promise<boolean>, what: string | (() => string), withinMs = 5_000, everyMs = 5): Promise<void> {
  const deadline = performance.now() + withinMs
  const late = () => new Error(`waited ${withinMs} ms for ${typeof what === 'string' ? what : what()}, in vain`)
  while (!(await checked(ready(), deadline, late))) {
    if (performance.now() > deadline) throw late()
    await sleep(everyMs)
  }
}
