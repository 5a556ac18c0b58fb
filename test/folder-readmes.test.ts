// The folder READMEs under src/ are the map a reader trusts: every file or folder one names in backticks exists.
import t from 'tap'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'

const ROOT = resolve(import.meta.dirname, '..')
const SRC = join(ROOT, 'src')
/** A backticked file (`core/draft.ts`, `../types.ts`) or folder (`declarations/`); not a URL, glob or brace list. */
const NAMED = /`((?:\.\.\/|[\w-]+\/)*(?:[\w.-]+\.(?:ts|tsx|mjs|cjs|js|md)|[\w-]+\/))`/g
/** Built or installed places a README may name that a checkout does not hold. */
const NOT_IN_CHECKOUT = /^(dist|node_modules|coverage)\//

function readmes (dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return readmes(path)
    return entry.name === 'README.md' ? [path] : []
  })
}

function filesBelow (dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesBelow(join(dir, entry.name)) : [join(dir, entry.name)])
}

/** The folders a bare name may live in: the README's own, and each folder above it up to src/. */
function foldersUp (dir: string): string[] {
  const folders = [dir]
  while (folders[folders.length - 1] !== SRC && folders[folders.length - 1].startsWith(SRC)) folders.push(dirname(folders[folders.length - 1]))
  return folders
}

/**
 * A name resolves from the repository root, from src/, from the README's folder or a folder above it; a bare file
 * name (no slash) may also sit anywhere below the README's folder.
 */
function exists (name: string, dir: string): boolean {
  const bases = [ROOT, SRC, ...foldersUp(dir)]
  if (bases.some((base) => existsSync(join(base, name)))) return true
  return !name.includes('/') && filesBelow(dir).some((file) => file.endsWith(`/${name}`))
}

function missingNames (readme: string): string[] {
  const text = readFileSync(readme, 'utf8')
  const names = new Set([...text.matchAll(NAMED)].map((m) => m[1]).filter((name) => !NOT_IN_CHECKOUT.test(name)))
  return [...names].filter((name) => !exists(name, dirname(readme)))
}

t.test('every file and folder a README under src/ names exists', async (t) => {
  const files = readmes(SRC)
  t.ok(files.length >= 20, 'the folder READMEs are found')
  for (const readme of files) t.same(missingNames(readme), [], relative(ROOT, readme))
})

t.test('a name is found beside the README, below it or from src/; one that is nowhere is reported', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'readme-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  mkdirSync(join(dir, 'sub'))
  writeFileSync(join(dir, 'here.ts'), '')
  writeFileSync(join(dir, 'sub', 'deep.ts'), '')
  const names = ['here.ts', 'sub/', 'sub/deep.ts', 'deep.ts', 'lib/routes.ts', 'src/app.ts', 'gone.ts', 'sub/gone.ts', 'old/', 'dist/ui-editor/']
  writeFileSync(join(dir, 'README.md'), names.map((name) => `- \`${name}\`: a file`).join('\n') + '\n`/api/v1/mcp` and `*.ts` are no names.\n')
  t.same(missingNames(join(dir, 'README.md')), ['gone.ts', 'sub/gone.ts', 'old/'])
})
