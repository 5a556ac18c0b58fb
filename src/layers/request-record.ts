// One record per public request, which each layer writes its part to and the journal and the request log read
// (WireMock's ServeEvent is the model): who called (auth), what the fault layer did, which stub answered, what drift
// changed, what an MCP request asked, what the chaos sweep served. Layers learn about each other only through this
// record, never through each other's files, headers or casts of the request.
import type { ServerResponse } from 'node:http'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { FaultKind, FaultPhase } from '../schemas/faults.js'

/** Who called, as auth found the key: set before authorize, so a 403 is still attributed. */
export interface RecordedCaller {
  keyId: string
  workspaceId: string
}

/** One fault that fired, as the journal reports it. */
export interface FaultFired {
  kind: FaultKind
  /** 'before': answered instead of the handler; 'after': the handler ran and committed, then the response was replaced. */
  phase: FaultPhase
  /** What asked for it: the X-Emulator-Fault header, a rule, or the global fault rate. */
  source: 'header' | 'rule' | 'rate'
  /** Index of the rule in the current rule list; null for other sources. */
  rule: number | null
  /** Delay of a latency rule, or the gap between chunks of a slow body; null otherwise. */
  delayMs: number | null
}

/** What the fault layer decided for one request. */
export interface FaultOutcome {
  /** Total delay before the request went on: ambient latency (or X-Emulator-Latency) plus a latency rule. */
  latencyMs: number
  fault: FaultFired | null
}

/** The fault layer's entry: what it decided, and whether the body going out is its own. */
export interface FaultEntry extends FaultOutcome {
  /**
   * True once the body going out is the fault's (an envelope or page answered before the handler, or the
   * response replaced or trickled after it): drift leaves it alone, and the fault layer's own second pass too.
   */
  answered: boolean
  /** The bytes a slow body trickles out, so the journal records them without reading the stream. */
  trickled: Buffer | null
}

/** The stub rule that answered instead of the route. */
export interface StubEntry { id: number }

/** What drift changed in the response. */
export interface DriftEntry {
  /** '<kind> <JSON pointer>' each. */
  changes: string[]
  /** The X-Emulator-Drift header it sent. */
  header: string
}

/** What one MCP message asked for: the JSON-RPC method and, for tools/call, the tool. */
export interface McpEntry { method: string, tool: string | null }

/**
 * What the chaos sweep asked for (layers/coverage/sweep-plugin.ts): `outcome` as EMULATOR_CHAOS_OUTCOMES names it
 * ('503', 'drop', 'drift', 'drift:rename-field'). `answered`: the sweep's own answer (a status or a drop) goes out
 * instead of the route's; false for a drift, which the drift layer applies to the route's answer. `header`: the
 * X-Emulator-Chaos value (`sweep 503`, `sweep drift:rename-field`) once served; null while a drift is pending or
 * when none applied to the answer.
 */
export interface ChaosEntry { outcome: string, answered: boolean, header: string | null }

export interface RequestRecord {
  caller: RecordedCaller | null
  fault: FaultEntry | null
  stub: StubEntry | null
  drift: DriftEntry | null
  /** The MCP request's message, or the first of a batch that asks something (what the journal shows, the sweep and drift key by). */
  mcp: McpEntry | null
  /**
   * Each message of a batch that asks something (no responses), in order (the coverage counts each as itself); [] for
   * a batch the route refuses whole; null for a single message.
   */
  mcpBatch: McpEntry[] | null
  chaos: ChaosEntry | null
}

const kRecord = Symbol('emulator.requestRecord')
const kRoute = Symbol('emulator.routeOptions')

/** The route a request matched, as Fastify describes it: its url (undefined when none matched), config and schema. */
export type MatchedRoute = FastifyRequest['routeOptions']

declare module 'fastify' {
  interface FastifyRequest {
    [kRecord]?: RequestRecord | null
    [kRoute]?: MatchedRoute | null
  }
}

/** This request's record, empty until a layer writes to it. */
export function recordOf (request: FastifyRequest): RequestRecord {
  return (request[kRecord] ??= { caller: null, fault: null, stub: null, drift: null, mcp: null, mcpBatch: null, chaos: null })
}

/**
 * The route this request matched, read once per request: Fastify's `request.routeOptions` getter builds a new
 * object of twelve fields on every read, and a public request's layers read it five or six times. Read again when
 * the request has since been handed to the not-found handler (reply.callNotFound(), the one change of route Fastify
 * makes; is404 is a cheap getter).
 */
export function routeOf (request: FastifyRequest): MatchedRoute {
  const kept = request[kRoute]
  if (kept != null && request.is404 === (kept.url === undefined)) return kept
  return (request[kRoute] = request.routeOptions)
}

/**
 * Declares the record's and the route's slots on the scope's requests (null until first used), so every request
 * object is built with them and keeps one shape: a property added after construction gives each request a new hidden
 * class and the layers' property reads go megamorphic. Register before the layers (api/v1/index.ts).
 */
export const requestSlots = fp(async (app) => {
  app.decorateRequest(kRecord, null)
  app.decorateRequest(kRoute, null)
}, { name: 'request-slots' })

/** Whether the body going out is a harness layer's (a fault's, a stub's or the sweep's) rather than the route's. */
export function answeredByHarness (record: RequestRecord): boolean {
  return record.stub !== null || record.fault?.answered === true || record.chaos?.answered === true
}

/** The drift kinds the sweep asks drift to draw one from for this answer, or null when it asks none. */
export function sweptDriftKinds (record: RequestRecord, allKinds: readonly string[]): readonly string[] | null {
  const outcome = record.chaos?.outcome
  if (outcome === undefined || record.chaos?.answered === true) return null
  if (outcome === 'drift') return allKinds
  return outcome.startsWith('drift:') ? [outcome.slice('drift:'.length)] : null
}

/** What a layer does when a public response is done or its connection gone: it must not throw (nothing would catch it). */
export type AnswerClosed = (request: FastifyRequest, reply: FastifyReply) => void

/** The layers' close listeners and arrival stamps of one scope, in registration order (the hook order). */
interface CloseWatch { closed: AnswerClosed[], arrived: Array<(request: FastifyRequest) => void> }

// By the instance itself: a child scope is Object.create(parent), so a property would be found on the parent's and
// the child's layers would join the parent's list with no hook of their own.
const closeWatches = new WeakMap<FastifyInstance, CloseWatch>()
const kReply = Symbol('emulator.reply')

type WatchedResponse = ServerResponse & { [kReply]?: FastifyReply }

/** The one 'close' listener of every public response, shared (no closure per request): each layer's, in order. */
function watchOf (app: FastifyInstance): CloseWatch {
  const existing = closeWatches.get(app)
  if (existing !== undefined) return existing
  const watch: CloseWatch = { closed: [], arrived: [] }
  closeWatches.set(app, watch)
  const { closed, arrived } = watch
  function onClose (this: WatchedResponse): void {
    const reply = this[kReply] as FastifyReply
    for (let i = 0; i < closed.length; i++) closed[i](reply.request, reply)
  }
  // Added where the first layer asks (api/v1/index.ts: the journal's arrival, else the coverage), before faults.
  app.addHook('onRequest', (request, reply, done) => {
    for (let i = 0; i < arrived.length; i++) arrived[i](request)
    // 'close' fires once the response is done or its connection is gone, so dropped requests are seen too.
    ;(reply.raw as WatchedResponse)[kReply] = reply
    reply.raw.on('close', onClose)
    done()
  })
  return watch
}

/**
 * `closed` runs when this scope's response closes (done, or its connection dropped), after the listeners of the
 * layers registered before it; `arrived`, if given, when the request arrives, where the first layer registered
 * (one onRequest hook and one listener per request, however many layers watch: api/v1/index.ts has two).
 */
export function whenAnswerCloses (app: FastifyInstance, closed: AnswerClosed, arrived?: (request: FastifyRequest) => void): void {
  const watch = watchOf(app)
  watch.closed.push(closed)
  if (arrived !== undefined) watch.arrived.push(arrived)
}
