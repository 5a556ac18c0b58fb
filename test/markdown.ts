// The project's documentation as the tests read it: README.md and docs/*.md, their headings as GitHub turns them
// into anchors, their relative links, and their fenced code blocks.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { ROOT } from './processes.js'

/** README.md and every docs/*.md, as paths relative to the repository root. */
export function documentationFiles (root = ROOT): string[] {
  const pages = readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md')).sort()
  return ['README.md', ...pages.map((name) => `docs/${name}`)]
}

/** The text outside fenced code blocks, with each line kept (blocks become empty lines) so line numbers hold. */
export function proseLines (markdown: string): string[] {
  let fenced = false
  return markdown.split('\n').map((line) => {
    if (/^\s*(```|~~~)/.test(line)) { fenced = !fenced; return '' }
    return fenced ? '' : line
  })
}

/** GitHub's heading anchor: lower case, markup and punctuation dropped, spaces to hyphens; repeats get -1, -2… */
export function headingAnchors (markdown: string): Set<string> {
  const anchors = new Set<string>()
  const seen = new Map<string, number>()
  for (const line of proseLines(markdown)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)
    if (heading === null) continue
    const text = heading[1].replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/<[^>]+>/g, '')
    const slug = text.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-')
    const count = seen.get(slug) ?? 0
    seen.set(slug, count + 1)
    anchors.add(count === 0 ? slug : `${slug}-${count}`)
  }
  return anchors
}

export interface Link { line: number, target: string }

/** Inline links and images whose target is not a URL with a scheme (relative paths and #anchors), outside code. */
export function relativeLinks (markdown: string): Link[] {
  const links: Link[] = []
  proseLines(markdown).forEach((line, index) => {
    const prose = line.replace(/(`+)[^`]*?\1/g, '')
    for (const match of prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      const target = match[1]
      if (!/^[a-z][a-z0-9+.-]*:/i.test(target)) links.push({ line: index + 1, target })
    }
  })
  return links
}

/** Each relative link of `file` (relative to root) that names no file, or no heading of the page it names. */
export function brokenLinks (file: string, root = ROOT): string[] {
  const source = join(root, file)
  const problems: string[] = []
  for (const { line, target } of relativeLinks(readFileSync(source, 'utf8'))) {
    const [path, anchor] = target.split('#', 2) as [string, string | undefined]
    const linked = path === '' ? source : resolve(dirname(source), decodeURIComponent(path))
    const where = `${file}:${line} ${target}`
    if (!existsSync(linked)) { problems.push(`${where}: no file ${relative(root, linked)}`); continue }
    if (anchor === undefined || anchor === '') continue
    if (statSync(linked).isDirectory() || !linked.endsWith('.md')) {
      problems.push(`${where}: an anchor on something that is not a Markdown page`)
    } else if (!headingAnchors(readFileSync(linked, 'utf8')).has(anchor)) {
      problems.push(`${where}: no heading #${anchor} in ${relative(root, linked)}`)
    }
  }
  return problems
}

/** The body of every fenced block of that language (```ts), in order. */
export function codeBlocks (markdown: string, language: string): string[] {
  return [...markdown.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((match) => match[1])
}

export interface StatedCount { line: number, phrase: string, count: number }

/**
 * Where a page states how many operations the API has: `the N operations`, `all N operations`, `all N:`,
 * `N operations ×`, `N of the N` and a run's summary line (`N operations: …`), code blocks included (a run's output
 * is an example of a full run). `on N operations` and `in N operations` count some of them and are left out.
 */
export function operationCounts (markdown: string): StatedCount[] {
  const patterns = [
    /\b(?:all|the)\s+(\d+)\s+operations\b/gi,
    /\ball\s+(\d+):/gi,
    /\b(\d+)\s+operations\s+×/g,
    /\b\d+\s+of\s+the\s+(\d+)\b/g,
    /^(\d+) operations: /gm
  ]
  const counts = patterns.flatMap((pattern) => [...markdown.matchAll(pattern)].map((match) => ({
    line: markdown.slice(0, match.index).split('\n').length,
    phrase: match[0].replace(/\s+/g, ' ').trim(),
    count: Number(match[1])
  })))
  return counts.sort((a, b) => a.line - b.line)
}
