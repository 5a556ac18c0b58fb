// /_emulator/clock: freeze, set and advance the emulator's clock (key expiry, timestamps), or go back to real time.
// Its reset (back to the configured start) is the control part app.control.clock (layers/control.ts).
import type { RouteFile } from '../lib/route-file.js'
import { fail } from '../errors.js'
import type { Clock } from '../lib/clock.js'
import { ClockStateSchema, SetClockBodySchema, adminResponses, momentToMs, type ClockState } from '../schemas/admin.js'

/** One reading of the clock for both fields: on real time, two readings can fall a millisecond apart. */
export function clockState (clock: Clock): ClockState {
  const epochMs = clock.now()
  return { now: new Date(epochMs).toISOString(), epochMs, virtual: clock.isVirtual() }
}

const clockRoutes: RouteFile = async (app) => {
  const { clock } = app

  app.get('/clock', {
    schema: { summary: 'The emulator\'s current time', response: adminResponses(ClockStateSchema) }
  }, async () => clockState(clock))

  app.post('/clock', {
    schema: {
      summary: 'Freeze the clock at `now` (ISO date-time or epoch ms), or move it forward by `advanceMs`',
      body: SetClockBodySchema,
      response: adminResponses(ClockStateSchema, 400)
    }
  }, async (request) => {
    const { now, advanceMs } = request.body
    if ((now === undefined) === (advanceMs === undefined)) fail('EMU_BAD_REQUEST', 'body must have exactly one of now, advanceMs')
    // Advancing a real clock freezes it at real now + advanceMs (lib/clock.ts), so what follows is reproducible.
    if (now !== undefined) clock.set(momentToMs(now))
    else clock.advance(advanceMs as number)
    return clockState(clock)
  })

  app.delete('/clock', {
    schema: { summary: 'Back to real time', response: adminResponses(ClockStateSchema) }
  }, async () => {
    clock.useRealTime()
    return clockState(clock)
  })
}

export default clockRoutes
