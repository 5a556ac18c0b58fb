// Format guides and instructions: one text per guide tool, short enough, our own words, toolset-aware instructions.
import t from 'tap'
import { FORMAT_GUIDES, instructionsFor, isGuideTool } from '../../src/mcp/format-guides.js'
import { TOOLS, pickToolset } from '../../src/api/v1/mcp/tools/index.js'

t.test('every guide tool has a text under ~3k tokens that covers the edit rules', async (t) => {
  const guideTools = TOOLS.filter((tool) => tool.backing === null).map((tool) => tool.name)
  t.same(guideTools.sort(), Object.keys(FORMAT_GUIDES).sort())
  for (const [name, text] of Object.entries(FORMAT_GUIDES)) {
    t.ok(isGuideTool(name))
    t.ok(text.length < 12_000, `${name}: ${text.length} characters (about ${Math.round(text.length / 4)} tokens)`)
    for (const rule of ['tempId', 'JSON **string**', 'fixedPoint', 'frameId', 'labelText']) t.ok(text.includes(rule), `${name} mentions ${rule}`)
    t.notMatch(text, /you MUST call/i, 'not the vendor wording')
  }
  t.notOk(isGuideTool('edit_scene_content'))
})

t.test('instructions name the guides of the active toolset and the no-destruction rule', async (t) => {
  t.match(instructionsFor('docs'), /read_excalidraw_format/)
  t.notMatch(instructionsFor('docs'), /read_diagram_format/)
  t.match(instructionsFor('agents'), /read_diagram_format, read_presentation_format or read_freeform_format/)
  t.notMatch(instructionsFor('agents'), /read_excalidraw_format/)
  for (const toolset of ['docs', 'agents', 'all'] as const) {
    t.match(instructionsFor(toolset), /explicitly asked/)
    const named = instructionsFor(toolset).match(/read_[a-z]+_format/g) ?? []
    const listed = pickToolset(toolset).map((tool) => tool.name)
    t.ok(named.every((name) => listed.includes(name)), `${toolset}: only guides that toolset lists`)
  }
})
