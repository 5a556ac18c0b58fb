// The demo page's views as HTML: overview, workspace (collections → scene thumbnails), scene (the drawing, its
// frames, its record), journal and switches. Pure functions of the data they are given; every value is escaped.
import type { SceneRecord } from '../../schemas/scenes.js'
import type { AdminKey } from '../../schemas/admin.js'
import { cardToken, type CollectionView, type FoundScene, type WorkspaceSummary } from './data.js'
import { counted, html, segment, type Html } from './html.js'
import { UI_PREFIX } from './layout.js'

export interface OverviewFacts {
  version: string
  uptimeSeconds: number
  clock: { now: string, virtual: boolean }
  drift: { enabled: boolean, seed: number, rate: number }
  faults: { faultRate: number, latencyMs: number, rules: number }
  /** What one window counts (the rateLimitBy switch), and the workspaces whose own switch says otherwise. */
  rateLimit: { limit: number, by: 'ip' | 'key', otherwise: string[] }
  journal: { capacity: number, size: number }
  renderer: boolean
}

const fact = (label: string, value: unknown): Html => html`<div><span>${label}</span>${value}</div>`
const thumbUrl = (sceneId: string, version: string): string => `${UI_PREFIX}/scenes/${segment(sceneId)}.svg?v=${encodeURIComponent(version)}`
const versionOf = (scene: SceneRecord): string => `${scene.metadata.sceneVersion}:${scene.metadata.contentEpoch}`

/** Secrets of the loaded fixtures' keys by `${workspaceId} ${keyId}`: public fixture values, shown whole. */
export type FixtureSecrets = ReadonlyMap<string, string>

/** A fixture key's secret is shown whole (it is in the fixture files); a minted key's only by its start. */
function secretCell (key: AdminKey, secrets: FixtureSecrets): Html {
  const secret = secrets.get(`${key.workspaceId} ${key.id}`)
  return secret === undefined
    ? html`<code>${key.hint}</code> <span class="muted">(minted: shown once, when made)</span>`
    : html`<code>${secret}</code>`
}

function keyRow (key: AdminKey, secrets: FixtureSecrets): Html {
  const limits = key.routes === null ? 'every route' : key.routes.join(', ')
  return html`<tr><td><code>${key.id}</code></td><td>${secretCell(key, secrets)}</td><td>${key.label ?? ''}</td><td>${key.kind}</td><td>${key.permission}</td>
<td>${limits}</td><td>${key.revokedAt === null ? '' : html`<span class="warn">revoked</span>`}</td></tr>`
}

function workspaceBlock (summary: WorkspaceSummary, secrets: FixtureSecrets): Html {
  return html`<h2><a href="${UI_PREFIX}/workspaces/${segment(summary.id)}">${summary.name}</a> <span class="muted">${summary.id}</span></h2>
<p>${counted(summary.collections, 'collection')} · ${counted(summary.scenes, 'scene')} · ${counted(summary.users, 'user')}
${summary.fixtureSet === null ? '' : html` · fixtures <code>${summary.fixtureSet}</code>`}
<button class="secondary" data-post="${UI_PREFIX}/api/workspaces/${segment(summary.id)}/reset">Reset this workspace</button></p>
<table><thead><tr><th>key id</th><th>secret</th><th>label</th><th>kind</th><th>permission</th><th>routes</th><th></th></tr></thead>
<tbody>${summary.keys.map((key) => keyRow(key, secrets))}</tbody></table>`
}

const COUNTED = { ip: 'per client IP', key: 'per API key' } as const

function rateLimitText ({ limit, by, otherwise }: OverviewFacts['rateLimit']): string {
  if (limit === 0) return 'off'
  const other = by === 'ip' ? 'key' : 'ip'
  return `${limit} / min ${COUNTED[by]}` + (otherwise.length === 0 ? '' : ` (${COUNTED[other]} in ${otherwise.join(', ')})`)
}

export function overviewBody (facts: OverviewFacts, workspaces: WorkspaceSummary[], secrets: FixtureSecrets, example: FirstRequest | null): Html {
  return html`<h1>Overview</h1>
<div class="facts">${[
  fact('version', facts.version),
  fact('uptime', `${facts.uptimeSeconds} s`),
  fact(facts.clock.virtual ? 'clock (virtual)' : 'clock (real time)', facts.clock.now),
  fact('drift', facts.drift.enabled ? `on · seed ${facts.drift.seed} · rate ${facts.drift.rate}` : 'off'),
  fact('faults', `rate ${facts.faults.faultRate} · latency ${facts.faults.latencyMs} ms · ${counted(facts.faults.rules, 'rule')}`),
  fact('rate limit', rateLimitText(facts.rateLimit)),
  fact('journal', `${facts.journal.size} of ${counted(facts.journal.capacity, 'request')}`),
  fact('renderer', facts.renderer ? 'on' : 'off (placeholders)')
]}</div>
<p><button data-post="${UI_PREFIX}/api/reset" data-confirm="Reset every workspace and setting to the loaded fixtures?">Reset everything</button>
<span class="muted">Workspaces made by tests are dropped; snapshots are kept.</span></p>
${workspaces.map((summary) => workspaceBlock(summary, secrets))}
<h2>Newest requests</h2>${journalTable(undefined, example)}`
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const twoDigits = (n: number): string => String(n).padStart(2, '0')

/**
 * "7 Oct 2026, 14:05 UTC": an instant as a person reads it, the same on every machine (no locale, no time zone);
 * in a <time> element that keeps the exact value. What is not a date is shown as it is.
 */
export function readableTime (iso: string): Html {
  const at = new Date(iso)
  if (Number.isNaN(at.getTime())) return html`${iso}`
  const day = `${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}`
  return html`<time datetime="${iso}" title="${iso}">${day}, ${twoDigits(at.getUTCHours())}:${twoDigits(at.getUTCMinutes())} UTC</time>`
}

/** A scene's card on the workspace page; app.js fetches it again (GET /_emulator/ui/cards/{id}) when the scene changes. */
export function sceneCard (scene: SceneRecord, trashed: boolean): Html {
  const m = scene.metadata
  return html`<div class="card${trashed ? ' trashed' : ''}" data-card="${m.id}">
<a class="thumb" href="${UI_PREFIX}/scenes/${segment(m.id)}"><img alt="${m.name}" loading="lazy" data-scene-id="${m.id}" data-version="${versionOf(scene)}" data-shown="${cardToken(scene)}" src="${thumbUrl(m.id, versionOf(scene))}"></a>
<div class="meta"><strong>${m.name}</strong>
${m.pinned ? html`<span class="tag">pinned</span>` : ''}${m.isPrivate ? html`<span class="tag grey">private</span>` : ''}${trashed ? html`<span class="tag grey">trashed</span>` : ''}
<div class="muted">${counted(m.totalElements - m.deletedElements, 'element')} · v<code>${m.sceneVersion}</code> · epoch ${m.contentEpoch}</div>
<div class="muted">updated ${readableTime(m.updated ?? m.created)}</div></div></div>`
}

export function workspaceBody (summary: WorkspaceSummary, views: CollectionView[], trashed: SceneRecord[] | null): Html {
  const toggle = trashed === null
    ? html`<a href="?trash=1">Show trashed scenes</a>`
    : html`<a href="?">Hide trashed scenes</a>`
  return html`<h1>${summary.name} <span class="muted">${summary.id}</span></h1>
<p>${counted(summary.collections, 'collection')} · ${counted(summary.scenes, 'scene')} · ${toggle}</p>
${views.map(({ collection, scenes }) => html`<h2>${collection.name} ${collection.isDefault ? html`<span class="tag">default</span>` : ''}
<span class="muted">${collection.id} · ${counted(scenes.length, 'scene')}</span></h2>
${scenes.length === 0 ? html`<p class="muted">No scenes.</p>` : html`<div class="grid">${scenes.map((scene) => sceneCard(scene, false))}</div>`}`)}
${trashed === null ? '' : html`<h2>Trash</h2>${trashed.length === 0 ? html`<p class="muted">Nothing in the trash.</p>` : html`<div class="grid">${trashed.map((scene) => sceneCard(scene, true))}</div>`}`}`
}

export interface FrameInfo { id: string, name: string | null }

export function sceneBody (workspace: { id: string, name: string }, found: FoundScene, frames: FrameInfo[]): Html {
  const { scene, trashed } = found
  const m = scene.metadata
  const base = `${UI_PREFIX}/scenes/${segment(m.id)}`
  const version = encodeURIComponent(versionOf(scene))
  return html`<p><a href="${UI_PREFIX}/workspaces/${segment(workspace.id)}${trashed ? '?trash=1' : ''}">← ${workspace.name}</a></p>
<h1>${m.name} ${trashed ? html`<span class="tag grey">trashed</span>` : ''}</h1>
<p><a class="button" href="${base}/edit">${trashed ? 'View in the editor (read-only)' : 'Open in the editor'}</a>
· <a href="${base}.svg">SVG</a> · <a href="${base}.png">PNG</a> · <a href="${base}/content.json">raw content JSON</a> · <a href="${base}/record.json">metadata JSON</a></p>
<div class="drawing"><img alt="${m.name}" data-scene-id="${m.id}" data-version="${versionOf(scene)}" data-shown="${cardToken(scene)}" src="${base}.svg?v=${version}"></div>
${frames.length === 0
  ? ''
  : html`<h2>Frames (${frames.length})</h2><div class="frames">${frames.map((frame) => html`<div class="card">
<div class="drawing"><img alt="${frame.name ?? frame.id}" loading="lazy" src="${base}.svg?frameId=${encodeURIComponent(frame.id)}&amp;v=${version}"></div>
<div class="meta"><strong>${frame.name ?? '(unnamed frame)'}</strong><code>${frame.id}</code></div></div>`)}</div>`}
<h2>Record</h2><pre>${JSON.stringify(scene, null, 2)}</pre>`
}

/** What an empty journal suggests (null: the journal holds requests): a first request, with a fixture key when there is one. */
export interface FirstRequest { origin: string, key: string | null }

function emptyJournalRow ({ origin, key }: FirstRequest): Html {
  const command = `curl -H "Authorization: Bearer ${key ?? '<API key>'}" ${origin}/api/v1/collections`
  return html`<tr data-empty><td colspan="8" class="muted">No requests yet. Make one, and it shows here at once: <code>${command}</code></td></tr>`
}

/** Rows arrive from app.js (polling /_emulator/ui/api/requests); the server sends the frame and the filters. */
export function journalTable (workspaces: WorkspaceSummary[] | undefined, example: FirstRequest | null): Html {
  const filters = workspaces === undefined
    ? ''
    : html`<form class="inline" id="journal-filters"><label>workspace <select name="workspaceId"><option value="">any</option>
${workspaces.map((w) => html`<option value="${w.id}">${w.name}</option>`)}</select></label>
<label>status <input name="status" size="4" inputmode="numeric" placeholder="any"></label>
<button class="secondary" type="button" data-post="${UI_PREFIX}/api/requests" data-method="DELETE">Clear journal</button></form>`
  return html`${filters}<table id="journal"><thead><tr><th>#</th><th>time</th><th>method</th><th>path</th><th>status</th><th>key</th>
<th>ms</th><th>marks</th></tr></thead><tbody>${example === null ? '' : emptyJournalRow(example)}</tbody></table>`
}

export function journalBody (workspaces: WorkspaceSummary[], example: FirstRequest | null): Html {
  return html`<h1>Request journal</h1><p class="muted">Newest first, live. Click a row for the bodies the emulator stored.</p>${journalTable(workspaces, example)}`
}
