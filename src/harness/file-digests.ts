// Content digests of fixture files, kept per process by each file's stat signature (size, mtime, ctime, inode), the
// way build tools do: a start after the first hashes only the files that changed, and any write changes the ctime.
import { createHash } from 'node:crypto'
import { readFileSync, readdirSync, statSync, type BigIntStats, type Dirent } from 'node:fs'
import { join, relative } from 'node:path'

/** Entries kept at most: a test suite makes many temporary fixture folders, each a few files. */
const MAX_ENTRIES = 2000
/**
 * A file whose mtime or ctime is this close to when it was hashed is not trusted (git's "racy" rule): a same-size
 * rewrite within one tick of a coarse clock (pre-6.13 kernels' ctime, some file systems) keeps its signature.
 */
const RACY_NS = 2_000_000_000n
const digests = new Map<string, { signature: string, digest: string }>()

const signatureOf = (stats: BigIntStats): string => `${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}:${stats.ino}`

/** Whether a file stat'ed at `stats` may have changed since within the same clock tick, taken `now` (ns since the epoch). */
const racy = (stats: BigIntStats, now: bigint): boolean => now - stats.mtimeNs < RACY_NS || now - stats.ctimeNs < RACY_NS

/** How many digests are kept (a test's check of the bound). */
export const keptDigests = (): number => digests.size

/** Keeps one entry, the most recently used last, dropping the oldest beyond MAX_ENTRIES. */
function remember (path: string, entry: { signature: string, digest: string }): void {
  digests.delete(path)
  digests.set(path, entry)
  while (digests.size > MAX_ENTRIES) digests.delete(digests.keys().next().value as string)
}

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
    if (!digests.has(path)) remember(path, { signature, digest })
  }
}

/**
 * sha256 of one file's bytes, hashed again only when its stat signature changed since the last call or it was racy
 * then; `now` (ns since the epoch) is when it is hashed, a test's to name.
 */
export function fileDigest (path: string, now = BigInt(Date.now()) * 1_000_000n): string {
  const stats = statSync(path, { bigint: true })
  const signature = signatureOf(stats)
  const kept = digests.get(path)
  if (kept?.signature === signature) return kept.digest
  // Stat before read: a write in between leaves a signature older than the bytes, so the next call hashes again.
  const digest = createHash('sha256').update(readFileSync(path)).digest('hex')
  // A racy entry is not kept: the next call hashes again until the file is older than a clock tick.
  if (racy(stats, now)) digests.delete(path)
  else remember(path, { signature, digest })
  return digest
}

/** Whether a directory entry is a file, a symbolic link to one included (stat follows it; a dangling link is left out). */
function isFileEntry (entry: Dirent): boolean {
  if (entry.isFile()) return true
  if (!entry.isSymbolicLink()) return false
  try {
    return statSync(join(entry.parentPath, entry.name)).isFile()
  } catch {
    return false
  }
}

/** Every file below `dir`, as its path relative to it with `/` separators, in path order. */
export function filesBelow (dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter(isFileEntry)
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort()
}

/** sha256 over every file of a folder, each as its relative path and its content digest, in path order. */
export function folderDigest (dir: string): string {
  const hash = createHash('sha256')
  for (const file of filesBelow(dir)) hash.update(file).update('\0').update(fileDigest(join(dir, file))).update('\0')
  return hash.digest('hex')
}
