// Callback hooks whose rare branch is async: its promise settles into `done` the way Fastify's hook runner settles a
// returned one, so every hook is one style (calls done, returns nothing) and an idle request allocates no promise.
import { errorCodes } from 'fastify'

/** A callback hook's `done` (onRequest, preValidation, preHandler, onResponse). */
export type HookDone = (error?: Error) => void
/** An onSend hook's `done`: an error, or the payload that goes on (undefined keeps the one it had). */
export type SendDone = (error: Error | null, payload?: unknown) => void

/** As Fastify's hook runner passes a rejection on: as it is, or its own FST_ERR_SEND_UNDEFINED_ERR (500) for a falsy one. */
function asError (error: unknown): Error {
  return (error || new errorCodes.FST_ERR_SEND_UNDEFINED_ERR()) as Error
}

/**
 * Goes on (done) once `work` resolves; a rejection is the hook's error, as when a hook returns the promise. No catch
 * around done(), as in Fastify's runner for these hooks: what it runs next (the next hook, the handler) catches its own.
 */
export function settleHook (work: Promise<unknown>, done: HookDone): void {
  work.then(() => done(), (error: unknown) => done(asError(error)))
}

/**
 * The onSend twin: the payload `work` resolves to goes on (undefined keeps the current one, as Fastify does). done()
 * then sends the payload, which can throw (a payload of the wrong type, writeHead failing): as Fastify does for a
 * returned promise, that goes to the error handler, where here it was an unhandled rejection and Node exited.
 */
export function settleSend (work: Promise<unknown>, done: SendDone): void {
  work.then((payload) => {
    try {
      done(null, payload)
    } catch (error) {
      done(asError(error))
    }
  }, (error: unknown) => done(asError(error)))
}
