// The demo page's Coverage view (/_emulator/ui/coverage): operations down, outcomes across, counts in the cells, each
// required outcome an operation never received marked as a gap. The table is one fragment (/ui/coverage/table), which
// the page's script fetches again every second, as the journal polls: one renderer, on the server.
import { NONE_CALLED, compareOutcomes, type Coverage, type CoverageCheck } from '../../schemas/coverage.js'
import { html, type Html } from './html.js'
import { UI_PREFIX } from './layout.js'

/** What the view shows: the counts, the outcomes required of every called operation and the check's gaps. */
export interface CoverageFacts {
  coverage: Coverage
  required: readonly string[]
  check: CoverageCheck
  workspaceId: string | undefined
  sweep: { enabled: boolean, outcomes: readonly string[] }
}

/** The outcomes a check may name: a status, drop, slow, learned, drift or drift:<kind>. */
const REQUIRED = /^([1-5][0-9][0-9]|drop|slow|learned|drift|drift:[a-z0-9-]+)$/

/** The required outcomes a person typed (`429, 503,drop`), keeping only those a check can name. */
export function requiredOutcomes (text: string | undefined, fallback: readonly string[]): string[] {
  if (text === undefined) return [...fallback]
  return [...new Set(text.split(',').map((item) => item.trim()).filter((item) => REQUIRED.test(item)))]
}

/** One cell: the count; for `drift`, every drift kind's summed. */
function countOf (outcomes: Record<string, number>, outcome: string): number {
  if (outcome !== 'drift') return outcomes[outcome] ?? 0
  return Object.entries(outcomes).reduce((sum, [name, count]) => sum + (name.startsWith('drift:') ? count : 0), 0)
}

function cell (outcomes: Record<string, number>, outcome: string, gap: boolean): Html {
  if (gap) return html`<td class="gap" title="never received">gap</td>`
  const count = countOf(outcomes, outcome)
  return count === 0 ? html`<td class="muted">·</td>` : html`<td>${count}</td>`
}

export function coverageTable ({ coverage, required, check }: Pick<CoverageFacts, 'coverage' | 'required' | 'check'>): Html {
  if (coverage.operations.length === 0) return html`<p class="muted" id="coverage-empty">No answer counted yet: call <code>/api/v1</code> and the table fills in.</p>`
  const columns = [...new Set([...coverage.operations.flatMap((entry) => Object.keys(entry.outcomes)), ...required])].sort(compareOutcomes)
  const gaps = new Set(check.gaps.map((gap) => `${gap.operation}\n${gap.outcome}`))
  const summary = check.ok
    ? html`<p class="ok" id="coverage-summary">Every called operation received ${required.join(', ')}.</p>`
    : check.gaps[0]?.operation === NONE_CALLED
      ? html`<p class="warn" id="coverage-summary">No operation was called with a valid key yet: a check has nothing to pass.</p>`
      : html`<p class="warn" id="coverage-summary">${check.gaps.length} gap${check.gaps.length === 1 ? '' : 's'} in ${new Set(check.gaps.map((gap) => gap.operation)).size} of ${coverage.operations.length} operations.</p>`
  const rows = coverage.operations.map((entry) => html`<tr><td><code>${entry.operation}</code></td><td>${entry.calls}</td>${columns.map((outcome) => cell(entry.outcomes, outcome, gaps.has(`${entry.operation}\n${outcome}`)))}</tr>`)
  return html`${summary}<table id="coverage"><thead><tr><th>operation</th><th>calls</th>${columns.map((outcome) => html`<th class="${required.includes(outcome) ? 'required' : ''}">${outcome === 'drift' ? 'drift (any kind)' : outcome}</th>`)}</tr></thead><tbody>${rows}</tbody></table>`
}

function sweepLine (sweep: CoverageFacts['sweep']): Html {
  return sweep.enabled
    ? html`<p>The sweep is on: each operation a client calls gets ${sweep.outcomes.join(', ')} once each, a normal answer between two.</p>`
    : html`<p class="muted">The sweep is off (<code>EMULATOR_CHAOS=sweep</code> serves each failure once per operation).</p>`
}

export function coverageBody (facts: CoverageFacts): Html {
  return html`<h1>Failure coverage</h1>
<p class="muted">Per operation, what clients received, live. <a href="/_emulator/docs">GET /_emulator/coverage</a> answers the same; see docs/coverage.md.</p>
${sweepLine(facts.sweep)}
<form class="inline" id="coverage-filters" action="${UI_PREFIX}/coverage" method="get">
<label>Required outcomes <input name="outcomes" value="${facts.required.join(', ')}" size="28"></label>
<label>Workspace <input name="workspaceId" value="${facts.workspaceId ?? ''}" placeholder="all workspaces" size="16"></label>
<button class="secondary">Show</button></form>
<div id="coverage-holder">${coverageTable(facts)}</div>`
}
