// Slide tools: one frame is one slide, slides run left to right, the order is the
// frames' x order. create_slide and update_slide plan PATCH bodies; list_slides only reads.
import type { IdFactory } from '../lib/ids.js'
import type { Element } from '../schemas/elements.js'
import { Draft, SYSTEM_CLOCK, type NowSource, type SceneSnapshot, type ToolPlan } from './core/draft.js'
import { SLIDE_GAP, SLIDE_HEIGHT, SLIDE_SAFE_MARGIN, SLIDE_WIDTH } from './core/limits.js'
import { completeElement } from './core/skeleton.js'
import { verifyDraft } from './core/verify.js'
import { toolError } from './tool-errors.js'

export interface Area { x: number, y: number, width: number, height: number }

export interface SlideInfo extends Area {
  index: number
  frameId: string
  name: string | null
  /** Live elements whose frameId is this frame. */
  childCount: number
}

export interface SlideAnswer extends Area {
  frameId: string
  index: number
  name: string | null
  /** Where content fits: 56 px in from the sides and the top, 48 px from the bottom (742×376 on a standard slide). */
  safeArea: Area
}

export interface UpdateSlideAnswer extends SlideAnswer {
  /** Elements moved to make the new order (slides and their children). */
  moved: number
}

const PITCH = SLIDE_WIDTH + SLIDE_GAP
// 480 - 376 - 56: the bottom margin the safe area of a standard slide leaves.
const SAFE_BOTTOM = SLIDE_HEIGHT - 376 - SLIDE_SAFE_MARGIN

/** Live frames in presentation order: by x, then y, then document order. INFER: magicframes are not slides. */
function slidesOf (elements: readonly Element[]): Element[] {
  return elements.filter((e) => e.type === 'frame' && !e.isDeleted)
    .map((e, i) => ({ e, i }))
    .sort((a, b) => (a.e.x as number) - (b.e.x as number) || (a.e.y as number) - (b.e.y as number) || a.i - b.i)
    .map(({ e }) => e)
}

export function listSlides (current: SceneSnapshot): { count: number, slides: SlideInfo[] } {
  const children = new Map<string, number>()
  for (const e of current.elements) {
    if (!e.isDeleted && typeof e.frameId === 'string') children.set(e.frameId, (children.get(e.frameId) ?? 0) + 1)
  }
  const slides = slidesOf(current.elements).map((frame, index) => ({
    index, frameId: frame.id, name: (frame.name ?? null) as string | null, ...areaOf(frame), childCount: children.get(frame.id) ?? 0
  }))
  return { count: slides.length, slides }
}

/** create_slide: an 854×480 frame at position `index` (default last); later slides move right to make room. */
export function planCreateSlide (
  current: SceneSnapshot, args: { name?: string, index?: number }, ids: IdFactory, clock: NowSource = SYSTEM_CLOCK
): ToolPlan<SlideAnswer> {
  const draft = new Draft(current, ids, clock)
  const slides = slidesOf(draft.all())
  const index = args.index ?? slides.length
  checkIndex(index, slides.length, 'index')
  const previous = slides[index - 1]
  const x = previous === undefined ? index * PITCH : Math.max(index * PITCH, (previous.x as number) + (previous.width as number) + SLIDE_GAP)
  const y = (slides[0]?.y as number | undefined) ?? 0
  const following = slides[index]
  const shift = following === undefined ? 0 : Math.max(0, x + PITCH - (following.x as number))
  if (shift > 0) for (const slide of slides.slice(index)) moveSlide(draft, slide.id, shift)
  // INFER: a new slide is named after its number in the deck; the editor would show an unnamed frame as "Frame".
  const skeleton = {
    type: 'frame', x, y, width: SLIDE_WIDTH, height: SLIDE_HEIGHT, name: args.name ?? `Slide ${slides.length + 1}`,
    strokeColor: '#bbb', roughness: 0
  }
  const frame = draft.create(completeElement(skeleton, draft.stamp(), 'create_slide'))
  verifyDraft(draft)
  return { patch: draft.patch(), answer: answerFor(frame, index) }
}

/** update_slide: renames and/or moves a slide to another position; its children travel with it. */
export function planUpdateSlide (
  current: SceneSnapshot, args: { frameId: string, name?: string, index?: number }, ids: IdFactory, clock: NowSource = SYSTEM_CLOCK
): ToolPlan<UpdateSlideAnswer> {
  const draft = new Draft(current, ids, clock)
  const slides = slidesOf(draft.all())
  const from = slides.findIndex((s) => s.id === args.frameId)
  if (from < 0) toolError(`Slide ${args.frameId} not found: frameId must be the id of a slide (a frame) listed by list_slides`)
  if (args.name === undefined && args.index === undefined) toolError('Give a new name, a new index, or both')
  if (args.name !== undefined) draft.change(args.frameId, { name: args.name })
  let moved = 0
  const to = args.index ?? from
  if (args.index !== undefined) checkIndex(to, slides.length - 1, 'index')
  if (to !== from) moved = reorder(draft, slides, from, to)
  verifyDraft(draft)
  return { patch: draft.patch(), answer: { ...answerFor(draft.get(args.frameId) as Element, to), moved } }
}

/** The input schema makes `index` a whole number from 0; how many slides there are is the deck's to say. */
function checkIndex (index: number, max: number, name: string): void {
  if (index > max) toolError(`${name} must be an integer from 0 to ${max}`)
}

/**
 * Puts the slide at `from` at position `to`: the slides keep the x positions the deck already has, in the new
 * order (each at least one gap after the previous one, when widths differ).
 */
function reorder (draft: Draft, slides: readonly Element[], from: number, to: number): number {
  const order = [...slides]
  const [slide] = order.splice(from, 1)
  order.splice(to, 0, slide)
  const slots = slides.map((s) => s.x as number)
  let moved = 0
  let right = -Infinity
  order.forEach((frame, k) => {
    const x = Math.max(slots[k], right + SLIDE_GAP)
    right = x + (frame.width as number)
    if (x !== frame.x) moved += moveSlide(draft, frame.id, x - (frame.x as number))
  })
  return moved
}

/** Moves a frame, its children and their bound labels by `dx`; returns how many elements moved. */
function moveSlide (draft: Draft, frameId: string, dx: number): number {
  const members = draft.liveElements().filter((e) => e.id === frameId || e.frameId === frameId)
  const ids = new Set(members.map((e) => e.id))
  const labels = draft.liveElements().filter((e) => typeof e.containerId === 'string' && ids.has(e.containerId) && !ids.has(e.id))
  for (const element of [...members, ...labels]) draft.change(element.id, { x: (element.x as number) + dx })
  return members.length + labels.length
}

function areaOf (frame: Element): Area {
  return { x: frame.x as number, y: frame.y as number, width: frame.width as number, height: frame.height as number }
}

function answerFor (frame: Element, index: number): SlideAnswer {
  const area = areaOf(frame)
  return {
    frameId: frame.id,
    index,
    name: (frame.name ?? null) as string | null,
    ...area,
    safeArea: {
      x: area.x + SLIDE_SAFE_MARGIN,
      y: area.y + SLIDE_SAFE_MARGIN,
      width: area.width - 2 * SLIDE_SAFE_MARGIN,
      height: area.height - SLIDE_SAFE_MARGIN - SAFE_BOTTOM
    }
  }
}
