// Every relative link and #anchor in README.md and docs/*.md resolves: the file exists, and the anchor is a heading
// of the page it names (GitHub's anchors). The checker is tried on pages broken on purpose first.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { brokenLinks, documentationFiles, headingAnchors } from './markdown.js'

t.test('anchors are GitHub\'s', async (t) => {
  const anchors = headingAnchors([
    '# Docker and CI recipes', '## Testcontainers (Node)', "### Example: your client's test suite under drift in CI",
    '## What `npm ci` installs and builds', '## Answers', '## Answers', '```sh', '# not a heading', '```'
  ].join('\n'))
  t.same([...anchors], [
    'docker-and-ci-recipes', 'testcontainers-node', 'example-your-clients-test-suite-under-drift-in-ci',
    'what-npm-ci-installs-and-builds', 'answers', 'answers-1'
  ])
})

t.test('the checker finds a missing file, a missing anchor and an anchor on a non-page', async (t) => {
  const root = mkdtempSync(join(tmpdir(), 'docs-links-'))
  t.teardown(() => rmSync(root, { recursive: true, force: true }))
  mkdirSync(join(root, 'docs'))
  writeFileSync(join(root, 'README.md'), [
    '# Title', '', 'See [the page](docs/page.md#second-part), [gone](docs/gone.md), [nowhere](docs/page.md#nowhere),',
    '[here](#title), [bad here](#missing), [a picture](docs/pic.png#x), <https://example.com>, [web](https://example.com/#x)',
    'and `[in code](docs/none.md)`.', '', '```md', '[in a block](docs/none.md)', '```'
  ].join('\n'))
  writeFileSync(join(root, 'docs/page.md'), '# Page\n\n## Second part\n\nBack to [the README](../README.md#title).\n')
  writeFileSync(join(root, 'docs/pic.png'), '')
  t.same(documentationFiles(root), ['README.md', 'docs/page.md'])
  t.same(brokenLinks('README.md', root), [
    'README.md:3 docs/gone.md: no file docs/gone.md',
    'README.md:3 docs/page.md#nowhere: no heading #nowhere in docs/page.md',
    'README.md:4 #missing: no heading #missing in README.md',
    'README.md:4 docs/pic.png#x: an anchor on something that is not a Markdown page'
  ])
  t.same(brokenLinks('docs/page.md', root), [])
})

t.test('every relative link and anchor of README.md and docs/*.md resolves', async (t) => {
  const files = documentationFiles()
  t.ok(files.length >= 14, `${files.length} pages`)
  t.same(files.flatMap((file) => brokenLinks(file)), [])
})
