// Accept rules (`parity --accept <file>`): known differences a team has decided to live with. A rule names a
// difference path pattern (`*` one segment, `**` any number), and optionally the operation, the kind and the
// target's value it accepts (the file's format: ../formats/accept.ts). The API works on one operation's differences
// at a time, so the shadow proxy can use it per answer too.
import { existsSync, readFileSync } from 'node:fs'
import { isDeepStrictEqual } from 'node:util'
import { ACCEPT_FILE, type AcceptRule } from '../formats/accept.js'
import { checkFormat, readFormat } from '../formats/read.js'
import type { Difference } from './types.js'

/** A difference an accept rule matched, with the rule's reason and its place in the file (1 is the first rule). */
export interface AcceptedDifference extends Difference {
  reason: string
  rule: number
}

/** An accept rule that matched nothing in a run: the gap it described has closed (or the rule is wrong). */
export interface UnusedAcceptRule extends AcceptRule {
  /** Its place in the file, 1 for the first. */
  rule: number
}

/** One operation's differences split: those still to report, and those a rule accepted. */
export interface AcceptSplit {
  kept: Difference[]
  accepted: AcceptedDifference[]
}

export interface Acceptance {
  /** Splits one operation's differences; remembers which rules matched. */
  split (operation: string, differences: readonly Difference[]): AcceptSplit
  /** The rules no `split` call has matched so far, in file order. */
  unused (): UnusedAcceptRule[]
}

/** An accept file that cannot be used: the message is one line naming the file and the rule. */
export class AcceptRuleError extends Error {
  constructor (message: string) {
    super(message)
    this.name = 'AcceptRuleError'
  }
}

const acceptError = (line: string): Error => new AcceptRuleError(line)

/** Checks parsed JSON as a list of accept rules; `source` names it in the error (a file name). */
export function parseAcceptRules (value: unknown, source = 'accept rules'): AcceptRule[] {
  return checkFormat(ACCEPT_FILE, value, source, acceptError)
}

/** Reads and checks an accept file. */
export function readAcceptFile (file: string): AcceptRule[] {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    throw new AcceptRuleError(`cannot read the accept file ${file}`)
  }
  return readFormat(ACCEPT_FILE, text, `the accept file ${file}`, acceptError)
}

/**
 * `--accept <file>` as the commands read it: a file that is not there yet (a nightly gate's first night, before the
 * team has accepted anything) accepts nothing, and `note` says so; any other file is read as readAcceptFile reads it.
 */
export function readAcceptOption (file: string | undefined, note: (line: string) => void): AcceptRule[] {
  if (file === undefined) return []
  if (!existsSync(file)) {
    note(`no accept file ${file} yet: nothing is accepted (write the differences you accept there, see --help)`)
    return []
  }
  return readAcceptFile(file)
}

function matchSegments (pattern: readonly string[], path: readonly string[]): boolean {
  if (pattern.length === 0) return path.length === 0
  const [head, ...rest] = pattern
  if (head === '**') return path.some((_, i) => matchSegments(rest, path.slice(i))) || matchSegments(rest, [])
  if (path.length === 0) return false
  return (head === '*' || head === path[0]) && matchSegments(rest, path.slice(1))
}

/** Whether a difference path matches a pattern: `*` is one segment, `**` any number (none included). */
export function pathMatches (pattern: string, path: string): boolean {
  return matchSegments(pattern.split('/'), path.split('/'))
}

/** Whether a rule accepts this difference of this operation. */
export function ruleMatches (rule: AcceptRule, operation: string, difference: Difference): boolean {
  if (rule.operation !== undefined && rule.operation.trim() !== operation) return false
  if (rule.kind !== undefined && rule.kind !== difference.kind) return false
  if (Object.hasOwn(rule, 'target') && !isDeepStrictEqual(rule.target, difference.target)) return false
  return pathMatches(rule.path, difference.path)
}

/** The index of the first rule that accepts the difference, or -1. */
export function findRule (rules: readonly AcceptRule[], operation: string, difference: Difference): number {
  return rules.findIndex((rule) => ruleMatches(rule, operation, difference))
}

export function createAcceptance (rules: readonly AcceptRule[]): Acceptance {
  const used = new Set<number>()
  return {
    split (operation, differences) {
      const split: AcceptSplit = { kept: [], accepted: [] }
      for (const difference of differences) {
        const index = findRule(rules, operation, difference)
        if (index === -1) {
          split.kept.push(difference)
          continue
        }
        used.add(index)
        split.accepted.push({ ...difference, reason: rules[index].reason, rule: index + 1 })
      }
      return split
    },
    unused: () => rules.flatMap((rule, index) => used.has(index) ? [] : [{ ...rule, rule: index + 1 }])
  }
}
