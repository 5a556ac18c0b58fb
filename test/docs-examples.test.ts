// The documentation's harness examples run as pasted: every ```ts block of README.md and docs/*.md that starts its own
// emulator with startEmulator() runs in a node process of its own, against this checkout's sources, and must finish
// cleanly (a node:test block with every test passed). readme-snippets.test.ts type-checks every block; this one
// catches the examples that compile and then throw. The vitest block needs vitest, which this project does not
// install; the Testcontainers and MCP client blocks need an image or a server of their own.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { codeBlocks, documentationFiles } from './markdown.js'
import { ROOT, TS, runNode } from './processes.js'

interface Example { page: string, code: string }

/** The blocks that start an emulator themselves and import nothing this project does not install. */
function runnableExamples (): Example[] {
  return documentationFiles().flatMap((page) => codeBlocks(readFileSync(join(ROOT, page), 'utf8'), 'ts')
    .filter((code) => code.includes('startEmulator(') && !code.includes("from 'vitest'"))
    .map((code) => ({ page, code })))
}

/** The package's name resolves to the sources here, as readme-snippets.test.ts maps it for tsc. */
function asRunHere (code: string): string {
  return code.replaceAll("from 'drawing-api-emulator'", `from ${JSON.stringify(join(ROOT, 'src/index.ts'))}`)
}

const examples = runnableExamples()
const dir = mkdtempSync(join(tmpdir(), 'docs-examples-'))
t.teardown(() => rmSync(dir, { recursive: true, force: true }))
writeFileSync(join(dir, 'package.json'), '{ "type": "module" }')

t.test("the README's first test and admin-api's typed helpers are among those run", async (t) => {
  t.ok(examples.some(({ page, code }) => page === 'README.md' && code.includes("from 'node:test'")), "the README's first test")
  t.ok(examples.some(({ page, code }) => page === 'docs/admin-api.md' && code.includes('emulator.requests(')), "admin-api's typed helpers")
})

for (const [i, { page, code }] of examples.entries()) {
  const firstCall = /^.*startEmulator\(.*$/m.exec(code)?.[0].trim() ?? ''
  t.test(`${page}, example ${i + 1} (${firstCall}) runs as pasted`, async (t) => {
    const file = join(dir, `example-${i + 1}.ts`)
    writeFileSync(file, asRunHere(code))
    const { code: exit, stdout, stderr } = await runNode([...TS, file])
    t.equal(stderr, '', 'nothing on stderr')
    t.equal(exit, 0, stdout)
    if (code.includes("from 'node:test'")) {
      t.match(stdout, /\bfail 0\b/, 'no test failed')
      t.notMatch(stdout, /\bpass 0\b/, 'its tests ran')
    }
    // The typed helpers' example prints the global switch it set and what the journal saw of the faulted request.
    if (code.includes('emulator.requests(')) t.equal(stdout, 'strict\n503 503 rule\n')
  })
}
