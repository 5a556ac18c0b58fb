// The image's build step has every script it runs, and every script those import: each is in the Dockerfile's
// COPY to ./scripts/ and let through .dockerignore (which keeps out the rest of scripts/), else the image's build
// fails on a missing module.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'
import t from 'tap'
import { ROOT } from '../processes.js'

const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8').replace(/\\\n/g, ' ')

/** The scripts the image's build runs (`node scripts/….mjs`), then every one they import by a relative path. */
function scriptsTheBuildNeeds (): string[] {
  const needed = new Set([...dockerfile.matchAll(/node (scripts\/[\w/.-]+\.mjs)/g)].map((match) => match[1]))
  for (const script of needed) {
    const text = readFileSync(join(ROOT, script), 'utf8')
    for (const match of text.matchAll(/(?:from |import\()'(\.\.?\/[^']+\.mjs)'/g)) needed.add(normalize(join(dirname(script), match[1])))
  }
  return [...needed].sort()
}

t.test('every script the image\'s build runs or imports is copied in and let through .dockerignore', async (t) => {
  const needed = scriptsTheBuildNeeds()
  t.ok(needed.includes('scripts/bundle-server.mjs') && needed.every((script) => existsSync(join(ROOT, script))), needed.join(', '))
  const copied = [...dockerfile.matchAll(/^COPY ([^\n]+) \.\/scripts\/$/gm)].flatMap((match) => match[1].split(/\s+/))
  const kept = readFileSync(join(ROOT, '.dockerignore'), 'utf8').split('\n').filter((line) => line.startsWith('!')).map((line) => line.slice(1))
  t.same(needed.filter((script) => !copied.includes(script)), [], 'in the Dockerfile\'s COPY to ./scripts/')
  t.same(needed.filter((script) => !kept.includes(script)), [], 'let through .dockerignore')
})
