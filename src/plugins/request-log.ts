// One log line per completed request instead of Fastify's two: method, path (secrets redacted),
// status, time, key id and workspace. Health probes log at debug, so a container's HEALTHCHECK stays quiet.
// In text mode the line goes straight to the text log (lib/text-log.ts); JSON mode keeps it a pino record.
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { recordOf } from '../layers/request-record.js'
import { redactUrl } from '../lib/redact.js'
import type { TextLog } from '../lib/text-log.js'

const HEALTH_PATH = '/_emulator/health'
const INFO = 30
const DEBUG = 20

function isHealthProbe (url: string): boolean {
  return url.startsWith(HEALTH_PATH) && (url.length === HEALTH_PATH.length || url[HEALTH_PATH.length] === '?')
}

interface Output { textLog: TextLog | undefined, debug: boolean }

function logCompleted (request: FastifyRequest, reply: FastifyReply, { textLog, debug }: Output): void {
  const quiet = isHealthProbe(request.url)
  if (quiet && !debug) return
  const caller = recordOf(request).caller
  const keyId = caller?.keyId ?? null
  const workspaceId = caller?.workspaceId ?? null
  const url = redactUrl(request.url)
  const ms = Math.round(reply.elapsedTime * 10) / 10
  const message = `${request.method} ${url} ${reply.statusCode} ${ms}ms${keyId === null ? '' : ` ${keyId}`}${workspaceId === null ? '' : ` ${workspaceId}`}`
  // Text mode prints `message` and drops nothing useful; JSON mode keeps the same facts as fields.
  if (textLog !== undefined) return textLog.line(quiet ? DEBUG : INFO, message)
  const fields = { method: request.method, url, statusCode: reply.statusCode, responseTimeMs: ms, keyId, workspaceId }
  if (quiet) request.log.debug(fields, message)
  else request.log.info(fields, message)
}

export default fp<{ textLog?: TextLog }>(async (app, { textLog }) => {
  // Above info nothing here would print: skip the hook and its per-request work altogether.
  if (!['info', 'debug', 'trace'].includes(app.config.logLevel)) return
  const output = { textLog, debug: app.config.logLevel !== 'info' }
  app.addHook('onResponse', (request, reply, done) => {
    logCompleted(request, reply, output)
    done()
  })
}, { name: 'request-log', dependencies: ['runtime'] })
