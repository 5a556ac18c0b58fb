// Run by scripts/check-package.sh inside a project that installed the packed package: starts the emulator as a test
// suite would (startEmulator from 'drawing-api-emulator') and checks what that install serves.
//   node package-smoke.mjs lean       without the optional peers: a scene unchanged since the build is the build's
//                                     drawing (SVG, PNG and MCP take_screenshot), an edited one a picture naming
//                                     the packages to install
//                                     (check-package.sh counts the warning lines in the output: one)
//   node package-smoke.mjs pictures   with the renderer's packages: pictures are drawn
/* global Buffer, URL, console, process, fetch */
import assert from 'node:assert/strict'
import { startEmulator } from 'drawing-api-emulator'

const mode = process.argv[2]
/** The card naming the packages to install, as the installed package holds it. */
const placeholders = await import(new URL('./node_modules/drawing-api-emulator/dist/render/placeholder-png.js', import.meta.url))
const NEEDED_PNG = Buffer.from(placeholders.PACKAGES_NEEDED_PNG_BASE64, 'base64')

const emulator = await startEmulator({ logLevel: 'warn' })
const auth = { authorization: `Bearer ${emulator.keys.full}` }
const get = (path, headers = auth) => fetch(`${emulator.url}${path}`, { headers })

assert.equal((await get('/api/v1/collections')).status, 200, 'REST')
// The demo page's script, bundled at build (dist/ui-page/app.js): the page's polling and buttons.
const appJs = await get('/_emulator/ui/app.js', {})
assert.deepEqual([appJs.status, appJs.headers.get('content-type')], [200, 'text/javascript; charset=utf-8'], 'the demo page\'s script')
assert.match(await appJs.text(), /\/api\/requests\?/, 'the demo page\'s script polls the journal')
const scenes = await (await get('/api/v1/scenes?limit=1')).json()
const picture = `/_emulator/ui/scenes/${scenes.data[0].metadata.id}`
const pngs = [await get(`${picture}.png`), await get(`${picture}.png`)]
for (const png of pngs) assert.deepEqual([png.status, png.headers.get('content-type')], [200, 'image/png'], 'a PNG picture')
const png = Buffer.from(await pngs[0].arrayBuffer())
const mcpCall = async (id, name, args) => await fetch(`${emulator.apiUrl}/mcp`, {
  method: 'POST',
  headers: { ...auth, 'content-type': 'application/json', 'accept': 'application/json, text/event-stream' },
  body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } })
})
/** MCP take_screenshot of the scene: the image's bytes. */
async function screenshot () {
  const answer = await mcpCall(3, 'take_screenshot', { sceneId: scenes.data[0].metadata.id })
  const text = await answer.text()
  const result = JSON.parse(text.split('\n').filter((line) => line.startsWith('data:')).at(-1)?.slice(5) ?? text).result
  assert.deepEqual([answer.status, result.content[0].type, result.content[0].mimeType], [200, 'image', 'image/png'], `take_screenshot: ${text.slice(0, 300)}`)
  return Buffer.from(result.content[0].data, 'base64')
}
const shot = await screenshot()
const svg = await (await get(`${picture}.svg`)).text()
const placeholder = svg.includes('data-render="placeholder"')
// The same scene edited (its first element moved): no picture of it was drawn at build.
const contentUrl = `${emulator.apiUrl}/scenes/${scenes.data[0].metadata.id}/content`
const doc = await (await get(contentUrl.slice(emulator.url.length))).json()
const moved = doc.elements.map((el, i) => i === 0 ? { ...el, x: el.x + 10 } : el)
const put = await fetch(contentUrl, {
  method: 'PUT',
  headers: { ...auth, 'content-type': 'application/json' },
  body: JSON.stringify({ type: doc.type, version: doc.version, source: doc.source, appState: doc.appState, elements: moved, files: doc.files })
})
assert.equal(put.status, 200, `PUT content: ${await put.clone().text()}`)
const edited = await (await get(`${picture}.svg`)).text()
const editedPng = Buffer.from(await (await get(`${picture}.png`)).arrayBuffer())
const editedShot = await screenshot()
const editedText = edited.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')
const docs = await get('/docs/json')
assert.equal(docs.status, 200, '/docs/json')
assert.equal((await docs.json()).openapi, '3.0.0')
const page = await (await get('/docs')).text()
const mcp = await fetch(`${emulator.apiUrl}/mcp`, {
  method: 'POST',
  headers: { ...auth, 'content-type': 'application/json', 'accept': 'application/json, text/event-stream' },
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' })
})
assert.equal(mcp.status, 200, 'MCP')
// create_diagram's layout engine is the package's own copy of elkjs' single-file build (dist/vendor/).
const diagram = await mcpCall(2, 'create_diagram', {
  sceneId: scenes.data[0].metadata.id, nodes: [{ id: 'a', label: 'A' }, { id: 'b', label: 'B' }], edges: [{ from: 'a', to: 'b' }]
})
const laidOut = await diagram.text()
assert.equal(diagram.status, 200, 'create_diagram')
assert.doesNotMatch(laidOut, /"isError":true/, `create_diagram laid the diagram out: ${laidOut}`)
await emulator.close()

if (mode === 'lean') {
  assert.ok(!placeholder && /^<svg/.test(svg), 'without the renderer packages a scene unchanged since the build is its drawing')
  assert.ok(!png.equals(NEEDED_PNG) && !shot.equals(NEEDED_PNG) && !shot.equals(png), 'and its PNG and take_screenshot are the build\'s drawings')
  assert.match(edited, /data-render="placeholder"/, 'an edited scene is a placeholder')
  assert.ok(editedPng.equals(NEEDED_PNG) && editedShot.equals(NEEDED_PNG), 'as PNG and from take_screenshot too')
  assert.match(editedText, /Drawing this scene needs @excalidraw\/utils, jsdom, @resvg\/resvg-js, not installed here\./, 'naming the missing packages')
  assert.match(editedText, /Install: npm install @excalidraw\/utils@/, 'and the command')
  assert.match(page, /The interactive page needs the optional package @fastify\/swagger-ui/, '/docs says what to install')
} else {
  assert.equal(placeholder, false, 'with the renderer packages the scene is drawn')
  assert.match(svg, /^<svg/)
  assert.ok(!edited.includes('data-render=') && edited !== svg, 'and the edited scene is drawn anew')
  assert.ok(![png, shot, editedPng, editedShot].some((picture) => picture.equals(NEEDED_PNG)) && !editedShot.equals(shot),
    'as PNG and from take_screenshot too')
}
console.log(`package smoke (${mode}): REST, MCP (create_diagram too), /docs/json, pictures ${mode === 'lean' ? 'drawn at build, SVG, PNG and take_screenshot (an edited one names the packages)' : 'drawn'}: OK`)
