// The bin's young generation at start: npm start and the image give Node --min/--max-semi-space-size=8, which a bin
// cannot (its shebang runs plain `node`; `env -S` is missing from BusyBox's env, Alpine's). Those sizes are fixed
// when V8 sets up the heap, so v8.setFlagsFromString cannot change them afterwards, but the factor the young
// generation grows by is read at each growth: at 8 its first growth goes straight to 8 MB semi-spaces, so a start
// does 4 scavenges instead of 7 and a mark-compact (--trace-gc; docs/performance.md, "Node options").
import v8 from 'node:v8'

/** The V8 flag the bin sets at start, unless the user chose the young generation's size or growth themselves. */
export function youngGenerationFlag (execArgv: readonly string[], nodeOptions: string | undefined): string | undefined {
  // NODE_OPTIONS may quote each option ("--max-semi-space-size=16"): Node unquotes them, and so must this.
  const given = [...execArgv, ...(nodeOptions ?? '').split(/\s+/).map((option) => option.replace(/^"(.*)"$/, '$1'))]
  // Node and V8 take both spellings (--semi-space-growth-factor and --semi_space_growth_factor).
  if (given.some((option) => /^--(?:min|max)?[-_]?semi[-_]space/.test(option))) return undefined
  return '--semi-space-growth-factor=8'
}

/** Sets the flag for this process (the CLI's first line of work), when the user set none of their own. */
export function growYoungGenerationFast (): void {
  const flag = youngGenerationFlag(process.execArgv, process.env.NODE_OPTIONS)
  if (flag !== undefined) v8.setFlagsFromString(flag)
}
