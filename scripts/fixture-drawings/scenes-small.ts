// Scene recipes for the second demo workspace (Globex Research) and the two minimal test drawings.
import type { Drawing } from './drawing.js'
import { FILL, GREEN, GREY, INK, RED } from './palette.js'
import { swatch } from './pictures.js'
import { boxed, connect, group, image, line, shape, text } from './shapes.js'

/** An architect-style floor plan: rooms with top-left labels, grouped benches, door swings and a scale bar. */
export function labLayout (d: Drawing): void {
  const plan = { roughness: 0, roundness: null }
  const room = { align: 'left', valign: 'top', size: 18 } as const
  text(d, 0, -60, 'Globex · Lab 3 floor plan', { size: 28 })
  boxed(d, 'rectangle', { x: 0, y: 0, w: 520, h: 360 }, 'Wet lab', { ...plan, bg: FILL.paleBlue }, room)
  boxed(d, 'rectangle', { x: 520, y: 0, w: 380, h: 180 }, 'Cold room (4 °C)', { ...plan, bg: FILL.cyan }, room)
  boxed(d, 'rectangle', { x: 520, y: 180, w: 380, h: 180 }, 'Microscopy', { ...plan, bg: FILL.paleViolet }, room)
  boxed(d, 'rectangle', { x: 0, y: 360, w: 360, h: 240 }, 'Office', { ...plan, bg: FILL.grey }, room)
  boxed(d, 'rectangle', { x: 360, y: 360, w: 220, h: 240 }, 'Storage', { ...plan, bg: FILL.grey }, room)
  boxed(d, 'rectangle', { x: 580, y: 360, w: 320, h: 240 }, 'Write-up area', { ...plan, bg: FILL.grey }, room)
  const bench = { ...plan, bg: '#ffffff' }
  const benches = [[30, 50, 'Bench A'], [30, 140, 'Bench B'], [290, 50, 'Bench C']] as const
  group(d, benches.map(([x, y, name]) => boxed(d, 'rectangle', { x, y, w: 200, h: 50 }, name, bench, { size: 16 })))
  boxed(d, 'rectangle', { x: 290, y: 260, w: 200, h: 70 }, 'Fume hood', { ...plan, bg: FILL.red }, { size: 16 })
  boxed(d, 'rectangle', { x: 600, y: 230, w: 160, h: 90 }, 'Confocal', { ...plan, bg: '#ffffff' }, { size: 16 })
  shape(d, 'ellipse', { x: 30, y: 280, w: 50, h: 50 }, { ...plan, stroke: GREEN, bg: FILL.green })
  text(d, 90, 295, 'eyewash', { size: 16, color: GREEN })
  // Door swings: a leaf and a quarter arc, the way floor plans draw them.
  line(d, [[200, 360], [200, 300]], { ...plan, stroke: RED })
  line(d, [[200, 300], [223, 305], [242, 318], [255, 337], [260, 360]], { ...plan, stroke: RED, strokeStyle: 'dashed' })
  line(d, [[520, 60], [580, 60]], { ...plan, stroke: RED })
  line(d, [[580, 60], [575, 83], [562, 102], [543, 115], [520, 120]], { ...plan, stroke: RED, strokeStyle: 'dashed' })
  line(d, [[0, 640], [100, 640]], { ...plan, strokeWidth: 4 })
  text(d, 110, 630, '2 m', { size: 16 })
  text(d, 760, 630, 'North is up', { size: 16, color: GREY })
}

/** A small experiment flowchart with a decision, a retry loop and notes. */
export function experimentPlan (d: Drawing): void {
  text(d, 0, -110, 'Experiment plan: enzyme X lysis study', { size: 28 })
  text(d, 0, -65, 'Owner: Dr. Hana Sato · start Nov 3', { size: 18, color: GREY })
  const hypothesis = boxed(d, 'rectangle', { x: 0, y: 0, w: 240, h: 110 }, 'Hypothesis:\nenzyme X cuts\nlysis time by 30%', { bg: FILL.violet })
  const prepare = boxed(d, 'rectangle', { x: 320, y: 15, w: 220, h: 80 }, 'Prepare samples\n(n = 12)', { bg: FILL.blue })
  const assay = boxed(d, 'rectangle', { x: 620, y: 15, w: 200, h: 80 }, 'Run assay\n3 replicates', { bg: FILL.blue })
  const signal = boxed(d, 'diamond', { x: 900, y: -10, w: 220, h: 130 }, 'Signal above\nbaseline?', { bg: FILL.yellow })
  const scale = boxed(d, 'rectangle', { x: 1200, y: 15, w: 220, h: 80 }, 'Scale up to\n96-well plate', { bg: FILL.green })
  const revise = boxed(d, 'rectangle', { x: 900, y: 220, w: 220, h: 80 }, 'Revise protocol', { bg: FILL.red })
  connect(d, hypothesis, prepare)
  connect(d, prepare, assay)
  connect(d, assay, signal)
  connect(d, signal, scale, { label: 'yes' })
  connect(d, signal, revise, { label: 'no' })
  connect(d, revise, prepare, { from: 'left', to: 'bottom', via: [[430, 260]], label: 'adjust buffer', style: { strokeStyle: 'dashed' } })
  text(d, 0, 340, 'Risks: reagent lot variation; freezer capacity in week 2', { size: 16, color: RED })
}

/** The smallest useful scene: a labelled rectangle bound by an arrow to an ellipse. */
export function simpleShapes (d: Drawing): void {
  text(d, 100, 40, 'Simple shapes', { size: 20 })
  const box = boxed(d, 'rectangle', { x: 100, y: 100, w: 200, h: 80 }, 'Hello', { bg: FILL.blue })
  const target = shape(d, 'ellipse', { x: 450, y: 100, w: 160, h: 80 }, { bg: FILL.green })
  connect(d, box, target, { style: { stroke: INK } })
}

/** One image with its file, and a frame holding a single rectangle. */
export function withImage (d: Drawing): void {
  image(d, (created) => swatch(created), { x: 0, y: 0, w: 160, h: 120 })
  d.frame('Frame', { x: 240, y: 0, w: 300, h: 200 }, () => {
    shape(d, 'rectangle', { x: 280, y: 40, w: 120, h: 80 }, { bg: FILL.yellow })
  })
}
