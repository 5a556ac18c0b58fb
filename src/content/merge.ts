// PATCH element reconciliation by id: higher `version` wins; equal versions → the LOWER
// `versionNonce` wins [LIVE]; a full tie keeps the submitted element. Elements not sent are kept.
import type { Element } from '../schemas/elements.js'

/** True when the submitted element replaces the stored one with the same id. */
export function submittedWins (stored: Element, submitted: Element): boolean {
  if (submitted.version !== stored.version) return submitted.version > stored.version
  if (submitted.versionNonce !== stored.versionNonce) return submitted.versionNonce < stored.versionNonce
  return true
}

/**
 * Merges `submitted` into `stored`. A winner takes the stored element's place in the array; new ids are
 * appended in the order sent. INFER: the array order is kept as is (the editor orders by `index`, which
 * clients send). `isDeleted: true` is an ordinary winning edit, so a tombstone stays in the scene.
 */
export function mergeElements (stored: readonly Element[], submitted: readonly Element[]): Element[] {
  const merged = [...stored]
  const position = new Map<string, number>()
  merged.forEach((element, i) => position.set(element.id, i))
  for (const element of submitted) {
    const at = position.get(element.id)
    if (at === undefined) {
      position.set(element.id, merged.length)
      merged.push(element)
    } else if (submittedWins(merged[at], element)) {
      merged[at] = element
    }
  }
  return merged
}
