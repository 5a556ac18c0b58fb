// Acme scene recipes, part 3: sprint board, campaign brainstorm, brand moodboard, social post draft, Ada's scratchpad.
import type { Drawing, El, Point } from './drawing.js'
import { BLUE, FILL, GREY, ORANGE, RED, VIOLET } from './palette.js'
import { productShot, sea, sunset } from './pictures.js'
import { boxed, connect, image, line, shape, text, tombstone } from './shapes.js'
import { arc, check, heart, loop, spiral, star, stroke, wave } from './strokes.js'

/** Frames as kanban columns, each holding cards with bound text. */
export function sprintBoard (d: Drawing): void {
  text(d, 0, -70, 'Sprint 41 · Oct 19 – Nov 1', { size: 28 })
  const columns = [
    ['To do', FILL.yellow, ['ACME-151\nTemplate gallery', 'ACME-155\nKeyboard shortcuts sheet', 'ACME-158\nDark mode for embeds',
      'ACME-160\nFix: arrow labels clip']],
    ['In progress', FILL.blue, ['ACME-142\nExport PNG at 2x', 'ACME-147\nComment threads API']],
    ['Done', FILL.green, ['ACME-133\nSSO with Okta', 'ACME-137\nCollections sidebar', 'ACME-139\nFaster scene loads']]
  ] as const
  columns.forEach(([name, bg, cards], i) => {
    const x = i * 340
    d.frame(name, { x, y: 0, w: 300, h: 600 }, () => {
      cards.forEach((card, j) => boxed(d, 'rectangle', { x: x + 20, y: 30 + j * 110, w: 260, h: 90 }, card, { bg }, { size: 18 }))
    })
  })
}

/** Where the straight line between two ellipse centres leaves the first ellipse. */
function ellipseEdge (from: El, to: El): Point {
  const [cx, cy] = [from.x + from.width / 2, from.y + from.height / 2]
  const [dx, dy] = [to.x + to.width / 2 - cx, to.y + to.height / 2 - cy]
  const t = 1 / Math.hypot(dx / (from.width / 2), dy / (from.height / 2))
  return [Math.round(cx + dx * t), Math.round(cy + dy * t)]
}

/** A mind map of idea bubbles, with pen strokes (stars, a circle, an underline) from the voting round. */
export function campaignBrainstorm (d: Drawing): void {
  text(d, 40, -80, 'Spring launch campaign — brainstorm', { size: 32 })
  stroke(d, 40, -30, wave(560, 4, 5), 40, { stroke: RED })
  const hub = boxed(d, 'ellipse', { x: 380, y: 290, w: 260, h: 130 }, 'Spring launch\ncampaign', { bg: FILL.red }, { size: 24 })
  const ideas = [
    [60, 70, 'Doodle-a-day\nchallenge', FILL.yellow],
    [400, 30, 'Sticker pack', FILL.violet],
    [760, 70, 'Template\ngiveaway', FILL.green],
    [40, 540, 'Customer\nstories video', FILL.blue],
    [400, 620, 'Partner with\ndesign schools', FILL.cyan],
    [760, 540, 'Live draw\nwebinar', FILL.orange]
  ] as const
  const bubbles = ideas.map(([x, y, idea, bg]) => boxed(d, 'ellipse', { x, y, w: 220, h: 110 }, idea, { bg }))
  for (const bubble of bubbles) line(d, [ellipseEdge(hub, bubble), ellipseEdge(bubble, hub)], { stroke: GREY })
  stroke(d, 250, 40, star(22), 30, { stroke: ORANGE, strokeWidth: 2 })
  stroke(d, 950, 510, star(22), 30, { stroke: ORANGE, strokeWidth: 2 })
  stroke(d, 740, 50, loop(130, 75), 48, { stroke: RED, strokeWidth: 2 })
  stroke(d, 20, 500, heart(36), 36, { stroke: RED })
  stroke(d, 620, 650, check(30), 16, { stroke: VIOLET })
  text(d, 40, 760, 'Vote: draw a star next to your top pick (max 2)', { size: 16, color: GREY })
  text(d, 700, 760, 'Budget: $12k · launch Mar 3', { size: 18 })
}

/** Two photos with their files and captions, colour swatches with bound hex codes, and a type sample. */
export function brandMoodboard (d: Drawing): void {
  text(d, 0, -70, 'Brand moodboard — autumn refresh', { size: 32 })
  image(d, sunset, { x: 0, y: 0, w: 360, h: 240 })
  text(d, 0, 255, 'Warm evenings: hero photography', { size: 18 })
  image(d, sea, { x: 400, y: 0, w: 360, h: 240 })
  text(d, 400, 255, 'Calm water: product pages', { size: 18 })
  const swatches = ['#e8590c', '#c2255c', '#1864ab', '#0c8599', '#343a40']
  swatches.forEach((hex, i) => {
    boxed(d, 'rectangle', { x: i * 152, y: 310, w: 136, h: 100 }, hex, { bg: hex, stroke: hex, roughness: 0 }, { size: 16, color: '#ffffff' })
  })
  text(d, 0, 440, 'Aa  Excalifont for headings', { size: 28 })
  text(d, 0, 485, 'Body copy stays quiet and readable.', { size: 20, color: GREY })
  // A curved pen stroke from the note back to the sea photo.
  stroke(d, 850, 110, arc(-80, 30), 20, { stroke: BLUE })
  text(d, 790, 125, 'more texture\nlike this?', { size: 16, color: BLUE })
}

/** A frame sized like a square post, with an image and copy, plus the tombstone of the first headline. */
export function socialPostDraft (d: Drawing): void {
  d.frame('Post · 1080 × 1080', { x: 0, y: 0, w: 540, h: 540 }, () => {
    shape(d, 'rectangle', { x: 0, y: 0, w: 540, h: 540 }, { bg: FILL.paleViolet, stroke: 'transparent', roundness: null, roughness: 0 })
    image(d, productShot, { x: 130, y: 50, w: 280, h: 280 })
    tombstone(d, text(d, 270, 370, 'Draw faster than ever', { size: 40, align: 'center' }))
    text(d, 270, 370, 'Sketch it. Share it.', { size: 40, align: 'center', color: VIOLET })
    text(d, 270, 440, 'Acme 3.0 is live — try it free', { size: 20, align: 'center' })
  })
  text(d, 600, 0, 'Caption draft', { size: 20 })
  text(d, 600, 35, 'Big news: Acme 3.0 is here.\nTemplates, live cursors and\nfaster exports for every team.\n#design #whiteboard', { size: 18 })
  text(d, 600, 150, 'Alt text: purple app icon on a lilac background', { size: 16, color: GREY })
}

/** A few doodles, a reminder card and an arrow: the admin's private scratch scene. */
export function adaScratchpad (d: Drawing): void {
  text(d, 0, 0, 'scratch — don’t share', { size: 20, color: GREY })
  stroke(d, 10, 50, spiral(36), 40, { stroke: BLUE })
  stroke(d, 110, 55, heart(60), 36, { stroke: RED })
  const coffee = boxed(d, 'ellipse', { x: 0, y: 160, w: 170, h: 80 }, 'coffee first', { bg: FILL.orange })
  const todo = boxed(d, 'rectangle', { x: 280, y: 40, w: 220, h: 80 }, 'ask Ben about\nQ4 capacity', { bg: FILL.yellow })
  connect(d, coffee, todo, { from: 'right', to: 'bottom', via: [[390, 200]] })
}
