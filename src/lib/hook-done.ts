// Callback hooks whose rare branch is async: its promise settles into `done` the way Fastify's hook runner settles a
// returned one, so every hook is one style (calls done, returns nothing) and an idle request allocates no promise.

/** A callback hook's `done` (onRequest, preValidation, preHandler, onResponse). */
export type HookDone = (error?: Error) => void
/** An onSend hook's `done`: an error, or the payload that goes on (undefined keeps the one it had). */
export type SendDone = (error: Error | null, payload?: unknown) => void

/** As Fastify's hook runner passes a rejection on: as it is, or its own error for a falsy one (FST_ERR_SEND_UNDEFINED_ERR's text). */
function asError (error: unknown): Error {
  return (error || new Error('Undefined error has occurred')) as Error
}

/** Goes on (done) once `work` resolves; a rejection is the hook's error, as when a hook returns the promise. */
export function settleHook (work: Promise<unknown>, done: HookDone): void {
  work.then(() => done(), (error: unknown) => done(asError(error)))
}

/** The onSend twin: the payload `work` resolves to goes on (undefined keeps the current one, as Fastify does). */
export function settleSend (work: Promise<unknown>, done: SendDone): void {
  work.then((payload) => done(null, payload), (error: unknown) => done(asError(error)))
}
