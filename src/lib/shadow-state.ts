// The shadow side's state in words, the same on the proxy's own page (before the side runs), the demo page and
// the health answer: what it waits for, what it does, or why it failed.

/** The proxy's own shadow page (no script) reloads itself every this many seconds, until the side's live page answers. */
export const SHADOW_PAGE_REFRESH_SECONDS = 2

/** How the shadow's report words an import that failed (its `reason`): the pages say "import failed: " instead. */
export const IMPORT_FAILED = 'the import of the target\'s workspace failed: '

export type ShadowSideState = 'waiting' | 'importing' | 'ready' | 'failed'

export function describeShadowState (state: ShadowSideState, reason: string | null): string {
  switch (state) {
    case 'waiting': return reason === null ? 'waiting for the first request with a key' : `waiting for the first request with a key the target takes (${reason})`
    case 'importing': return 'importing the target\'s workspace'
    case 'ready': return 'ready: comparing every request'
    case 'failed': return reason?.startsWith(IMPORT_FAILED) === true ? `import failed: ${reason.slice(IMPORT_FAILED.length)}` : `failed: ${reason ?? 'no reason given'}`
  }
}
