// The TypeScript snippets of README.md and docs/*.md compile under `tsc --strict` as pasted, against this package's own
// types ('drawing-api-emulator' maps to src/index.ts, its /testcontainers subpath to src/testcontainers.ts).
// Third-party packages get loose stand-in declarations: what is checked is every use of this package.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { codeBlocks, documentationFiles } from './markdown.js'
import { ROOT } from './processes.js'

const STAND_INS = `declare module 'vitest' {
  export const beforeAll: (fn: () => unknown) => void
  export const afterAll: (fn: () => unknown) => void
  export const it: (name: string, fn: () => unknown) => void
  export const expect: (value: unknown) => { toBe (expected: unknown): void }
}
declare module 'testcontainers' {
  export interface StopOptions { timeout: number, remove: boolean, removeVolumes: boolean }
  export interface StartedTestContainer { getHost (): string, getMappedPort (port: number): number }
  export interface StoppedTestContainer { getId (): string }
  export class GenericContainer {
    constructor (image: string)
    withExposedPorts (...ports: number[]): this
    withWaitStrategy (strategy: unknown): this
    withStartupTimeout (ms: number): this
    withBindMounts (mounts: Array<{ source: string, target: string, mode?: 'ro' | 'rw' }>): this
    withEnvironment (environment: Record<string, string>): this
    start (): Promise<StartedTestContainer>
  }
  export class AbstractStartedContainer {
    constructor (started: StartedTestContainer)
    getHost (): string
    getMappedPort (port: number): number
    stop (options?: Partial<StopOptions>): Promise<StoppedTestContainer>
  }
  export const Wait: { forHttp (path: string, port: number): { forStatusCode (code: number): unknown } }
}
`

/** Every ```ts block of the documentation, named by its page. */
function snippets (): Array<{ page: string, code: string }> {
  return documentationFiles().flatMap((page) =>
    codeBlocks(readFileSync(join(ROOT, page), 'utf8'), 'ts').map((code) => ({ page, code })))
}

t.test('every ```ts block of README.md and docs/*.md compiles under --strict', async (t) => {
  const blocks = snippets()
  t.ok(blocks.length >= 6, `${blocks.length} snippets found`)
  t.ok(blocks.some(({ page }) => page === 'README.md'), 'the README has one')
  const dir = mkdtempSync(join(tmpdir(), 'readme-snippets-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  blocks.forEach(({ page, code }, i) =>
    writeFileSync(join(dir, `${page.replace(/\W+/g, '-')}-snippet-${i + 1}.ts`), `${code}\nexport {}\n`))
  writeFileSync(join(dir, 'stand-ins.d.ts'), STAND_INS)
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }')
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
    compilerOptions: {
      strict: true, noEmit: true, target: 'ES2022', lib: ['ES2023'], module: 'NodeNext', moduleResolution: 'NodeNext', skipLibCheck: true,
      types: ['node'], typeRoots: [join(ROOT, 'node_modules/@types')], baseUrl: dir,
      paths: {
        'drawing-api-emulator': [join(ROOT, 'src/index.ts')],
        'drawing-api-emulator/testcontainers': [join(ROOT, 'src/testcontainers.ts')],
        // The MCP section's SDK client snippet: resolved from this project's own install.
        '@modelcontextprotocol/sdk/*': [join(ROOT, 'node_modules/@modelcontextprotocol/sdk/dist/esm/*')]
      },
      allowImportingTsExtensions: true
    },
    include: ['*.ts']
  }))
  const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', dir], { encoding: 'utf8' })
  t.equal(tsc.stdout + tsc.stderr, '', 'no compile errors')
  t.equal(tsc.status, 0)
})
