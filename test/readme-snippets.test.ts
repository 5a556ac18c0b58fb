// The TypeScript snippets of README.md and docs/*.md compile under `tsc --strict` as pasted, against this package's own
// types ('drawing-api-emulator' maps to its declarations, dist/index.d.ts, as in a project that installed it, or to
// src/index.ts while dist/ is older than src/; its /testcontainers subpath likewise).
// Third-party packages get loose stand-in declarations: what is checked is every use of this package.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
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

/**
 * The package's types: the built declarations, which a user's project compiles against, when they are newer than
 * every file of src/; else the sources. Why: tsc checking the sources behind src/index.ts took about 15 s of CPU,
 * against 2 s for the declarations (`npm ci` builds them, so a fresh clone has them; after an edit, `npm run build`).
 */
function packageTypes (): { main: string, testcontainers: string } {
  const built = { main: join(ROOT, 'dist/index.d.ts'), testcontainers: join(ROOT, 'dist/testcontainers.d.ts') }
  const sources = { main: join(ROOT, 'src/index.ts'), testcontainers: join(ROOT, 'src/testcontainers.ts') }
  if (!existsSync(built.main) || !existsSync(built.testcontainers)) return sources
  const newestSource = Math.max(...readdirSync(join(ROOT, 'src'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile()).map((entry) => statSync(join(entry.parentPath, entry.name)).mtimeMs))
  return Math.min(statSync(built.main).mtimeMs, statSync(built.testcontainers).mtimeMs) > newestSource ? built : sources
}

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
  const types = packageTypes()
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
    compilerOptions: {
      strict: true, noEmit: true, target: 'ES2022', lib: ['ES2023'], module: 'NodeNext', moduleResolution: 'NodeNext', skipLibCheck: true,
      types: ['node'], typeRoots: [join(ROOT, 'node_modules/@types')], baseUrl: dir,
      paths: {
        'drawing-api-emulator': [types.main],
        'drawing-api-emulator/testcontainers': [types.testcontainers],
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
