// The folder READMEs under src/ are the map a reader trusts: every file or folder one names in backticks exists, and
// every file and folder of src/ is named by the README of its folder (or, in a folder without one, of the nearest
// folder above that has one), by its path from that README's folder.
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

/** What a README names: each backticked span, and each word of its fenced blocks (src/README.md's tree). */
function namesIn (readme: string): Set<string> {
  const text = readFileSync(readme, 'utf8')
  const spans = [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1])
  const tree = [...text.matchAll(/```[^\n]*\n([\s\S]*?)```/g)].flatMap((m) => m[1].split(/[\s│├└─]+/))
  return new Set([...spans, ...tree])
}

/** The README that describes a folder: its own, else the nearest one above it (up to `top`). */
function describing (dir: string, top: string): string | undefined {
  for (let folder = dir; folder.startsWith(top); folder = dirname(folder)) {
    if (existsSync(join(folder, 'README.md'))) return join(folder, 'README.md')
  }
  return undefined
}

function foldersBelow (dir: string): string[] {
  return [dir, ...readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).flatMap((entry) => foldersBelow(join(dir, entry.name)))]
}

/**
 * Each file (but a README) and folder below `top` its describing README does not name by its path from that README's
 * folder (`import/command.ts` in parity/README.md for parity/import/command.ts). The path may leave out a code
 * file's extension (`collections` for collections.ts) or a folder's slash (`journal` for journal/); a folder also
 * counts as named when a path inside it is (`import/command.ts` names `import/`). A bare name never stands for a
 * file in a folder below: `state.ts` is layers/state.ts, not layers/faults/state.ts.
 */
function unnamedEntries (top: string): string[] {
  const unnamed: string[] = []
  for (const dir of foldersBelow(top)) {
    const readme = describing(dir, top)
    if (readme === undefined) continue
    const names = namesIn(readme)
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'README.md') continue
      const path = relative(dirname(readme), join(dir, entry.name))
      const named = entry.isDirectory()
        ? names.has(path) || [...names].some((name) => name.startsWith(`${path}/`))
        : names.has(path) || names.has(path.replace(/\.(ts|tsx|mjs|cjs|js)$/, ''))
      if (!named) unnamed.push(`${relative(top, readme)}: ${path}${entry.isDirectory() ? '/' : ''}`)
    }
  }
  return unnamed.sort()
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

t.test('every file and folder of src/ is named by the README of its folder, or of the nearest folder above', async (t) => {
  const unnamed = unnamedEntries(SRC)
  for (const line of unnamed) t.comment(line)
  t.same(unnamed, [], 'name each in a few words, in the README shown before it')
})

t.test('a file is named by its path from the describing README; a folder without a README is its parent\'s', async (t) => {
  const top = mkdtempSync(join(tmpdir(), 'readme-names-'))
  t.teardown(() => rmSync(top, { recursive: true, force: true }))
  for (const dir of ['own', 'plain', 'plain/deeper', 'own/inner']) mkdirSync(join(top, dir))
  for (const file of ['index.ts', 'gone-unnamed.ts', 'own/a.ts', 'own/b.mjs', 'own/inner/c.ts', 'plain/d.ts', 'plain/state.ts', 'plain/deeper/e.ts', 'plain/deeper/state.ts']) {
    writeFileSync(join(top, file), '')
  }
  writeFileSync(join(top, 'README.md'), '- `index.ts`, `own/`, `plain/d.ts`, `plain/deeper/e`; `state.ts` here is no name for a deeper one.\n')
  writeFileSync(join(top, 'own', 'README.md'), '```\n├── a.ts   the tree counts\n```\n`b` and `inner/c.ts`.\n')
  t.same(unnamedEntries(top), ['README.md: gone-unnamed.ts', 'README.md: plain/deeper/state.ts', 'README.md: plain/state.ts'])
})
