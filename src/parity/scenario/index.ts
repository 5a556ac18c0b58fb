// The scenario of a run, in an order that works on any workspace: the probes (what the key may do), reads of
// what is there, the writes of a full key on what the run makes, the MCP steps, and the removal of what it made.
import type { KeyProfile } from '../profile.js'
import { mcpSteps } from './mcp.js'
import { probeSteps } from './probes.js'
import { readSteps } from './reads.js'
import type { Step } from './steps.js'
import { writeSteps } from './writes.js'

export { probeSteps }
export type { Step, Vars, ResourceKind } from './steps.js'

export interface ScenarioOptions {
  /** Marks the names of what the run makes (its start time). */
  runId: string
  readOnly: boolean
  includeMcp: boolean
}

/** True when the key may call every REST route among the steps. */
const allAllowed = (steps: readonly Step[], allowed: ReadonlySet<string>): boolean =>
  steps.every((step) => step.route === undefined || allowed.has(step.route))

/** Everything after the probes, for a key with this profile. */
export function mainSteps (profile: KeyProfile, options: ScenarioOptions): Step[] {
  const allowed = new Set(profile.allowed)
  const reads = readSteps().filter((step) => step.route !== undefined && allowed.has(step.route))
  const written = writeSteps(options.runId, allowed.has('POST /workspaces/invites'))
  // Reads of the workspace among the writes (the audit log after them) are left out when the key may not read it.
  const wanted = (step: Step): boolean => step.mode !== 'shape' || step.route === undefined || allowed.has(step.route)
  const made = written.made.filter(wanted)
  const removals = written.removals.filter(wanted)
  // A key that may make but not remove (a route restriction) makes nothing: the run must leave nothing behind.
  const writes = !options.readOnly && profile.permission === 'full' && allAllowed([...made, ...removals], allowed)
  const mcp = options.includeMcp ? mcpSteps(writes) : []
  return writes ? [...reads, ...made, ...mcp, ...removals] : [...reads, ...mcp]
}
