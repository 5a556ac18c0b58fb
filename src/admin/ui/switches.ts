// The "Drift & faults" page: forms that show the settings in force and send only the fields a person changed
// (app.js compares each field with the value the page was served with). Drift goes through PUT /_emulator/drift,
// which keeps what it is not given (the kinds checklist sends only `kinds`); faults through PATCH /_emulator/faults,
// which keeps the other settings and the rules set through the API (PUT would replace them all). The rules are a
// table, each with a button that removes it alone (DELETE /_emulator/faults/rules/{index}); the ledger a table.
import type { Static } from 'typebox'
import type { DriftKindInfoSchema, DriftLedgerSchema, DriftSettingsBody } from '../../schemas/drift.js'
import type { FaultSettings } from '../../schemas/faults.js'
import { counted, html, withCodeSpans, type Html } from './html.js'
import { UI_PREFIX } from './layout.js'

/** A drift kind as GET /_emulator/drift/kinds lists it. */
type DriftKindView = Static<typeof DriftKindInfoSchema>

/** What drift did since the last reset, as GET /_emulator/drift/ledger answers it. */
type DriftLedgerView = Static<typeof DriftLedgerSchema>

const numberField = (label: string, name: string, value: number, size: number): Html =>
  html`<label>${label} <input name="${name}" size="${size}" inputmode="decimal" value="${String(value)}"></label>`

function driftForm (drift: DriftSettingsBody): Html {
  return html`<form class="inline" id="drift-form" data-send="${UI_PREFIX}/api/drift" data-method="PUT">
<label><input type="checkbox" name="enabled"${drift.enabled ? html` checked` : ''}> on</label>
${numberField('seed', 'seed', drift.seed, 8)}${numberField('rate', 'rate', drift.rate, 4)}<button>Apply</button>
<span class="muted" data-form-note></span></form>`
}

/** Which kinds random drift draws from: one box per kind, sent as `kinds` (every box ticked: null, every kind). */
function kindsForm (drift: DriftSettingsBody, kinds: DriftKindView[], ledger: DriftLedgerView): Html {
  const box = (kind: DriftKindView): Html => html`<li><label title="${kind.description.replaceAll('`', '')}"><input type="checkbox" name="kind" value="${kind.name}"${drift.kinds.includes(kind.name) ? html` checked` : ''}>
<code>${kind.name}</code>${kind.breaking ? html` <span class="tag">breaking</span>` : ''}${ledger.byKind[kind.name] === undefined ? '' : html` <span class="muted">× ${String(ledger.byKind[kind.name])}</span>`}</label>
<div class="muted">${withCodeSpans(kind.description)}</div></li>`
  return html`<h3>Kinds <span class="muted">${drift.kinds.length} of ${kinds.length} drawn from</span></h3>
<form id="drift-kinds" data-kinds="${UI_PREFIX}/api/drift"><ul class="checklist">${kinds.map(box)}</ul>
<button>Apply kinds</button> <button class="secondary" type="button" data-check-all>Tick all</button> <span class="muted" data-form-note></span></form>`
}

function ledgerTable (ledger: DriftLedgerView): Html {
  const routes = Object.entries(ledger.byRoute)
  // One unbreakable entry per kind: the cell wraps between kinds, never inside one.
  const kindsOf = (byKind: Record<string, number>): Html[] =>
    Object.entries(byKind).map(([kind, n], i) => html`${i === 0 ? '' : ', '}<span class="nowrap"><code>${kind}</code> × ${String(n)}</span>`)
  return html`<h3>Ledger <button class="secondary" data-post="${UI_PREFIX}/api/drift/ledger" data-method="DELETE">Clear</button></h3>
<p>${counted(ledger.perturbed, 'response')} perturbed of ${String(ledger.eligible)} eligible since the last reset.</p>
${routes.length === 0
  ? html`<p class="muted">Nothing drifted yet.</p>`
  : html`<table id="drift-ledger"><thead><tr><th>route</th><th>eligible</th><th>perturbed</th><th>kinds</th></tr></thead><tbody>
${routes.map(([route, counts]) => html`<tr><td><code>${route}</code></td><td>${String(counts.eligible)}</td><td>${String(counts.perturbed)}</td><td>${kindsOf(counts.byKind)}</td></tr>`)}</tbody></table>`}`
}

function faultForm (faults: FaultSettings): Html {
  const statuses = [500, 502, 503].map((status) => html`<option value="${String(status)}"${status === faults.faultStatus ? html` selected` : ''}>${String(status)}</option>`)
  return html`<form class="inline" id="fault-form" data-send="${UI_PREFIX}/api/faults" data-method="PATCH">
${numberField('fault rate', 'faultRate', faults.faultRate, 4)}<label>status <select name="faultStatus">${statuses}</select></label>
${numberField('latency ms', 'latencyMs', faults.latencyMs, 6)}${numberField('jitter ms', 'latencyJitterMs', faults.latencyJitterMs, 6)}
<button>Apply</button><button class="secondary" type="button" data-post="${UI_PREFIX}/api/faults" data-method="DELETE">Back to start-up</button>
<span class="muted" data-form-note></span></form>
<p class="muted">${faults.rules.length === 0 ? 'No rules.' : `${counted(faults.rules.length, 'rule')} set through the admin API (kept when you apply).`}</p>`
}

function rulesTable (faults: FaultSettings): Html {
  if (faults.rules.length === 0) return html`<p class="muted">Add rules with <code>PUT</code> or <code>PATCH /_emulator/faults</code> (<code>rules: [{ path, fault }]</code>), or per request with the <code>X-Emulator-Fault</code> header.</p>`
  const row = (rule: FaultSettings['rules'][number]): Html => html`<tr><td>${String(rule.index)}</td><td>${rule.method}</td><td><code>${rule.path}</code></td>
<td>${String(rule.fault)}</td><td>${String(rule.probability)}</td><td>${rule.phase}</td><td>${rule.delayMs === null ? '' : `${rule.delayMs} ms`}</td>
<td>${rule.remaining === null ? 'unlimited' : String(rule.remaining)}</td><td>${String(rule.fired)}</td>
<td><button class="secondary" data-post="${UI_PREFIX}/api/faults/rules/${String(rule.index)}" data-method="DELETE">Remove</button></td></tr>`
  return html`<table id="fault-rules"><thead><tr><th>#</th><th>method</th><th>path</th><th>fault</th><th>probability</th><th>phase</th>
<th>delay</th><th>remaining</th><th>fired</th><th></th></tr></thead><tbody>${faults.rules.map(row)}</tbody></table>`
}

/** The two forms side by side; the ledger and the kinds below them at full width (a half left their columns narrow). */
export function switchesBody (drift: DriftSettingsBody, ledger: DriftLedgerView, faults: FaultSettings, kinds: DriftKindView[]): Html {
  return html`<h1>Drift and faults</h1>
<p class="muted">Each form shows the settings in force and sends only what you change.</p>
<div class="split"><section><h2>Drift</h2>${driftForm(drift)}</section>
<section><h2>Faults</h2>${faultForm(faults)}
<h3>Rules</h3>${rulesTable(faults)}</section></div>
<section>${ledgerTable(ledger)}
${kindsForm(drift, kinds, ledger)}</section>`
}
