// One log line per completed request (issue 16.6) instead of Fastify's two: method, path (secrets redacted),
// status, time, key id and workspace. Health probes log at debug, so a container's HEALTHCHECK stays quiet.
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { redactUrl } from '../lib/redact.js'

const HEALTH_PATH = '/_emulator/health'

/** The caller as auth left it; read loosely so this plugin does not depend on the api/ module that sets it. */
function callerOf (request: FastifyRequest): { keyId: string | null, workspaceId: string | null } {
  const auth = (request as unknown as { auth?: { key?: { id?: string }, workspaceId?: string } | null }).auth
  return { keyId: auth?.key?.id ?? null, workspaceId: auth?.workspaceId ?? null }
}

function logCompleted (request: FastifyRequest, reply: FastifyReply): void {
  const { keyId, workspaceId } = callerOf(request)
  const url = redactUrl(request.url)
  const ms = Math.round(reply.elapsedTime * 10) / 10
  const fields = { method: request.method, url, statusCode: reply.statusCode, responseTimeMs: ms, keyId, workspaceId }
  const message = `${request.method} ${url} ${reply.statusCode} ${ms}ms${keyId === null ? '' : ` ${keyId}`}${workspaceId === null ? '' : ` ${workspaceId}`}`
  const quiet = request.url.split('?')[0] === HEALTH_PATH
  // Text mode prints `message` and drops nothing useful; JSON mode keeps the same facts as fields.
  if (quiet) request.log.debug(fields, message)
  else request.log.info(fields, message)
}

export default fp(async (app) => {
  // Above info nothing here would print: skip the hook and its per-request work altogether.
  if (!['info', 'debug', 'trace'].includes(app.config.logLevel)) return
  app.addHook('onResponse', async (request, reply) => logCompleted(request, reply))
}, { name: 'request-log', dependencies: ['runtime'] })
