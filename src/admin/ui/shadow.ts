// The demo page's shadow view (/_emulator/ui/shadow): the shadow proxy's report, a table per operation the client
// called, newest difference first. A pure function of the report; every value is escaped.
import type { ShadowDifference, ShadowOperation, ShadowReport } from '../../schemas/shadow-report.js'
import { counted, html, type Html } from './html.js'
import { UI_PREFIX } from './layout.js'

const shown = (value: unknown): string => value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value)

/** `step 12 GET /scenes/abc`: the first request that showed a difference. */
const firstRequest = (d: ShadowDifference): string => d.requests.length === 0 ? '' : `step ${d.requests[0].step} ${d.requests[0].method} ${d.requests[0].path}`

const newestFirst = (differences: readonly ShadowDifference[]): ShadowDifference[] =>
  [...differences].sort((a, b) => b.lastSeen.localeCompare(a.lastSeen))

function operationTable (op: ShadowOperation): Html {
  const verdict = op.differs === 0 ? html`<span class="ok">the same</span>` : html`<span class="warn">${op.differs} differ</span>`
  return html`<h2><code>${op.operation}</code> <span class="muted">${counted(op.requests, 'request')} · ${op.same} the same ·</span> ${verdict}</h2>
${op.differences.length === 0
  ? ''
  : html`<table class="shadow-differences"><thead><tr><th>last seen</th><th>path</th><th>kind</th><th>emulator</th><th>target</th><th>seen</th><th>first request</th></tr></thead>
<tbody>${newestFirst(op.differences).map((d) => html`<tr><td>${d.lastSeen}</td><td><code>${d.pattern ?? d.path}</code></td><td>${d.kind}</td><td><code>${shown(d.emulator)}</code></td><td><code>${shown(d.target)}</code></td><td>${d.count}×</td><td><code>${firstRequest(d)}</code></td></tr>`)}</tbody></table>`}
${op.accepted.length === 0 ? '' : html`<p class="muted">Accepted: ${op.accepted.map((d) => html`<code>${d.pattern ?? d.path}</code> (${d.kind}: ${d.reason}) `)}</p>`}`
}

/** Operations with the newest difference first, then those that answered the same. */
function byNewestDifference (operations: readonly ShadowOperation[]): ShadowOperation[] {
  const newest = (op: ShadowOperation) => op.differences.reduce((max, d) => d.lastSeen > max ? d.lastSeen : max, '')
  return [...operations].sort((a, b) => newest(b).localeCompare(newest(a)))
}

export function shadowBody (report: ShadowReport): Html {
  const { shadow, summary } = report
  return html`<h1>Shadow of <code>${report.target}</code></h1>
<div class="facts"><div><span>shadow side</span>${shadow.state}${shadow.reason === null ? '' : html` <span class="warn">${shadow.reason}</span>`}</div>
<div><span>forwarded</span>${counted(shadow.forwarded, 'request')}</div><div><span>compared</span>${counted(shadow.compared, 'request')}</div>
<div><span>sent by the import</span>${counted(shadow.importRequests, 'request')}</div>
<div><span>operations</span>${summary.operations}: ${summary.same} the same, ${summary.differs} differ${summary.accepted === 0 ? '' : `, ${summary.accepted} with accepted differences`}</div><div><span>since</span>${report.startedAt}</div></div>
<p><button class="secondary" data-post="${UI_PREFIX}/api/shadow" data-method="DELETE">Clear the report</button>
<span class="muted">Reload the page for what came since.</span></p>
${byNewestDifference(report.operations).map(operationTable)}
${shadow.failures.length === 0
  ? ''
  : html`<h2>Not compared</h2><table><thead><tr><th>time</th><th>operation</th><th>side</th><th>reason</th></tr></thead>
<tbody>${shadow.failures.map((f) => html`<tr><td>${f.time}</td><td><code>${f.operation}</code></td><td>${f.side}</td><td>${f.reason}</td></tr>`)}</tbody></table>`}`
}
