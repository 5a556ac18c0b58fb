// Content digests of fixture files, kept per process by each file's stat signature (size, mtime, ctime, inode), the
// way build tools do: a start after the first hashes only the files that changed, and any write changes the ctime.
import { createHash } from 'node:crypto'
import { readFileSync, readdirSync, statSync, type Stats } from 'node:fs'
import { join, relative } from 'node:path'

/** Entries kept at most: a test suite makes many temporary fixture folders, each a few files. */
const MAX_ENTRIES = 2000
const digests = new Map<string, { signature: string, digest: string }>()

const signatureOf = (stats: Stats): string => `${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}:${stats.ino}`

/** A file's stat signature and content digest, as fileDigest keeps them: what a build records of its fixture files. */
export type FileRecord = [file: string, signature: string, digest: string]

/** The records of every file below `dir` (names relative to it), hashing the ones not kept yet. */
export function folderRecords (dir: string): FileRecord[] {
  return filesBelow(dir).map((file) => {
    const digest = fileDigest(join(dir, file))
    return [file, digests.get(join(dir, file))?.signature ?? '', digest]
  })
}

/**
 * Takes a build's records of the files below `dir` as known digests, each only for as long as its file's stat
 * signature is the recorded one: in the checkout that built them no file is hashed again; after a copy (an install,
 * an image) every signature differs, and the files are hashed as without records.
 */
export function recordDigests (dir: string, records: readonly FileRecord[]): void {
  for (const [file, signature, digest] of records) {
    const path = join(dir, file)
    if (!digests.has(path)) digests.set(path, { signature, digest })
  }
}

/** sha256 of one file's bytes, hashed again only when its stat signature changed since the last call. */
export function fileDigest (path: string): string {
  const signature = signatureOf(statSync(path))
  const kept = digests.get(path)
  if (kept?.signature === signature) return kept.digest
  // Stat before read: a write in between leaves a signature older than the bytes, so the next call hashes again.
  const digest = createHash('sha256').update(readFileSync(path)).digest('hex')
  digests.delete(path)
  digests.set(path, { signature, digest })
  if (digests.size > MAX_ENTRIES) digests.delete(digests.keys().next().value as string)
  return digest
}

/** Every file below `dir`, as its path relative to it with `/` separators, in path order. */
export function filesBelow (dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort()
}

/** sha256 over every file of a folder, each as its relative path and its content digest, in path order. */
export function folderDigest (dir: string): string {
  const hash = createHash('sha256')
  for (const file of filesBelow(dir)) hash.update(file).update('\0').update(fileDigest(join(dir, file))).update('\0')
  return hash.digest('hex')
}
