// Runs the scenario against two sides and compares each pair of answers: the probes go to the target first (the
// emulator key is minted to match what they show), then every step goes to both sides at once. Each difference
// carries the request that produced it; a read that differs after a write failed on the target says so. A signal
// during the probes ends the run (Interrupted); after them, it ends the steps with the outcome so far.
import type { Acceptance } from './accept.js'
import { createClient, type ApiClient } from './client.js'
import { createComparer, type Comparer } from './compare/index.js'
import { createDocumentCheck, type DocumentCheck } from './compare/published.js'
import { responseSchemas } from './compare/shape.js'
import type { LocalEmulator } from './local.js'
import { profileOf, routesToRestrict, type KeyProfile } from './profile.js'
import { createTally, type OperationResult, type SkippedStep, type Tally } from './report.js'
import { createRouteCheck, NO_SUCH_ROUTE, NO_SUCH_ROUTE_OPERATION, type RouteCheck } from './route-check.js'
import { MissingVar } from './scenario/steps.js'
import { mainSteps, probeSteps, type ScenarioOptions, type Step, type Vars } from './scenario/index.js'
import { selectSteps, type Selection } from './scenario/select.js'
import { liveSide, type Side } from './sides.js'
import { trackFailedWrite, followsFrom, type FailedWrite } from './follows.js'
import { Interrupted, type Answer, type Difference, type HttpRequest, type RequestRef } from './types.js'

export interface RunSetup {
  target: Side
  /** The path of the target's base URL (`/api/v1`), to read its route-not-found texts. */
  targetBasePath: string
  local: LocalEmulator
  scenario: ScenarioOptions
  signal: AbortSignal
  acceptance?: Acceptance
  /** --only: the operations compared (undefined: all). */
  only?: ReadonlySet<string>
  /** A recording played back: every recorded step is replayed in order, --only narrows only what is compared. */
  replay?: boolean
  /** The recorded file of a step, when there is one (`steps/0013-POST-collections.json`). */
  fileOf? (step: number, operation: string): string | undefined
  /** What of the emulator's answers is compared (a redacted recording's verify redacts them the same way). */
  emulatorView? (answer: Answer): Answer
  /** Every target answer, with its step number, the request that got it and the target's variables after it. */
  onTargetAnswer? (step: Step, request: HttpRequest, answer: Answer, vars: Vars, number: number): void
}

export interface RunOutcome {
  operations: OperationResult[]
  profile: KeyProfile
  /** The route restriction of the emulator key, when the target key's refusals needed one. */
  routes?: string[]
  emulatorRequests: number
  /** Steps not sent because the target's workspace gave no id for them (no scenes, no invites…), and why. */
  skipped: SkippedStep[]
  /** The signal that ended the main steps early: the outcome holds the pairs compared before it. */
  interrupted?: string
}

interface State {
  setup: RunSetup
  vars: { target: Vars, emulator: Vars }
  tally: Tally
  comparer: Comparer
  documents: DocumentCheck
  routeCheck: RouteCheck
  selection: Selection
  emulator?: Side
  skipped: SkippedStep[]
  steps: number
  failedWrites: FailedWrite[]
  /** The last step that was to make each variable, for the reason a later step could not be sent. */
  makers: Map<string, RequestRef & { status: number }>
}

function checkSignal (signal: AbortSignal): void {
  if (signal.aborted) throw new Interrupted(String(signal.reason ?? 'signal'))
}

/** The request for one side, or why it cannot be built (a MissingVar). */
function build (step: Step, vars: Vars): HttpRequest | MissingVar {
  try {
    return step.request(vars)
  } catch (error) {
    if (error instanceof MissingVar) return error
    throw error
  }
}

function refOf (state: State, step: Step, request: HttpRequest, number: number): RequestRef {
  const query = new URLSearchParams(request.query ?? {}).toString()
  const file = state.setup.fileOf?.(number, step.operation)
  return { method: request.method, path: `${request.path}${query === '' ? '' : `?${query}`}`, step: number, ...(file === undefined ? {} : { file }) }
}

async function sendTarget (state: State, step: Step, request: HttpRequest): Promise<{ answer: Answer, ref: RequestRef }> {
  const number = ++state.steps
  const answer = await state.setup.target.send(step, request, state.setup.signal)
  step.learn?.(answer, state.vars.target)
  state.setup.onTargetAnswer?.(step, request, answer, state.vars.target, number)
  const ref = refOf(state, step, request, number)
  if (step.makes !== undefined) state.makers.set(step.makes.var, { ...ref, status: answer.status })
  return { answer, ref }
}

async function sendAll (client: ApiClient, steps: readonly Step[], vars: Vars, signal: AbortSignal): Promise<Answer[]> {
  const answers: Answer[] = []
  for (const step of steps) {
    const answer = await client.send(step.request(vars), signal)
    step.learn?.(answer, vars)
    answers.push(answer)
  }
  return answers
}

const probeAnswers = (steps: readonly Step[], answers: readonly Answer[]) =>
  steps.map((step, i) => ({ route: step.route as string, answer: answers[i] }))

/**
 * Mints the emulator key: same kind, permission and role; when the emulator still allows a route the target
 * refused, a second key restricted to the routes the target allowed. Returns the emulator's probe answers.
 */
async function matchKey (state: State, probes: readonly Step[], profile: KeyProfile): Promise<{ client: ApiClient, answers: Answer[], routes?: string[] }> {
  const { local, signal } = state.setup
  const connect = async (routes?: string[]) => createClient({ baseUrl: local.running.apiUrl, key: await local.mintKey(profile, routes) })
  let client = await connect()
  let vars: Vars = {}
  let answers = await sendAll(client, probes, vars, signal)
  const routes = routesToRestrict(profile, profileOf(probeAnswers(probes, answers)))
  if (routes !== undefined) {
    client = await connect(routes)
    vars = {}
    answers = await sendAll(client, probes, vars, signal)
  }
  state.vars.emulator = vars
  return { client, answers, routes }
}

/** Every difference of one pair: operation missing at the target, or the comparison, marked where the target breaks the document. */
function differencesOf (state: State, step: Step, request: HttpRequest, emulator: Answer, target: Answer): Difference[] {
  const missing = state.routeCheck.check(request, emulator, target)
  if (missing !== null) return [missing]
  const found = state.comparer.compare(step, view(state.setup, emulator), target)
  return state.documents.annotate(step.documentOperation, target, found)
}

function tally (state: State, step: Step, request: HttpRequest, ref: RequestRef, emulator: Answer, target: Answer): void {
  const found = differencesOf(state, step, request, emulator, target)
  const origin = found.length > 0 ? followsFrom(state.failedWrites, request) : undefined
  const statuses = { emulator: emulator.status, target: target.status }
  if (state.selection.compared(step)) {
    state.tally.add(step.operation, origin === undefined ? found : found.map((d) => ({ ...d, followsFrom: origin })), ref, statuses)
  }
  trackFailedWrite(state.failedWrites, request, ref, emulator, target)
}

function skip (state: State, step: Step, missing: MissingVar): void {
  const maker = state.makers.get(missing.variable)
  const why = maker === undefined ? '' : ` (step ${maker.step} ${maker.method} ${maker.path} answered ${maker.status})`
  if (state.selection.compared(step)) state.skipped.push({ operation: step.operation, reason: `${missing.message}${why}` })
}

async function runPair (state: State, step: Step): Promise<void> {
  checkSignal(state.setup.signal)
  const targetRequest = build(step, state.vars.target)
  if (targetRequest instanceof MissingVar) return skip(state, step, targetRequest)
  const emulatorRequest = build(step, state.vars.emulator)
  const [target, emulator] = await Promise.all([
    sendTarget(state, step, targetRequest),
    emulatorRequest instanceof MissingVar
      ? { status: 0, headers: {}, body: null, json: false, notSent: emulatorRequest.message }
      : (state.emulator as Side).send(step, emulatorRequest, state.setup.signal)
  ])
  step.learn?.(emulator, state.vars.emulator)
  tally(state, step, targetRequest, target.ref, emulator, target.answer)
}

const view = (setup: RunSetup, answer: Answer): Answer => setup.emulatorView?.(answer) ?? answer

/** The route-not-found probe: the target's answer (or none, in a recording made before it existed). */
async function probeRoutes (state: State, step: Step): Promise<Answer> {
  const { answer } = await sendTarget(state, step, NO_SUCH_ROUTE)
  return answer
}

function initialState (setup: RunSetup): State {
  const schemas = responseSchemas(setup.local.document)
  return {
    setup, vars: { target: {}, emulator: {} }, tally: createTally(setup.acceptance), comparer: createComparer(schemas),
    documents: createDocumentCheck(setup.local.document, schemas), routeCheck: createRouteCheck(undefined, undefined),
    selection: selectSteps([], undefined), skipped: [], steps: 0, failedWrites: [], makers: new Map()
  }
}

/**
 * The main steps in order. An interrupt ends them early and names its signal: what was compared before it is
 * kept (the pair in flight, cut by the same signal, is not tallied). Any other failure ends the run.
 */
async function runMain (state: State, steps: readonly Step[]): Promise<string | undefined> {
  try {
    for (const step of steps) await runPair(state, step)
    return undefined
  } catch (error) {
    if (error instanceof Interrupted) return error.signal
    throw error
  }
}

const routeProbe: Step = { operation: NO_SUCH_ROUTE_OPERATION, mode: 'value', request: () => NO_SUCH_ROUTE }

export async function runScenario (setup: RunSetup): Promise<RunOutcome> {
  const state = initialState(setup)
  const probes = probeSteps(setup.scenario.readOnly)
  const targetAnswers: Array<{ answer: Answer, ref: RequestRef }> = []
  for (const step of probes) {
    checkSignal(setup.signal)
    targetAnswers.push(await sendTarget(state, step, step.request(state.vars.target)))
    if (step === probes[0]) {
      targetAnswers.push({ answer: await probeRoutes(state, routeProbe), ref: { method: 'GET', path: NO_SUCH_ROUTE.path, step: state.steps } })
    }
  }
  const [first, routeAnswer, ...rest] = targetAnswers
  const profile = profileOf(probeAnswers(probes, [first, ...rest].map((a) => a.answer)))
  const { client, answers, routes } = await matchKey(state, probes, profile)
  state.emulator = liveSide(client)
  const emulatorNotFound = await client.send(NO_SUCH_ROUTE, setup.signal)
  state.routeCheck = createRouteCheck(
    { answer: routeAnswer.answer, basePath: setup.targetBasePath },
    { answer: emulatorNotFound, basePath: new URL(setup.local.running.apiUrl).pathname }
  )
  const main = mainSteps(profile, setup.scenario)
  const selection = selectSteps([...probes, ...main], setup.only)
  state.selection = setup.replay === true ? { compared: selection.compared, sent: () => true } : selection
  probes.forEach((step, i) => tally(state, step, step.request(state.vars.target), [first, ...rest][i].ref, answers[i], [first, ...rest][i].answer))
  // From here on a profile exists and answers are compared: an interrupt ends the run with its outcome so far.
  const interrupted = await runMain(state, main.filter(state.selection.sent))
  return {
    operations: state.tally.results(), profile, routes, emulatorRequests: client.requests(), skipped: state.skipped,
    ...(interrupted === undefined ? {} : { interrupted })
  }
}
