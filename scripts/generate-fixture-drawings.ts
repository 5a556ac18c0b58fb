// Writes the bundled demo drawings (fixtures/**/content/*.excalidraw) from the recipes in scripts/fixture-drawings/.
//
// Regenerate (from the repository root):
//   node --import tsx scripts/generate-fixture-drawings.ts
// or, without tap's loader:
//   npx tsc --outDir node_modules/.cache/fixture-drawings --rootDir . --module nodenext --moduleResolution nodenext \
//     --target es2022 --skipLibCheck scripts/generate-fixture-drawings.ts && node node_modules/.cache/fixture-drawings/scripts/generate-fixture-drawings.js
// (the output must sit inside the checkout so that src/lib/ids.ts can resolve nanoid).
//
// The output is deterministic: ids and nonces come from seeds derived from each slug, timestamps are fixed,
// and the PNGs use stored deflate blocks, so a run on any machine rewrites the files byte for byte.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createDrawing, type Drawing } from './fixture-drawings/drawing.js'
import { onboardingFlow, pricingPageWireframe, roadmap2027, userJourneyMap } from './fixture-drawings/scenes-plans.js'
import { databaseSchema, incidentPostmortem, launchTimeline, systemArchitecture } from './fixture-drawings/scenes-engineering.js'
import { adaScratchpad, brandMoodboard, campaignBrainstorm, socialPostDraft, sprintBoard } from './fixture-drawings/scenes-team.js'
import { experimentPlan, labLayout, simpleShapes, withImage } from './fixture-drawings/scenes-small.js'

export interface DrawingSpec {
  /** Path of the output file, relative to the repository root. */
  file: string
  /** When the scene was last edited (UTC): element `updated` stamps start here and move forward. */
  editedAt: number
  build: (d: Drawing) => void
}

const ACME = 'fixtures/default/acme/content'
const GLOBEX = 'fixtures/default/globex/content'
const MINIMAL = 'fixtures/minimal/content'
const at = (month: number, day: number, hour: number): number => Date.UTC(2026, month - 1, day, hour)

export const DRAWINGS: readonly DrawingSpec[] = [
  { file: `${ACME}/roadmap-2027.excalidraw`, editedAt: at(10, 28, 9), build: roadmap2027 },
  { file: `${ACME}/onboarding-flow.excalidraw`, editedAt: at(9, 8, 10), build: onboardingFlow },
  { file: `${ACME}/user-journey-map.excalidraw`, editedAt: at(9, 12, 14), build: userJourneyMap },
  { file: `${ACME}/pricing-page-wireframe.excalidraw`, editedAt: at(9, 14, 10), build: pricingPageWireframe },
  { file: `${ACME}/system-architecture.excalidraw`, editedAt: at(9, 22, 11), build: systemArchitecture },
  { file: `${ACME}/database-schema.excalidraw`, editedAt: at(9, 23, 15), build: databaseSchema },
  { file: `${ACME}/incident-postmortem.excalidraw`, editedAt: at(10, 15, 8), build: incidentPostmortem },
  { file: `${ACME}/sprint-board.excalidraw`, editedAt: at(10, 20, 9), build: sprintBoard },
  { file: `${ACME}/campaign-brainstorm.excalidraw`, editedAt: at(9, 30, 13), build: campaignBrainstorm },
  { file: `${ACME}/brand-moodboard.excalidraw`, editedAt: at(10, 2, 14), build: brandMoodboard },
  { file: `${ACME}/launch-timeline.excalidraw`, editedAt: at(10, 9, 16), build: launchTimeline },
  { file: `${ACME}/social-post-draft.excalidraw`, editedAt: at(10, 20, 16), build: socialPostDraft },
  { file: `${ACME}/ada-scratchpad.excalidraw`, editedAt: at(10, 31, 18), build: adaScratchpad },
  { file: `${GLOBEX}/lab-layout.excalidraw`, editedAt: at(9, 5, 9), build: labLayout },
  { file: `${GLOBEX}/experiment-plan.excalidraw`, editedAt: at(10, 27, 10), build: experimentPlan },
  { file: `${MINIMAL}/simple-shapes.excalidraw`, editedAt: at(9, 1, 12), build: simpleShapes },
  { file: `${MINIMAL}/with-image.excalidraw`, editedAt: at(10, 1, 12), build: withImage }
]

/** The file's text: 2-space JSON with a trailing newline, so diffs stay readable. */
export function renderDrawing (spec: DrawingSpec): string {
  const slug = spec.file.replace(/^.*\//, '').replace(/\.excalidraw$/, '')
  const drawing = createDrawing(slug, spec.editedAt)
  spec.build(drawing)
  return `${JSON.stringify(drawing.toDocument(), null, 2)}\n`
}

/** The checkout root: the nearest folder above this module with a package.json (also when run from a tsc build). */
function repositoryRoot (): string {
  let dir = dirname(fileURLToPath(import.meta.url))
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir)
    if (parent === dir) throw new Error('no package.json above the generator')
    dir = parent
  }
  return dir
}

function main (): void {
  const root = repositoryRoot()
  for (const spec of DRAWINGS) {
    const target = join(root, spec.file)
    mkdirSync(dirname(target), { recursive: true })
    writeFileSync(target, renderDrawing(spec))
    console.log(`wrote ${spec.file}`)
  }
}

// Importing the module (as the fixture test does) must not rewrite the files.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main()
