// The "Drift & faults" page: forms that show the settings in force and send only the fields a person changed
// (app.js compares each field with the value the page was served with). Drift goes through PUT /_emulator/drift,
// which keeps what it is not given; faults through PATCH /_emulator/faults, which keeps the other settings and
// the rules set through the API (PUT would replace them all).
import type { DriftSettingsBody } from '../../schemas/drift.js'
import type { FaultSettings } from '../../schemas/faults.js'
import { html, type Html } from './html.js'
import { UI_PREFIX } from './layout.js'

const numberField = (label: string, name: string, value: number, size: number): Html =>
  html`<label>${label} <input name="${name}" size="${size}" inputmode="decimal" value="${String(value)}"></label>`

function driftForm (drift: DriftSettingsBody): Html {
  return html`<form class="inline" id="drift-form" data-send="${UI_PREFIX}/api/drift" data-method="PUT">
<label><input type="checkbox" name="enabled"${drift.enabled ? html` checked` : ''}> on</label>
${numberField('seed', 'seed', drift.seed, 8)}${numberField('rate', 'rate', drift.rate, 4)}<button>Apply</button>
<span class="muted" data-form-note></span></form>`
}

function faultForm (faults: FaultSettings): Html {
  const statuses = [500, 502, 503].map((status) => html`<option value="${String(status)}"${status === faults.faultStatus ? html` selected` : ''}>${String(status)}</option>`)
  return html`<form class="inline" id="fault-form" data-send="${UI_PREFIX}/api/faults" data-method="PATCH">
${numberField('fault rate', 'faultRate', faults.faultRate, 4)}<label>status <select name="faultStatus">${statuses}</select></label>
${numberField('latency ms', 'latencyMs', faults.latencyMs, 6)}${numberField('jitter ms', 'latencyJitterMs', faults.latencyJitterMs, 6)}
<button>Apply</button><button class="secondary" type="button" data-post="${UI_PREFIX}/api/faults" data-method="DELETE">Back to start-up</button>
<span class="muted" data-form-note></span></form>
<p class="muted">${faults.rules.length === 0 ? 'No rules.' : `${faults.rules.length} ${faults.rules.length === 1 ? 'rule' : 'rules'} set through the admin API (kept when you apply).`}</p>`
}

export function switchesBody (drift: DriftSettingsBody, ledger: unknown, faults: FaultSettings): Html {
  return html`<h1>Drift and faults</h1>
<p class="muted">Each form shows the settings in force and sends only what you change.</p>
<div class="split"><section><h2>Drift</h2>${driftForm(drift)}
<pre id="drift-settings">${JSON.stringify(drift, null, 2)}</pre>
<h3>Ledger <button class="secondary" data-post="${UI_PREFIX}/api/drift/ledger" data-method="DELETE">Clear</button></h3>
<pre>${JSON.stringify(ledger, null, 2)}</pre></section>
<section><h2>Faults</h2>${faultForm(faults)}
<pre id="fault-settings">${JSON.stringify(faults, null, 2)}</pre></section></div>`
}
