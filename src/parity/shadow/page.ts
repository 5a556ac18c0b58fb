// The proxy's own answers outside /api/v1 before the shadow side runs (it starts with the first keyed request, and
// may never start when its import fails): GET /_emulator/health (200 as soon as the proxy forwards, with the side's
// state) and the page /_emulator/ui/shadow, which says what the side waits for or why it failed and refreshes itself.
import type { ShadowReport } from '../../index.js'
import { IMPORT_FAILED, SHADOW_PAGE_REFRESH_SECONDS, describeShadowState } from '../../lib/shadow-state.js'

/** No script at all; the one inline style block is the page's own. */
export const FRONT_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

/** Where an open answer sends a reader when the admin token guards the reason (it may quote the target's answers). */
const GUARDED_REASON = 'the reason is in GET /_emulator/shadow, with the admin token'

/**
 * The side's state and why, as an open answer may give it: with an admin token set, the reason (which may quote
 * what the target answered) only in the guarded report.
 */
function openState (report: ShadowReport, guarded: boolean): { state: ShadowReport['shadow']['state'], reason: string | null } {
  const { state, reason } = report.shadow
  if (!guarded || reason === null) return { state, reason }
  return { state, reason: state === 'failed' ? `${IMPORT_FAILED}${GUARDED_REASON}` : null }
}

/** The health answer: the proxy is up and forwards; `shadow` says where the side is (`guarded`: an admin token is set). */
export function healthOf (report: ShadowReport, guarded: boolean) {
  const { forwarded, compared } = report.shadow
  const { state, reason } = openState(report, guarded)
  return {
    status: 'ok',
    version: report.version,
    uptimeSeconds: Math.round(report.durationMs / 1000),
    shadow: { state, description: describeShadowState(state, reason), reason, forwarded, compared }
  }
}

const escape = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The shadow page while no side runs: the target, the side's state in words, what has been forwarded. */
export function frontPage (report: ShadowReport, guarded: boolean): string {
  const { forwarded } = report.shadow
  const { state, reason } = openState(report, guarded)
  const tone = state === 'failed' ? 'warn' : 'muted'
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shadow · drawing-api-emulator</title>
<style>body{margin:0;font:14px/1.45 system-ui,sans-serif;color:#1e1e1e;background:#fafafc}main{padding:20px 24px}
h1{font-size:22px}code{font:12px ui-monospace,monospace}.warn{color:#c2410c}.muted{color:#6b6b78}
.facts{background:#fff;border:1px solid #e3e3ea;border-radius:8px;padding:12px 16px;max-width:900px}.facts div{margin:6px 0}
.facts span{display:block;font-size:12px;color:#6b6b78}</style></head>
<body><main><h1>Shadow of <code>${escape(report.target)}</code></h1>
<div class="facts"><div><span>shadow side</span><strong class="${tone}">${escape(describeShadowState(state, reason))}</strong></div>
<div><span>forwarded</span>${forwarded} requests</div><div><span>since</span>${escape(report.startedAt)}</div></div>
<p class="muted">Clients get the target's answers all the same. This page refreshes itself every ${SHADOW_PAGE_REFRESH_SECONDS} s; the report is at <code>/_emulator/shadow</code>.</p></main></body></html>`
}
