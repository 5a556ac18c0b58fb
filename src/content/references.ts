// Reference integrity of a whole scene (dangling fileId and containerId, confirmed, and the rules third-party
// validators apply, unconfirmed):
// fileId, containerId, frameId, arrow bindings and boundElements must point at suitable elements/files.
import { fail } from '../errors.js'
import { BINDABLE_TYPES, CONTAINER_TYPES, FRAME_TYPES, type Element } from '../schemas/elements.js'
import type { FileRecord } from '../schemas/scene-content.js'
import type { Compat } from '../config/compat.js'

/** The switches the content rules follow (config/compat.ts). */
export type ContentRules = Pick<Compat, 'unknownFields' | 'danglingBoundElements' | 'elementChecks'>

/**
 * Arrowheads of the open-source editor, with the legacy `dot` and `crowfoot_*` names its
 * restore still reads: elementChecks=strict refuses any other name.
 */
const ARROWHEADS = new Set([
  'arrow', 'bar', 'circle', 'circle_outline', 'triangle', 'triangle_outline', 'diamond', 'diamond_outline',
  'cardinality_one', 'cardinality_many', 'cardinality_one_or_many', 'cardinality_exactly_one', 'cardinality_zero_or_one',
  'cardinality_zero_or_many', 'dot', 'crowfoot_one', 'crowfoot_many', 'crowfoot_one_or_many'
])

/** Names an element id in messages: the id the client sent, when the stored one was minted. */
export type Label = (id: string) => string

interface Scene {
  byId: ReadonlyMap<string, Element>
  files: Readonly<Record<string, FileRecord>>
  label: Label
  rules: ContentRules
}

/**
 * Checks every reference in `elements` (already shape-valid, ids unique and canonical). O(n) over
 * elements plus the length of each boundElements list. Tombstones are checked like live elements:
 * upstream does so for fileId [LIVE]; INFER: the same for the other references.
 */
export function checkReferences (elements: readonly Element[], files: Readonly<Record<string, FileRecord>>, label: Label, rules: ContentRules): void {
  const byId = new Map<string, Element>()
  for (const element of elements) byId.set(element.id, element)
  const scene: Scene = { byId, files, label, rules }
  for (const element of elements) {
    checkFile(element, scene)
    checkContainer(element, scene)
    checkFrame(element, scene)
    checkBindings(element, scene)
    checkBoundElements(element, scene)
    if (rules.elementChecks === 'strict') checkArrowheads(element, scene)
  }
}

function refuse (scene: Scene, element: Element, text: string): never {
  fail('EMU_BAD_REQUEST', `Element ${scene.label(element.id)}: ${text}`)
}

/** Resolves `field`'s target or throws "does not reference an existing element". */
function target (scene: Scene, element: Element, field: string, id: string): Element {
  const found = scene.byId.get(id)
  if (found === undefined) refuse(scene, element, `${field} ${scene.label(id)} does not reference an existing element`)
  return found
}

/** "a frame", "an arrow": element types read as nouns in messages. */
function article (type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`
}

function checkFile (element: Element, scene: Scene): void {
  if (element.type !== 'image' || typeof element.fileId !== 'string') return
  // Message verbatim from the live service; it names the file, not the element.
  if (!Object.hasOwn(scene.files, element.fileId)) {
    fail('EMU_BAD_REQUEST', `Referenced file ${element.fileId} is missing from scene files`)
  }
}

/**
 * A text's container must exist and be a rectangle, diamond, ellipse or arrow. INFER: it must also list
 * the text in its boundElements, but only while both are live: editors drop deleted entries from that
 * list (restore's repairBindings), so tombstone pairs are routinely one-sided.
 */
function checkContainer (element: Element, scene: Scene): void {
  if (element.type !== 'text' || typeof element.containerId !== 'string') return
  const container = target(scene, element, 'containerId', element.containerId)
  if (!CONTAINER_TYPES.has(container.type)) {
    refuse(scene, element, `containerId ${scene.label(container.id)} references ${article(container.type)}, expected rectangle, diamond, ellipse or arrow`)
  }
  if (element.isDeleted || container.isDeleted) return
  const listed = Array.isArray(container.boundElements) &&
    container.boundElements.some((entry: { id?: unknown }) => entry.id === element.id)
  if (!listed) refuse(scene, element, `container ${scene.label(container.id)} does not list it in boundElements`)
}

function checkFrame (element: Element, scene: Scene): void {
  if (typeof element.frameId !== 'string') return
  const frame = target(scene, element, 'frameId', element.frameId)
  if (!FRAME_TYPES.has(frame.type)) {
    refuse(scene, element, `frameId ${scene.label(frame.id)} references ${article(frame.type)}, expected frame or magicframe`)
  }
}

/**
 * Arrow bindings must point at a bindable element; lines are checked too when they carry a binding. The target
 * listing the arrow back is unconfirmed (editors leave those lists stale): only elementChecks=strict requires it,
 * while both are live, as for a text and its container.
 */
function checkBindings (element: Element, scene: Scene): void {
  if (element.type !== 'arrow' && element.type !== 'line') return
  for (const field of ['startBinding', 'endBinding']) {
    const binding = element[field] as { elementId: string } | null
    if (binding === null) continue
    const bound = target(scene, element, `${field}.elementId`, binding.elementId)
    const insideContainer = bound.type === 'text' && typeof bound.containerId === 'string'
    if (!BINDABLE_TYPES.has(bound.type) || insideContainer) {
      const what = insideContainer ? 'a text inside a container' : article(bound.type)
      refuse(scene, element, `${field}.elementId ${scene.label(bound.id)} references ${what}, which arrows cannot bind to`)
    }
    if (scene.rules.elementChecks === 'strict' && element.type === 'arrow') checkBackLink(element, bound, field, scene)
  }
}

function checkBackLink (arrow: Element, bound: Element, field: string, scene: Scene): void {
  if (arrow.isDeleted || bound.isDeleted) return
  const listed = Array.isArray(bound.boundElements) &&
    bound.boundElements.some((entry: { id?: unknown }) => entry.id === arrow.id)
  if (!listed) refuse(scene, arrow, `${field} target ${scene.label(bound.id)} does not list it in boundElements`)
}

function checkArrowheads (element: Element, scene: Scene): void {
  if (element.type !== 'arrow' && element.type !== 'line') return
  for (const field of ['startArrowhead', 'endArrowhead']) {
    const head = element[field]
    if (head === undefined || head === null) continue
    if (typeof head !== 'string' || !ARROWHEADS.has(head)) {
      refuse(scene, element, `${field} ${JSON.stringify(head)} is not an arrowhead (expected null or one of ${[...ARROWHEADS].join(', ')})`)
    }
  }
}

/**
 * Each boundElements entry must point at an arrow or text of the declared type. An entry naming no element is an
 * unconfirmed rule that refuses the official CLI's own patch example, so it is kept as sent unless
 * danglingBoundElements=reject.
 */
function checkBoundElements (element: Element, scene: Scene): void {
  if (!Array.isArray(element.boundElements)) return
  for (const entry of element.boundElements as Array<{ id: string, type: string }>) {
    if (!scene.byId.has(entry.id) && scene.rules.danglingBoundElements === 'allow') continue
    const bound = target(scene, element, 'boundElements entry', entry.id)
    // INFER: a declared type that disagrees with the element's real type is as broken as a missing one.
    if (bound.type !== entry.type) {
      refuse(scene, element, `boundElements entry ${scene.label(bound.id)} is declared as ${entry.type} but is ${article(bound.type)}`)
    }
  }
}
