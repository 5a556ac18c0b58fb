// The demo page's frame: one layout, one stylesheet, no build step. Scripts come from /_emulator/ui/app.js only
// (the page's Content-Security-Policy allows no inline script), pictures from the emulator's own SVG/PNG routes.
import { html, toText, type Html } from './html.js'

export const UI_PREFIX = '/_emulator/ui'

/** No inline script, nothing from another origin: the page works offline and user content cannot run. */
export const PAGE_CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
  "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

export const STYLES = `
:root { --ink: #1e1e1e; --muted: #6b6b78; --line: #e3e3ea; --paper: #fafafc; --accent: #6965db; --warn: #c2410c; --ok: #15803d; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: var(--paper); }
header { display: flex; align-items: center; gap: 24px; padding: 12px 24px; background: #fff; border-bottom: 1px solid var(--line); position: sticky; top: 0; z-index: 2; }
header .brand { font-weight: 700; color: var(--accent); text-decoration: none; }
header nav a { margin-right: 16px; color: var(--ink); text-decoration: none; }
header nav a:hover, a:hover { text-decoration: underline; }
main { padding: 20px 24px 48px; max-width: 1400px; }
h1 { font-size: 22px; margin: 4px 0 16px; } h2 { font-size: 17px; margin: 28px 0 10px; } h3 { font-size: 15px; margin: 18px 0 8px; }
a { color: var(--accent); }
.muted { color: var(--muted); } .warn { color: var(--warn); } .ok { color: var(--ok); }
.facts { display: grid; grid-template-columns: repeat(auto-fill, minmax(200px, 1fr)); gap: 8px 16px; background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 12px 16px; }
.facts div span { display: block; font-size: 12px; color: var(--muted); }
table { border-collapse: collapse; width: 100%; background: #fff; border: 1px solid var(--line); border-radius: 8px; overflow: hidden; }
th, td { text-align: left; padding: 6px 10px; border-bottom: 1px solid var(--line); vertical-align: top; }
th { font-size: 12px; color: var(--muted); font-weight: 600; background: #f4f4f8; }
code, pre { font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
pre { white-space: pre-wrap; word-break: break-all; background: #f4f4f8; padding: 8px; border-radius: 6px; max-height: 320px; overflow: auto; margin: 4px 0; }
.grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(240px, 1fr)); gap: 16px; }
.card { background: #fff; border: 1px solid var(--line); border-radius: 10px; overflow: hidden; display: flex; flex-direction: column; }
.card.trashed { opacity: .55; }
.card .thumb { display: block; position: relative; height: 170px; background: #fff; border-bottom: 1px solid var(--line); }
.card .thumb img { width: 100%; height: 100%; object-fit: contain; }
.card .meta { padding: 8px 10px; font-size: 12px; }
.card .meta strong { display: block; font-size: 14px; margin-bottom: 2px; word-break: break-word; }
.tag { display: inline-block; padding: 0 6px; border-radius: 8px; background: #ecebff; color: var(--accent); font-size: 11px; margin-right: 4px; }
.tag.grey { background: #eee; color: var(--muted); }
.checklist { list-style: none; padding: 0; margin: 0 0 8px; display: grid; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); gap: 4px 16px; }
.checklist li { padding: 4px 0; } .checklist .muted { font-size: 12px; margin-left: 22px; }
.nowrap { white-space: nowrap; }
.drawing { position: relative; background: #fff; border: 1px solid var(--line); border-radius: 10px; padding: 8px; min-height: 60px; }
.card[data-state] .thumb::after, .drawing[data-state]::after { position: absolute; inset: 0; display: flex; align-items: center; justify-content: center; font-size: 13px; }
.card[data-state="drawing"] .thumb::after, .drawing[data-state="drawing"]::after { content: "Drawing…"; color: var(--muted); background: rgba(250, 250, 252, .8); animation: pulse 1.2s ease-in-out infinite alternate; }
.card[data-state="failed"] .thumb::after, .drawing[data-state="failed"]::after { content: "The picture did not load"; color: var(--warn); background: #fff; }
@keyframes pulse { from { opacity: .45; } to { opacity: 1; } }
.drawing img { max-width: 100%; max-height: 75vh; display: block; margin: 0 auto; }
.frames { display: grid; grid-template-columns: repeat(auto-fill, minmax(320px, 1fr)); gap: 16px; }
form.inline { display: inline-flex; gap: 8px; align-items: center; flex-wrap: wrap; margin: 4px 0; }
input, select, button { font: inherit; padding: 4px 8px; border: 1px solid var(--line); border-radius: 6px; background: #fff; }
button { cursor: pointer; background: var(--accent); color: #fff; border-color: var(--accent); }
button.secondary { background: #fff; color: var(--ink); border-color: var(--line); }
#journal tbody tr { cursor: pointer; } #journal tr.fresh { background: #fff7d6; }
#journal td.status-err { color: var(--warn); font-weight: 600; }
#coverage td.gap { color: var(--warn); background: #fff4ed; font-weight: 600; } #coverage th.required { color: var(--ink); }
.split { display: grid; grid-template-columns: 1fr 1fr; gap: 16px; } @media (max-width: 900px) { .split { grid-template-columns: 1fr; } }
header .sign-out { margin: 0 0 0 auto; }
a.button { display: inline-block; padding: 4px 12px; border-radius: 6px; background: var(--accent); color: #fff; text-decoration: none; }
body.editor-page { height: 100vh; display: flex; flex-direction: column; overflow: hidden; }
.editor-bar { display: flex; align-items: center; gap: 14px; flex-wrap: wrap; padding: 6px 16px; background: #fff; border-bottom: 1px solid var(--line); font-size: 13px; }
.editor-bar .brand { font-weight: 700; color: var(--accent); text-decoration: none; }
.editor-bar form.inline { margin: 0 0 0 auto; }
#editor { flex: 1; min-height: 0; position: relative; }
#editor-status { padding: 1px 8px; border-radius: 8px; background: #ecfdf3; color: var(--ok); }
#editor-status[data-status="saving"], #editor-status[data-status="unsaved"], #editor-status[data-status="loading"] { background: #f4f4f8; color: var(--muted); }
#editor-status[data-status="offline"], #editor-status[data-status="error"], #editor-status[data-status="read-only"] { background: #fff4ed; color: var(--warn); }
`

export interface PageOptions {
  title: string
  body: Html
  workspaceId?: string
  /** An admin token is set, so the browser signed in: the header offers to sign out. */
  signOut?: boolean
  /** A shadow proxy runs this emulator as its shadow side: the header links its report. */
  shadow?: boolean
}

const signOutForm = html`<form method="post" action="${UI_PREFIX}/logout" class="inline sign-out"><button class="secondary">Sign out</button></form>`

export function page ({ title, body, workspaceId, signOut = false, shadow = false }: PageOptions): string {
  return toText(html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · drawing-api-emulator</title>
<link rel="icon" href="${UI_PREFIX}/favicon.svg" type="image/svg+xml"><link rel="stylesheet" href="${UI_PREFIX}/app.css"><script src="${UI_PREFIX}/app.js" defer></script></head>
<body data-workspace="${workspaceId ?? ''}">
<header><a class="brand" href="${UI_PREFIX}">drawing-api-emulator</a>
<nav><a href="${UI_PREFIX}">Overview</a><a href="${UI_PREFIX}/journal">Journal</a><a href="${UI_PREFIX}/switches">Drift &amp; faults</a><a href="${UI_PREFIX}/coverage">Coverage</a>${shadow ? html`<a href="${UI_PREFIX}/shadow">Shadow</a>` : ''}<a href="/docs">API docs</a><a href="/_emulator/docs">Admin API</a></nav>${signOut ? signOutForm : ''}</header>
<main>${body}</main></body></html>`)
}
