// Fixture sets checked once at build, not at every start: `npm run build` loads each bundled set with every check and
// records a digest of its files; a start whose fixture folder has exactly those files skips the shape checks, which
// were a sixth of the time to the first answer. Any change to any file changes the digest, so it is checked again.
import { existsSync, readFileSync } from 'node:fs'
import { folderDigest } from './file-digests.js'

/**
 * sha256 over every file of a fixture folder, each as its relative path and content digest, in path order; a file
 * unchanged since an earlier call in this process (its stat signature) is not hashed again (file-digests.ts).
 */
export function fixtureSetDigest (dir: string): string {
  return folderDigest(dir)
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
