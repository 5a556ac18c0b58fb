// GET/PUT /_emulator/rate-limit: the settings, their validation, start-up values for fields left out, and reset.
import t, { type Test } from 'tap'
import type { FastifyInstance } from 'fastify'
import { build, errorBody } from '../../helper.js'
import { admin } from '../../admin/admin-helper.js'

/** Status and body of a rate-limit admin call (checked against the admin document by `admin`). */
const rateLimit = async (t: Test, app: FastifyInstance, method: string, body?: object) => {
  const res = await admin(t, app, method, '/_emulator/rate-limit', { body })
  return { status: res.status, body: res.body }
}

t.test('GET and PUT /_emulator/rate-limit', async (t) => {
  const app = await build(t)
  t.same(await rateLimit(t, app, 'GET'), { status: 200, body: { limit: 600, windowMs: 60000, resetHeader: 'seconds' } })
  t.same(await rateLimit(t, app, 'PUT', { limit: 2, resetHeader: 'epoch' }), { status: 200, body: { limit: 2, windowMs: 60000, resetHeader: 'epoch' } })
  t.same((await rateLimit(t, app, 'GET')).body, { limit: 2, windowMs: 60000, resetHeader: 'epoch' })
  t.same(await rateLimit(t, app, 'PUT', { limit: -1 }), { status: 400, body: errorBody(400, 'Bad Request', 'body/limit must be >= 0') })
  t.same(await rateLimit(t, app, 'PUT', { resetHeader: 'unix' }),
    { status: 400, body: errorBody(400, 'Bad Request', 'body/resetHeader must be equal to one of the allowed values: "seconds", "epoch"') })
  t.same((await rateLimit(t, app, 'PUT', {})).body, { limit: 600, windowMs: 60000, resetHeader: 'seconds' }, 'fields left out go back to start-up')
  await rateLimit(t, app, 'PUT', { limit: 0 })
  await admin(t, app, 'POST', '/_emulator/reset')
  t.same((await rateLimit(t, app, 'GET')).body, { limit: 600, windowMs: 60000, resetHeader: 'seconds' }, 'reset restores it')
})
