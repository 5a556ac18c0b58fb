// The two sides of a comparison: a live API reached through the client (the target, or the local emulator),
// or a recording played back in order (the target of `parity --verify`).
import type { ApiClient } from './client.js'
import type { Recording } from '../formats/recording.js'
import { NO_SUCH_ROUTE_OPERATION } from './route-check.js'
import type { Step } from './scenario/index.js'
import { Interrupted, RunError, type Answer, type HttpRequest } from './types.js'

export interface Side {
  send (step: Step, request: HttpRequest, signal?: AbortSignal): Promise<Answer>
}

export function liveSide (client: ApiClient): Side {
  return { send: (_step, request, signal) => client.send(request, signal) }
}

/** A side whose first answer is already known (the check that the target is the API, reused as the first step). */
export function withFirstAnswer (side: Side, first: Answer): Side {
  let used = false
  return {
    send (step, request, signal) {
      if (used) return side.send(step, request, signal)
      used = true
      return Promise.resolve(first)
    }
  }
}

/** Answers the recorded steps in order; a scenario that asks for another operation than recorded cannot verify. */
export function recordedSide (recording: Recording, dir: string): Side {
  let next = 0
  return {
    async send (step) {
      const recorded = recording.steps[next]
      // A recording made before the route-not-found probe existed: that check is left out, the rest verifies.
      if (step.operation === NO_SUCH_ROUTE_OPERATION && recorded?.operation !== step.operation) {
        return { status: 0, headers: {}, body: null, json: false, notSent: 'not in this recording' }
      }
      // An interrupted run's recording ends where the signal came: its replay ends there as the run did.
      if (recorded === undefined && recording.header.interrupted !== undefined) throw new Interrupted(recording.header.interrupted)
      if (recorded === undefined || recorded.operation !== step.operation) {
        const found = recorded === undefined ? 'nothing more' : recorded.operation
        throw new RunError(`cannot verify ${dir}: its step ${next + 1} is ${found}, this version's scenario sends ${step.operation} there: record it again with this version`)
      }
      next++
      return recorded.answer
    }
  }
}
