// The shadow side's state in words, the same on the proxy's own page (before the side runs), the demo page and
// the health answer: what it waits for, what it does, or why it failed.

/** The shadow pages refresh themselves every this many seconds (the Refresh header: they poll with no script). */
export const SHADOW_PAGE_REFRESH_SECONDS = 2

export type ShadowSideState = 'waiting' | 'importing' | 'ready' | 'failed'

export function describeShadowState (state: ShadowSideState, reason: string | null): string {
  switch (state) {
    case 'waiting': return reason === null ? 'waiting for the first request with a key' : `waiting for the first request with a key the target takes (${reason})`
    case 'importing': return 'importing the target\'s workspace'
    case 'ready': return 'ready: comparing every request'
    case 'failed': return `import failed: ${reason ?? 'no reason given'}`
  }
}
