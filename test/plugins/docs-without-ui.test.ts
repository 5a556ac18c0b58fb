// @fastify/swagger-ui is an optional peer dependency (README, Install): without it /docs/json and /docs/yaml are
// served as usual and the two docs pages say what to install. Run with the package hidden (test/hide-packages.mjs).
import { join } from 'node:path'
import t from 'tap'
import { SWAGGER_UI_INSTALL } from '../../src/plugins/docs-app.js'
import { build } from '../helper.js'
import { runWithHidden } from '../hidden-packages.js'
import { ROOT } from '../processes.js'

const CHILD = `
import { buildApp } from ${JSON.stringify(join(ROOT, 'src/app.ts'))}
import { resolveConfig } from ${JSON.stringify(join(ROOT, 'src/config/load.ts'))}
import { MINIMAL_FIXTURES } from ${JSON.stringify(join(ROOT, 'src/package-files.ts'))}
const app = await buildApp(resolveConfig({ logLevel: 'silent', fixturesDir: MINIMAL_FIXTURES }))
const answers = {}
for (const url of ['/docs', '/docs/', '/docs/json', '/docs/yaml', '/docs/static/swagger-ui-bundle.js', '/docs/static/swagger-ui.css', '/_emulator/docs']) {
  const res = await app.inject({ url })
  answers[url] = { status: res.statusCode, type: res.headers['content-type'], body: res.body }
}
await app.close()
console.log('RESULT ' + JSON.stringify(answers))
`

t.test('without @fastify/swagger-ui: the documents as usual, pages that say what to install', async (t) => {
  const app = await build(t)
  const withUi = await app.inject({ url: '/docs/json' })
  const { result: answers, stderr } = await runWithHidden(['@fastify/swagger-ui'], CHILD)
  t.ok(answers, `the child finished (stderr: ${stderr.slice(0, 2000)})`)
  t.equal(answers['/docs/json'].status, 200)
  t.match(answers['/docs/json'].type, /^application\/json/)
  t.same(JSON.parse(answers['/docs/json'].body), withUi.json(), 'the same document as with the page')
  t.equal(answers['/docs/yaml'].status, 200)
  t.match(answers['/docs/yaml'].type, /^application\/x-yaml/)
  t.match(answers['/docs/yaml'].body, /^openapi: 3\.0\.0\n/)
  for (const url of ['/docs', '/docs/']) {
    t.equal(answers[url].status, 200, url)
    t.match(answers[url].type, /^text\/html/)
    t.ok(answers[url].body.includes(`The interactive page needs the optional package @fastify/swagger-ui: ${SWAGGER_UI_INSTALL}.`), `${url} says what to install`)
    t.match(answers[url].body, /<a href="\/docs\/json">/)
  }
  const script = answers['/docs/static/swagger-ui-bundle.js']
  t.equal(script.status, 200)
  t.match(script.type, /^text\/javascript/)
  t.ok(script.body.includes(SWAGGER_UI_INSTALL), 'the admin page, which loads this script, says it too')
  t.match(script.body, /window\.SwaggerUIBundle = function \(options\)/)
  t.equal(answers['/docs/static/swagger-ui.css'].status, 404, 'the page\'s other files are absent')
  t.equal(answers['/_emulator/docs'].status, 200)
})

t.test('the install line names the range package.json accepts', async (t) => {
  const { readFileSync } = await import('node:fs')
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))
  t.equal(SWAGGER_UI_INSTALL, `npm install @fastify/swagger-ui@${manifest.peerDependencies['@fastify/swagger-ui']}`)
  t.ok(manifest.peerDependenciesMeta['@fastify/swagger-ui'].optional)
})
