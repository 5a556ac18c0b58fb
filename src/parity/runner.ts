// Runs the scenario against two sides and compares each pair of answers: the probes go to the target first (the
// emulator key is minted to match what they show), then every step goes to both sides at once.
import { createClient, type ApiClient } from './client.js'
import { createComparer, type Comparer } from './compare/index.js'
import { responseSchemas } from './compare/shape.js'
import type { LocalEmulator } from './local.js'
import { profileOf, routesToRestrict, type KeyProfile } from './profile.js'
import { createTally, type OperationResult, type Tally } from './report.js'
import { MissingVar } from './scenario/steps.js'
import { mainSteps, probeSteps, type ScenarioOptions, type Step, type Vars } from './scenario/index.js'
import { liveSide, type Side } from './sides.js'
import { Interrupted, type Answer, type HttpRequest } from './types.js'

export interface RunSetup {
  target: Side
  local: LocalEmulator
  scenario: ScenarioOptions
  signal: AbortSignal
  /** What of the emulator's answers is compared (a redacted recording's verify redacts them the same way). */
  emulatorView? (answer: Answer): Answer
  /** Every target answer, with the request that got it and the target's variables after it (recording, clean-up). */
  onTargetAnswer? (step: Step, request: HttpRequest, answer: Answer, vars: Vars): void
}

export interface RunOutcome {
  operations: OperationResult[]
  profile: KeyProfile
  /** The route restriction of the emulator key, when the target key's refusals needed one. */
  routes?: string[]
  emulatorRequests: number
  /** Steps not sent because the target's workspace gave no id for them (no scenes, no invites…). */
  skipped: number
}

interface State {
  setup: RunSetup
  vars: { target: Vars, emulator: Vars }
  tally: Tally
  comparer: Comparer
  emulator?: Side
  skipped: number
}

function checkSignal (signal: AbortSignal): void {
  if (signal.aborted) throw new Interrupted(String(signal.reason ?? 'signal'))
}

/** The request for one side, or why it cannot be built (a MissingVar's message). */
function build (step: Step, vars: Vars): HttpRequest | string {
  try {
    return step.request(vars)
  } catch (error) {
    if (error instanceof MissingVar) return error.message
    throw error
  }
}

async function sendTarget (state: State, step: Step, request: HttpRequest): Promise<Answer> {
  const answer = await state.setup.target.send(step, request, state.setup.signal)
  step.learn?.(answer, state.vars.target)
  state.setup.onTargetAnswer?.(step, request, answer, state.vars.target)
  return answer
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

async function runPair (state: State, step: Step): Promise<void> {
  checkSignal(state.setup.signal)
  const targetRequest = build(step, state.vars.target)
  if (typeof targetRequest === 'string') {
    state.skipped++
    return
  }
  const emulatorRequest = build(step, state.vars.emulator)
  const [target, emulator] = await Promise.all([
    sendTarget(state, step, targetRequest),
    typeof emulatorRequest === 'string'
      ? { status: 0, headers: {}, body: null, json: false, notSent: emulatorRequest }
      : (state.emulator as Side).send(step, emulatorRequest, state.setup.signal)
  ])
  step.learn?.(emulator, state.vars.emulator)
  state.tally.add(step.operation, state.comparer.compare(step, view(state.setup, emulator), target))
}

const view = (setup: RunSetup, answer: Answer): Answer => setup.emulatorView?.(answer) ?? answer

export async function runScenario (setup: RunSetup): Promise<RunOutcome> {
  const state: State = { setup, vars: { target: {}, emulator: {} }, tally: createTally(), comparer: createComparer(responseSchemas(setup.local.document)), skipped: 0 }
  const probes = probeSteps(setup.scenario.readOnly)
  const targetAnswers: Answer[] = []
  for (const step of probes) {
    checkSignal(setup.signal)
    targetAnswers.push(await sendTarget(state, step, step.request(state.vars.target)))
  }
  const profile = profileOf(probeAnswers(probes, targetAnswers))
  const { client, answers, routes } = await matchKey(state, probes, profile)
  state.emulator = liveSide(client)
  probes.forEach((step, i) => state.tally.add(step.operation, state.comparer.compare(step, view(setup, answers[i]), targetAnswers[i])))
  for (const step of mainSteps(profile, setup.scenario)) await runPair(state, step)
  return { operations: state.tally.results(), profile, routes, emulatorRequests: client.requests(), skipped: state.skipped }
}
