// The comparisons' gate: the shadow side answers and compares in the proxy's own process (one thread), so a
// comparison step that runs while a client's request is proxied delays that request; each step waits its turn.

/**
 * How long a comparison step waits for the clients' answers at most (and how long one answer holds them back), and
 * the backlog of exchanges from which they wait no more.
 */
export const GATE = { maxWaitMs: 50, maxBacklog: 64 }

export interface ClientGate {
  /** A client request is being answered: call the function returned once the target's answer is through. */
  answering: () => () => void
  /** An exchange joined the comparison queue: call the function returned once it is compared. */
  queued: () => () => void
  /** Both: the answer is under way until `forwarded` settles; call the function returned once it is compared. */
  exchange: (forwarded: Promise<unknown>) => () => void
  /** Resolves once no client request is being answered (at once past the backlog, at most after `maxWaitMs`). */
  idle: () => Promise<void>
}

/**
 * Gives the clients' answers the process first: the shadow side answers and compares in the proxy's own process
 * (one thread), so a comparison that runs while a request is proxied delays that request. Each comparison step
 * waits until no answer is under way; a bounded wait and backlog, so a client that never pauses (or an event
 * stream held open) cannot starve the comparisons or grow the queue without end.
 */
export function createClientGate (): ClientGate {
  let answering = 0
  let backlog = 0
  let waiting: Array<() => void> = []
  const release = () => {
    const woken = waiting
    waiting = []
    for (const wake of woken) wake()
  }
  const once = (f: () => void) => { let done = false; return () => { if (!done) { done = true; f() } } }
  const answeringNow = () => {
    answering++
    // A slow target or an event stream held open holds the comparisons back once, not for as long as it lasts; an
    // answer through before then takes its timer with it (no timer per request left pending under load).
    const late = setTimeout(() => done(), GATE.maxWaitMs).unref()
    const done = once(() => {
      clearTimeout(late)
      if (--answering === 0) release()
    })
    return done
  }
  const queued = () => {
    backlog++
    return once(() => { backlog-- })
  }
  return {
    answering: answeringNow,
    queued,
    exchange (forwarded) {
      void forwarded.finally(answeringNow())
      return queued()
    },
    async idle () {
      if (answering === 0 || backlog > GATE.maxBacklog) return
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, GATE.maxWaitMs)
        waiting.push(() => { clearTimeout(timer); resolve() })
      })
    }
  }
}
