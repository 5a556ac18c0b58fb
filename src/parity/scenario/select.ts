// --only: the operations a run compares, and the other steps it must still send for them (the ones whose answers
// give the ids they use: a PATCH of a scene needs the scene the run makes), which are sent but not compared.
import { mcpSteps } from './mcp.js'
import { probeSteps } from './probes.js'
import { API_BASE, type Step, type Vars } from './steps.js'

/** Every operation a run can compare, in scenario order: the names --only takes. */
export function knownOperations (): string[] {
  return [...new Set([...probeSteps(false), ...mcpSteps(true)].map((step) => step.operation))]
}

/** `GET /scenes` and `get /api/v1/scenes` name `GET /api/v1/scenes`; undefined when it is no operation of a run. */
export function operationNamed (name: string): string | undefined {
  const [method = '', ...rest] = name.trim().split(/\s+/)
  const path = rest.join(' ')
  const full = `${method.toUpperCase()} ${path.startsWith(API_BASE) ? path : `${API_BASE}${path}`}`
  return knownOperations().find((op) => op === full || op === `${method.toUpperCase()} ${path}`)
}

/** The variables a step's request reads. */
export function needsOf (step: Step): string[] {
  const read = new Set<string>()
  const vars = new Proxy({} as Vars, { get: (_target, name) => { if (typeof name === 'string') read.add(name); return 'parity' } })
  try {
    step.request(vars)
  } catch { /* a request that cannot be built from any value needs nothing more we can learn */ }
  return [...read]
}

const provides = (step: Step, name: string): boolean =>
  (step.learn?.provides ?? []).some((p) => p === name || (p.endsWith('*') && name.startsWith(p.slice(0, -1))))

export interface Selection {
  /** Compared and reported. */
  compared (step: Step): boolean
  /** Sent at all (compared, or giving an id a compared step needs). */
  sent (step: Step): boolean
}

/** Everything, when `only` is undefined; else the chosen operations and the steps that give them their ids. */
export function selectSteps (steps: readonly Step[], only: ReadonlySet<string> | undefined): Selection {
  if (only === undefined) return { compared: () => true, sent: () => true }
  const chosen = new Set(steps.filter((step) => only.has(step.operation)))
  const support = new Set<Step>()
  const wanted = new Set([...chosen].flatMap(needsOf))
  for (let grew = true; grew;) {
    grew = false
    for (const [i, step] of steps.entries()) {
      if (chosen.has(step) || support.has(step)) continue
      // Only an earlier step can give a later one its id.
      const gives = [...wanted].some((name) => provides(step, name) && steps.slice(i + 1).some((later) => chosen.has(later) || support.has(later)))
      if (!gives) continue
      support.add(step)
      for (const name of needsOf(step)) wanted.add(name)
      grew = true
    }
  }
  return { compared: (step) => chosen.has(step), sent: (step) => chosen.has(step) || support.has(step) }
}
