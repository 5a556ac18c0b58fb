// A working copy of a scene's elements for one tool call: reads see earlier changes, and every changed element
// is recorded once, in full, so the call ends as one PATCH body the content engine merges like a REST PATCH.
import type { IdFactory } from '../../lib/ids.js'
import type { Clock } from '../../lib/clock.js'
import { hashString } from '../../lib/rng.js'
import type { Element } from '../../schemas/elements.js'
import type { FileRecord } from '../../schemas/scene-content.js'
import { indexAfter, maxIndex } from '../../content/fractional-index.js'

/** What the tools read of a scene: its elements in document order, and its files when images matter. */
export interface SceneSnapshot {
  elements: readonly Element[]
  files?: Readonly<Record<string, FileRecord>>
}

/** The PATCH /scenes/{sceneId}/content body a tool call produces. */
export interface PatchBody {
  elements: Element[]
  files?: Record<string, FileRecord>
}

export type NowSource = Pick<Clock, 'now'>

export const SYSTEM_CLOCK: NowSource = { now: () => Date.now() }

export class Draft {
  private readonly byId = new Map<string, Element>()
  private readonly order: string[] = []
  /** Stored ids → their stored version, the base of the one bump a call gives them. */
  private readonly stored = new Map<string, number>()
  /** Changed or created ids, in the order the PATCH body lists them. */
  private readonly touched = new Set<string>()
  private readonly newFiles: Record<string, FileRecord> = {}
  /** Ids handed out by newId(), taken even before their element exists (add reserves ids for tempIds first). */
  private readonly reserved = new Set<string>()
  private topIndex: string | null
  readonly snapshot: SceneSnapshot
  private readonly ids: IdFactory
  private readonly clock: NowSource

  constructor (snapshot: SceneSnapshot, ids: IdFactory, clock: NowSource) {
    this.snapshot = snapshot
    this.ids = ids
    this.clock = clock
    for (const element of snapshot.elements) {
      this.byId.set(element.id, element)
      this.order.push(element.id)
      this.stored.set(element.id, element.version)
    }
    this.topIndex = maxIndex(snapshot.elements.map((e) => e.index))
  }

  get (id: string): Element | undefined {
    return this.byId.get(id)
  }

  /** The element unless it is missing or a tombstone. */
  live (id: string): Element | undefined {
    const element = this.byId.get(id)
    return element === undefined || element.isDeleted ? undefined : element
  }

  /** Every element, tombstones included, in document order (new ones last). */
  all (): Element[] {
    return this.order.map((id) => this.byId.get(id) as Element)
  }

  liveElements (): Element[] {
    return this.all().filter((e) => !e.isDeleted)
  }

  isNew (id: string): boolean {
    return this.byId.has(id) && !this.stored.has(id)
  }

  now (): number {
    return this.clock.now()
  }

  /** A canonical element id no element of the scene has. */
  newId (): string {
    let id = this.ids.elementId()
    while (this.byId.has(id) || this.reserved.has(id)) id = this.ids.elementId()
    this.reserved.add(id)
    return id
  }

  /** A 31-bit integer drawn from the id stream, so seeds and nonces repeat under a seeded IdFactory. */
  randomInt (): number {
    return hashString(this.ids.elementId()) & 0x7fffffff
  }

  /** The next fractional index above everything stored or created so far. */
  nextIndex (): string {
    this.topIndex = indexAfter(this.topIndex)
    return this.topIndex
  }

  /** Identity, stacking, time and randomness for a new element (skeleton.ts Stamp). */
  stamp (id: string = this.newId()): { id: string, index: string, now: number, seed: number, nonce: number } {
    return { id, index: this.nextIndex(), now: this.clock.now(), seed: this.randomInt(), nonce: this.randomInt() }
  }

  /** Adds a complete new element (its id from newId()). */
  create (element: Element): Element {
    this.byId.set(element.id, element)
    this.order.push(element.id)
    this.touched.add(element.id)
    return element
  }

  /**
   * Applies `fields` to an element. A stored element gets `version + 1` once per call (so the engine's merge
   * prefers it) and a fresh versionNonce; an element created in this call keeps version 1.
   */
  change (id: string, fields: Record<string, unknown>): Element {
    const current = this.byId.get(id)
    if (current === undefined) throw new Error(`Draft.change: unknown element ${id}`)
    const next = { ...current, ...fields } as Element
    const storedVersion = this.stored.get(id)
    if (storedVersion !== undefined) {
      next.version = storedVersion + 1
      next.versionNonce = this.randomInt()
      next.updated = this.clock.now()
    }
    this.byId.set(id, next)
    this.touched.add(id)
    return next
  }

  tombstone (id: string): Element {
    return this.change(id, { isDeleted: true })
  }

  addFile (record: FileRecord): void {
    this.newFiles[record.id] = record
  }

  /** Ids changed or created in this call, in patch order. */
  touchedIds (): string[] {
    return [...this.touched]
  }

  /** Files added in this call. */
  addedFiles (): Record<string, FileRecord> {
    return { ...this.newFiles }
  }

  /** The PATCH body: every touched element in its final state, plus new files when there are any. */
  patch (): PatchBody {
    const elements = [...this.touched].map((id) => this.byId.get(id) as Element)
    return Object.keys(this.newFiles).length === 0 ? { elements } : { elements, files: { ...this.newFiles } }
  }
}

/** What a content-writing tool hands back: the PATCH body to apply, and the tool's answer once it is applied. */
export interface ToolPlan<A> {
  patch: PatchBody
  answer: A
}

/** The id and box of an element, as answers list them. */
export interface ElementSummary {
  id: string
  type: string
  x: number
  y: number
  width: number
  height: number
}

/**
 * The area an element covers: its box, except for linear elements, whose points may reach left of or above
 * x/y (width/height only give the points' extent).
 */
export function coveredBox (element: Element): { x: number, y: number, width: number, height: number } {
  const x = element.x as number
  const y = element.y as number
  if (!Array.isArray(element.points) || element.points.length === 0) {
    return { x, y, width: element.width as number, height: element.height as number }
  }
  const xs = (element.points as number[][]).map((p) => x + p[0])
  const ys = (element.points as number[][]).map((p) => y + p[1])
  return { x: Math.min(...xs), y: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) }
}

export function summarise (element: Element): ElementSummary {
  const { id, type } = element
  return { id, type, x: element.x as number, y: element.y as number, width: element.width as number, height: element.height as number }
}
