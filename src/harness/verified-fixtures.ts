// Fixture sets checked once at build, not at every start: `npm run build` loads each bundled set with every check and
// records a digest of its files; a start whose fixture folder has exactly those files skips the shape checks, which
// were a sixth of the time to the first answer. Any change to any file changes the digest, so it is checked again.
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'

/** sha256 over every file of a fixture folder, each as its relative path and bytes, in path order. */
export function fixtureSetDigest (dir: string): string {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort()
  const hash = createHash('sha256')
  for (const file of files) hash.update(file).update('\0').update(readFileSync(join(dir, file))).update('\0')
  return hash.digest('hex')
}

/** The digests a build recorded, or none when there is no record (running from src/, or a record unreadable). */
export function readVerifiedDigests (file: string): ReadonlySet<string> {
  if (!existsSync(file)) return new Set()
  try {
    const { digests } = JSON.parse(readFileSync(file, 'utf8')) as { digests?: unknown }
    return new Set(Array.isArray(digests) ? digests.filter((d): d is string => typeof d === 'string') : [])
  } catch {
    return new Set()
  }
}

/** The record a build writes: the digest of each fixture folder, each loaded first with every check (`load` throws). */
export function verifiedRecord (dirs: readonly string[], load: (dir: string) => unknown): { digests: string[] } {
  return { digests: dirs.map((dir) => { load(dir); return fixtureSetDigest(dir) }) }
}
