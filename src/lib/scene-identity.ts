// A drawing's identity (what the picture caches key by), made from the elements as JSON text: a stored scene keeps that
// text (content/served.ts), so naming its drawing never walks or stringifies the elements again.
import { createHash } from 'node:crypto'

/** Brands an identity, so none is written by hand. */
declare const made: unique symbol

/**
 * What identifies the drawing of a scene: a digest of what the worker draws (the elements, the background, the
 * files), made only here. Not `{ sceneId, sceneVersion, contentEpoch }`: sceneVersion folds only the elements'
 * versionNonces (content/index.ts), so a PATCH that moves an element under a higher `version` keeps it, and
 * contentEpoch moves only on PUT; a scene id repeats across workspaces (a demo copy keeps its fixture's ids) and comes
 * back after a reset or a snapshot restore with other content. The same drawing anywhere is the same picture.
 */
export interface SceneIdentity { readonly drawn: string, readonly [made]: true }

/** What a picture draws, with the elements as JSON text (as stored, or `JSON.stringify(elements)`). */
export interface DrawnText {
  elementsJson: string
  background: string | null
  files: unknown
}

/**
 * The identity of a drawing: sha256 over the very text `JSON.stringify([elements, background, files])` writes, fed
 * the elements' text as it is, so a stored scene and the same content as objects (render/contract.ts
 * `sceneIdentity`) are one identity.
 */
export function identityOfText ({ elementsJson, background, files }: DrawnText): SceneIdentity {
  const rest = `,${JSON.stringify(background)},${JSON.stringify(files ?? null)}]`
  return { drawn: createHash('sha256').update('[').update(elementsJson).update(rest).digest('base64url') } as SceneIdentity
}
